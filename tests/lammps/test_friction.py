"""pair_style rrp/hertz with friction (keywords friction, rolling, twisting, contact): an
oblique impact of two spheres with spin against LAMMPS's pair granular with the matching
sub-models (contact lammps; the normal stiffness converted), step by step; the energy balance
with compute rrp/energy's friction works, at two time steps, under fix rrp/nve (contact middle);
a restart continues bitwise (the contact histories in their fix NEIGH_HISTORY); a packing on 1
and 2 ranks; bad input; a data file (write_data, section Contacts) read by rrp/read_data continues
the packing bitwise on 1 and 2 ranks, a file without the section starts the histories at zero,
the section read without friction is dropped (WARNING) or refused (ERROR), bad lines refused."""
import math
import os

import rrptest as t

KN, KT, MU, KR, MUR = 2.0e5, 4.0e4, 0.4, 400.0, 0.08
R1, R2 = 0.5, 0.65

# the energy balance, printed: kinetic (translation and rotation) + potential + the friction's
# works (compute rrp/energy 15-18), and the works
BALANCE = """compute         e all rrp/energy
compute         rot all erotate/sphere
compute         kt all ke
compute         pe all pe
variable        E equal c_kt+c_rot+c_pe+c_e[15]+c_e[16]+c_e[17]+c_e[18]
thermo_style    custom step v_E c_e[15] c_e[16] c_e[17] c_e[18]
thermo_modify   norm no format float %.17g
"""
TWO = """
plugin load ${plugin}
""" + t.OBLIQUE_IMPACT + """${pair}
fix             1 all ${fix}
""" + BALANCE + """thermo          ${every}
timestep        ${dt}
dump            d all custom ${every} steps.dump id x y z vx vy vz omegax omegay omegaz fx fy fz tqx tqy tqz
dump_modify     d format float %.17g sort id
run             ${nsteps}
"""
# LAMMPS's hertz: F = k a delta = k sqrt(Reff) delta^3/2; rrp/hertz: F = K/A (delta/A)^3/2, A = R1 + R2
REFF = R1 * R2 / (R1 + R2)
K_RRP = KN * math.sqrt(REFF) * (R1 + R2) ** 2.5
FRICTION = f"friction mindlin {KT} {MU} rolling {KR} {MUR} twisting marshall"
RRP = f"pair_style rrp/hertz {FRICTION} contact ${{point}}\npair_coeff * * {K_RRP!r}"
GRANULAR = (f"pair_style granular\npair_coeff * * hertz {KN} 0.0 tangential mindlin {KT} 0.0 {MU} "
            f"rolling sds {KR} 0.0 {MUR} twisting marshall damping velocity")


def dump_frames(path):
    out, lines = [], open(path).read().splitlines()
    for k, line in enumerate(lines):
        if line.startswith("ITEM: ATOMS"):
            out.append([[float(v) for v in lines[k + 1 + a].split()[1:]] for a in range(2)])
    return out


def run_two(pair, fix, dt, nsteps, every=1, point="lammps"):
    wd = t.workdir("friction")
    out = t.must_run(TWO.replace("${pair}", pair), wd, variables={
        "fix": fix, "dt": dt, "nsteps": nsteps, "every": every, "point": point})
    rows = [[float(v) for v in l.split()] for l in out.splitlines()
            if len(l.split()) == 6 and l.split()[0].isdigit()]
    return dump_frames(os.path.join(wd, "steps.dump")), rows


# 1. step by step against pair granular (both under fix nve/sphere)
ours, _ = run_two(RRP, "nve/sphere", 2e-5, 1000)
theirs, _ = run_two(GRANULAR, "nve/sphere", 2e-5, 1000, point="lammps")
worst = {"x": 0.0, "v": 0.0, "omega": 0.0, "f": 0.0, "torque": 0.0}
cols = {"x": (0, 3), "v": (3, 6), "omega": (6, 9), "f": (9, 12), "torque": (12, 15)}
# (each quantity against its largest size over the run: a force that has just begun is small)
scale = {name: max(abs(v) for fr in theirs for row in fr for v in row[lo:hi]) or 1.0
         for name, (lo, hi) in cols.items()}
for a, b in zip(ours, theirs):
    for name, (lo, hi) in cols.items():
        diff = max(abs(p - q) for ra, rb in zip(a, b) for p, q in zip(ra[lo:hi], rb[lo:hi]))
        worst[name] = max(worst[name], diff / scale[name])
contact = sum(1 for fr in theirs if any(abs(v) > 0 for v in fr[0][9:12]))
t.check("contact lammps: pair rrp/hertz with friction follows pair granular (mindlin, rolling sds, "
        "twisting marshall) through the impact: every step's forces, torques and state to 1e-12 of "
        "their largest", len(ours) == len(theirs) == 1001 and contact > 300 and max(worst.values()) <= 1e-12,
        f"{contact} steps in contact; largest relative differences {', '.join(f'{k} {v:.2g}' for k, v in worst.items())}")

# 2. the energy balance under fix rrp/nve, the contact point in the middle of the overlap
drift, dissipated = {}, {}
for dt in (4e-5, 2e-5):
    n = int(round(0.02 / dt))
    _, rows = run_two(RRP, "rrp/nve", dt, n, every=10, point="middle")
    e0 = rows[0][1]
    drift[dt] = max(abs(r[1] - e0) for r in rows) / e0
    dissipated[dt] = (rows[-1][2] + rows[-1][3] + rows[-1][4]) / e0
t.check("contact middle, fix rrp/nve: kinetic + potential (Hertz and springs) + the works of compute "
        "rrp/energy (15-18) hold through the impact to the integrator's order (4x smaller at half the "
        "step) while the friction dissipates over 5% of the energy",
        dissipated[2e-5] > 0.05 and drift[2e-5] < 1e-5 and 3.0 < drift[4e-5] / drift[2e-5] < 5.0,
        f"largest change {drift[4e-5]:.3g} at dt 4e-5, {drift[2e-5]:.3g} at 2e-5 (ratio "
        f"{drift[4e-5] / drift[2e-5]:.3g}); dissipated {dissipated[2e-5]:.4g} of the energy")

# the integrator and the energy balance of the packing, printed every 100 steps
PACK_TAIL = """
fix             1 all rrp/nve
""" + BALANCE + """thermo          100
timestep        0.0005
"""

# 3. a packing of spheres in contact, all three resistances: on 1 rank, on 2 and 4 (grids 1 2 1
#    and 2 2 1), newton_pair on and off (the contact histories move between ranks and between
#    the lists of a pair's two atoms); a restart in the middle continues bitwise
PACK = """
plugin load ${plugin}
units           lj
atom_style      sphere
boundary        p p p
newton          ${newton}
processors      ${grid}
""" + t.jittered_lattice(5, slots=0, specials=0, jitter=0.03, seed=7781, diameter=1.06).replace(
    " bond/types 1 extra/bond/per/atom 0 extra/special/per/atom 0", "") + t.spinning(spin=2.0, speed=0.5) + f"""
comm_modify     vel yes
neighbor        0.2 bin
neigh_modify    every 1 delay 0 check yes
pair_style      rrp/hertz friction mindlin 4000.0 0.4 rolling 40.0 0.08 twisting marshall
pair_coeff      * * 5000.0
""" + PACK_TAIL + """run             ${first}
${between}
run             ${second}
write_dump      all custom end.dump id xu yu zu vx vy vz omegax omegay omegaz modify sort id format float %.17g
"""
RESUME = """
plugin load ${plugin}
read_restart    mid.restart
neighbor        0.2 bin
neigh_modify    every 1 delay 0 check yes
comm_modify     vel yes
""" + PACK_TAIL + """run             300
write_dump      all custom end.dump id xu yu zu vx vy vz omegax omegay omegaz modify sort id format float %.17g
"""


def end_rows(wd):
    """the final state, atom by atom in the order of their positions (create_atoms numbers the
    atoms rank by rank: an ID names another atom on another grid); the ID column kept as 0"""
    lines = open(os.path.join(wd, "end.dump")).read().splitlines()
    start = next(k for k, l in enumerate(lines) if l.startswith("ITEM: ATOMS")) + 1
    rows = [[0.0] + [float(v) for v in l.split()[1:]] for l in lines[start:]]
    return sorted(rows, key=lambda r: (round(r[1], 6), round(r[2], 6), round(r[3], 6)))


def thermo(out):
    return [[float(v) for v in l.split()] for l in out.splitlines()
            if len(l.split()) == 6 and l.split()[0].isdigit()]


def max_rel(a, b):
    scale = max(abs(v) for row in b for v in row[1:]) or 1.0
    return max(abs(p - q) for ra, rb in zip(a, b) for p, q in zip(ra[1:], rb[1:])) / scale


ref_wd = t.workdir("friction-pack")
# (write_restart noinit: without it, write_restart's own exchange of atoms and ghosts comes before
# LAMMPS's fix NEIGH_HISTORY stores the histories from the neighbor list, which then names other
# ghosts: pair granular's histories go wrong the same way, and a run continued from the file
# differs from one not interrupted)
out = t.must_run(PACK, ref_wd, variables={"newton": "on", "grid": "* * *", "first": 300, "second": 300,
                                            "between": "write_restart mid.restart noinit"})
ref, rows = end_rows(ref_wd), thermo(out)
e0 = rows[0][1]
drift = max(abs(r[1] - e0) for r in rows) / e0
works = rows[-1][2:6]
t.check("packing: the contacts slide, roll and twist (their works grow) and kinetic + potential + "
        "works hold to 1e-4 over 600 steps, neighbor lists rebuilt on the way", works[0] > 0
        and works[1] > 0 and works[2] > 0 and drift < 1e-4, f"works (slip, rolling, twisting, exchange) {works} of E0 {e0:.6g}; largest "
        f"change {drift:.3g}")
res_wd = t.workdir("friction-pack")
import shutil
shutil.copy(os.path.join(ref_wd, "mid.restart"), res_wd)
out2 = t.must_run(RESUME, res_wd)
t.check("packing: read_restart continues bitwise (the contact histories in their fix NEIGH_HISTORY, "
        "the works in the pair's record)", end_rows(res_wd) == ref and thermo(out2)[-1] == rows[-1],
        f"max relative difference {max_rel(end_rows(res_wd), ref):.2g}; last thermo {thermo(out2)[-1]} "
        f"vs {rows[-1]}")
for grid, np, newton in (("1 2 1", 2, "on"), ("2 2 1", 4, "off"), ("* * *", 1, "off")):
    wd = t.workdir("friction-pack")
    # (a restart file written on the way: every rank must take part in what it needs)
    out = t.must_run(PACK, wd, np=np, variables={"newton": newton, "grid": grid, "first": 300,
                                                  "second": 300, "between": "write_restart mid.restart noinit"})
    err, last = max_rel(end_rows(wd), ref), thermo(out)[-1]
    werr = max(abs(p - q) / abs(q) for p, q in zip(last[2:6], rows[-1][2:6]))
    t.check(f"packing on {np} rank(s) (processors {grid}), newton_pair {newton}, a restart file "
            f"written midway: the 1-rank run's state and works to 1e-10", err <= 1e-10 and werr <= 1e-10,
            f"state {err:.2g}, works {werr:.2g}")

# 4. bad input: one ERROR each
BAD = TWO.replace("${pair}", "${pair}\npair_coeff * * 1000.0")
for pair, msg in (
        ("pair_style rrp/hertz friction coulomb 1000 0.5", "friction coulomb is unknown"),
        ("pair_style rrp/hertz friction linear -1 0.5", "must be finite and >= 0"),
        ("pair_style rrp/hertz friction linear 0 0.5", "stiffnesses must be > 0"),
        ("pair_style rrp/hertz rolling 100 0.1", "need friction linear|mindlin KT MU"),
        ("pair_style rrp/hertz friction linear 1000 0.5 twisting spin", "twisting spin is unknown"),
        ("pair_style rrp/hertz friction linear 1000 0.5 contact edge", "contact edge is unknown"),
        ("pair_style rrp/hertz friction linear 1000", "Illegal pair_style rrp/hertz friction command")):
    rc, out = t.run_lammps(BAD.replace("${pair}", pair), t.workdir("friction-bad"),
                           variables={"fix": "nve/sphere", "dt": 1e-4, "nsteps": 1, "every": 1})
    err = next((l for l in out.splitlines() if l.startswith("ERROR")), "")
    t.check(f"refused: {pair}", rc != 0 and msg in err, err)
rc, out = t.run_lammps(BAD.replace("${pair}", "pair_style rrp/hertz friction linear 1000 0.5").replace(
    "comm_modify     vel yes\n", ""), t.workdir("friction-bad"),
    variables={"fix": "nve/sphere", "dt": 1e-4, "nsteps": 1, "every": 1})
err = next((l for l in out.splitlines() if l.startswith("ERROR")), "")
t.check("refused: friction without comm_modify vel yes", rc != 0 and "comm_modify vel yes" in err, err)

# 5. data files: write_data in the middle of the packing (after write_restart noinit, which takes
#    the histories from the neighbor list, so before write_data's own exchange of atoms), then
#    rrp/read_data in a new input with the same style lines continues bitwise, the contact
#    histories and the works coming through the section Contacts and its header line; on 1 rank
#    and on 2, newton_pair on and off (the step number restarts at 0: not compared); on 1 rank
#    the restart file written at the same point continues to the same bits
DATA_RESUME = """
plugin load ${plugin}
units           lj
atom_style      sphere
boundary        p p p
newton          ${newton}
processors      ${grid}
comm_modify     vel yes
${pair}
rrp/read_data   mid.data
neighbor        0.2 bin
neigh_modify    every 1 delay 0 check yes
pair_coeff      * * 5000.0
""" + PACK_TAIL + """run             300
write_dump      all custom end.dump id xu yu zu vx vy vz omegax omegay omegaz modify sort id format float %.17g
"""
FRICTIONAL = ("pair_style      rrp/hertz friction mindlin 4000.0 0.4 rolling 40.0 0.08 "
              "twisting marshall")


def contacts_section(path):
    """the header line of section Contacts and the section's lines"""
    lines = open(path).read().splitlines()
    head = next(l for l in lines if l.startswith("rrp-lammps contacts:"))
    k = next(k for k, l in enumerate(lines) if l.startswith("Contacts"))
    return head, lines[k + 2:k + 2 + 4 * int(head.split()[2])]


def resume(data_text, np=1, grid="* * *", newton="on", pair=FRICTIONAL, must=True):
    wd = t.workdir("friction-data")
    open(os.path.join(wd, "mid.data"), "w").write(data_text)
    script = DATA_RESUME.replace("${pair}", pair)
    variables = {"newton": newton, "grid": grid}
    if must:
        return wd, t.must_run(script, wd, np=np, variables=variables)
    return wd, t.run_lammps(script, wd, np=np, variables=variables)


for grid, np, newton in (("* * *", 1, "on"), ("1 2 1", 2, "on"), ("1 2 1", 2, "off")):
    wd = t.workdir("friction-data")
    # (on 2 ranks write_data alone: the histories it writes are those fix NEIGH_HISTORY stored
    # at the end of the run, not those write_restart stores again)
    between = ("write_restart mid.restart noinit\n" if np == 1 else "") + "write_data      mid.data"
    out = t.must_run(PACK.replace("${between}", between), wd, np=np,
                     variables={"newton": newton, "grid": grid, "first": 300, "second": 300})
    ref_d, rows_d = end_rows(wd), thermo(out)
    data = open(os.path.join(wd, "mid.data")).read()
    head, body = contacts_section(os.path.join(wd, "mid.data"))
    res, out2 = resume(data, np, grid, newton)
    got, last = end_rows(res), thermo(out2)[-1]
    t.check(f"packing on {np} rank(s), newton_pair {newton}: write_data in the middle "
            f"({head.split()[2]} lines in section Contacts), rrp/read_data and the same style "
            f"lines continue bitwise: positions, velocities, spins and the works of compute "
            f"rrp/energy 15-18 (from the header line)",
            int(head.split()[2]) > 100 and len(body) == 4 * int(head.split()[2]) and
            got == ref_d and last[1:] == rows_d[-1][1:],
            f"max relative difference {max_rel(got, ref_d):.2g}; last thermo {last} vs "
            f"{rows_d[-1]}")
    if np == 1:
        res2 = t.workdir("friction-data")
        shutil.copy(os.path.join(wd, "mid.restart"), res2)
        out3 = t.must_run(RESUME, res2)
        t.check("packing: the restart file written next to the data file continues to the same "
                "bits", end_rows(res2) == ref_d and thermo(out3)[-1] == rows_d[-1],
                f"max relative difference {max_rel(end_rows(res2), ref_d):.2g}")
        data1, ref1, rows1 = data, ref_d, rows_d

# without the section (a data file written without friction): the contacts start afresh, with
# zero histories and works, and the run departs from the one not interrupted
k0 = data1.index("\nContacts")
k1 = data1.index("\n\n", data1.index("\n\n", k0 + 1) + 2)
bare = "\n".join(l for l in (data1[:k0] + data1[k1:]).splitlines()
                 if not l.startswith("rrp-lammps contacts:")) + "\n"
res, out4 = resume(bare)
first, last = thermo(out4)[0], thermo(out4)[-1]
t.check("a data file without section Contacts, read by pair rrp/hertz with friction: the "
        "histories and works start at zero (the run departs from the one not interrupted)",
        first[2:6] == [0.0, 0.0, 0.0, 0.0] and max_rel(end_rows(res), ref1) > 1e-6,
        f"works at the start {first[2:6]}; departs by {max_rel(end_rows(res), ref1):.2g}")

# the section read by pair rrp/hertz without friction: dropped with a WARNING; by another pair
# style: an ERROR naming the histories' fix and the pair style
res, out5 = resume(data1, pair="pair_style      rrp/hertz")
warn = next((l for l in out5.splitlines() if l.startswith("WARNING: Pair style rrp/hertz")), "")
t.check("section Contacts read by pair rrp/hertz without friction: a WARNING, the run goes on",
        "without friction" in warn and "Contacts" in warn and "dropped" in warn, warn)
_, (rc, out6) = resume(data1, pair="pair_style      zero 1.5", must=False)
err = next((l for l in out6.splitlines() if l.startswith("ERROR")), "")
t.check("section Contacts read with pair_style zero: an ERROR naming fix NEIGH_HISTORY_RRP_HERTZ "
        "and the pair style", rc != 0 and "NEIGH_HISTORY_RRP_HERTZ" in err and "zero" in err, err)

# bad sections: an ERROR naming the line
lines = data1.split("\n")
at = lines.index(next(l for l in lines if l.startswith("Contacts"))) + 2
for what, edit, msg in (
        ("a value short", lambda w: w[:-1], "of line 1 has 22 of its 23 values"),
        ("an unknown atom ID", lambda w: ["999"] + w[1:], "line 1 of section Contacts: 999 is not"),
        ("a value not a number", lambda w: w[:3] + ["x"] + w[4:],
         "incorrect line 1 in section Contacts")):
    bad = list(lines)
    bad[at] = " ".join(edit(bad[at].split()))
    _, (rc, out7) = resume("\n".join(bad), must=False)
    err = next((l for l in out7.splitlines() if l.startswith("ERROR")), "")
    t.check(f"section Contacts with {what}: an ERROR naming the line", rc != 0 and msg in err, err)
t.finish()
