"""fix rrp/wall with friction (keywords friction, rolling, twisting, contact): two spheres of
other radii with spin hitting a wall obliquely against LAMMPS's fix wall/gran with the matching
sub-models (contact lammps; the normal stiffness converted), step by step to 1e-12; the energy
balance with the wall's works (compute rrp/energy 15-18, the wall's work on the atoms) under fix
rrp/nve at two time steps, a moving wall, contact middle: second order; a restart in contact
continues bitwise (the contact histories in the atoms' per-atom records, the works in the fix's);
spheres sliding across the boundary of 2 MPI ranks give the 1-rank run to 1e-12; the KOKKOS twin
bitwise the host style (where a KOKKOS LAMMPS is built); bad input: one ERROR each; a data file
(write_data, section WallContacts) read by rrp/read_data continues the sliding spheres bitwise on
1 and 2 ranks, without the section the histories start at zero, a frictionless wall drops them
with a WARNING, a bad line is an ERROR naming it."""
import os
import shutil
import subprocess

import rrptest as t

KN, KT, MU, KR, MUR = 2.0e5, 4.0e4, 0.4, 400.0, 0.08
R1, R2 = 0.5, 0.65
# LAMMPS's hertz on a wall: F = kn a delta = kn sqrt(R) delta^3/2 (Reff = R: the wall's radius is
# infinite); rrp/wall: F = Kpw/R (delta/R)^3/2, so Kpw = kn R^3 (one Kpw per fix: a fix per radius)
K1, K2 = KN * R1 ** 3, KN * R2 ** 3

IMPACT = """
plugin load ${plugin}
units           lj
atom_style      sphere
boundary        f f f
region          box block -3 3 -3 3 -3 3
create_box      1 box
create_atoms    1 single 0.0 0.0 0.51
create_atoms    1 single 1.5 0.5 0.66
group           a id 1
group           b id 2
set             atom 1 diameter 1.0 density 1.9
set             atom 2 diameter 1.3 density 2.3
set             atom 1 vx 1.2 vy -0.4 vz -1.5 omega 3.0 -6.0 9.0
set             atom 2 vx -0.3 vy 0.8 vz -1.1 omega -4.0 2.0 1.0
fix             1 all ${fix}
"""
# the energy balance, printed: kinetic (translation and rotation) + potential (the walls' Hertz
# and springs' energies) + the friction's works (compute rrp/energy 15-18) - the walls' work on
# the atoms; the works of wall w
BALANCE = """compute         e all rrp/energy
compute         rot all erotate/sphere
compute         kt all ke
compute         pe all pe
variable        E equal c_kt+c_rot+c_pe+c_e[15]+c_e[16]+c_e[17]+c_e[18]-f_w[3]-f_w2[3]
thermo_style    custom step v_E f_w[7] f_w[8] f_w[9] f_w[10] f_w2[7]
thermo_modify   norm no format float %.17g
"""
FRICTION = f"friction mindlin {KT} {MU} rolling {KR} {MUR} twisting marshall contact ${{point}}"
RRP = f"""fix             w a rrp/wall zlo ${{zw}} {K1!r} {FRICTION}
fix             w2 b rrp/wall zlo ${{zw}} {K2!r} {FRICTION}
fix_modify      w energy yes
fix_modify      w2 energy yes
"""
GRANULAR = (f"fix             w all wall/gran granular hertz {KN} 0.0 tangential mindlin {KT} "
            f"0.0 {MU} rolling sds {KR} 0.0 {MUR} twisting marshall damping velocity "
            f"zplane 0.0 NULL\n")
DUMP = """timestep        ${dt}
dump            d all custom ${every} steps.dump id x y z vx vy vz omegax omegay omegaz &
                fx fy fz tqx tqy tqz
dump_modify     d format float %.17g sort id
"""


def frames(path):
    out, lines = [], open(path).read().splitlines()
    for k, line in enumerate(lines):
        if line.startswith("ITEM: ATOMS"):
            out.append([[float(v) for v in lines[k + 1 + a].split()[1:]] for a in range(2)])
    return out


def thermo(out, width=7):
    return [[float(v) for v in l.split()] for l in out.splitlines()
            if len(l.split()) == width and l.split()[0].isdigit()]


# 1. step by step against fix wall/gran (both under fix nve/sphere)
wd = t.workdir("wall-friction")
t.must_run(IMPACT + RRP + DUMP + "run 2000\n", wd,
           variables={"fix": "nve/sphere", "dt": 2e-5, "every": 1, "point": "lammps", "zw": 0.0})
ours = frames(os.path.join(wd, "steps.dump"))
wd = t.workdir("wall-friction")
t.must_run(IMPACT + GRANULAR + DUMP + "run 2000\n", wd,
           variables={"fix": "nve/sphere", "dt": 2e-5, "every": 1})
theirs = frames(os.path.join(wd, "steps.dump"))
cols = {"x": (0, 3), "v": (3, 6), "omega": (6, 9), "f": (9, 12), "torque": (12, 15)}
worst = {name: 0.0 for name in cols}
for atom in range(2):
    # (each quantity of each sphere against its largest size over the run)
    for name, (lo, hi) in cols.items():
        scale = max(abs(v) for fr in theirs for v in fr[atom][lo:hi]) or 1.0
        diff = max(abs(p - q) for a, b in zip(ours, theirs)
                   for p, q in zip(a[atom][lo:hi], b[atom][lo:hi]))
        worst[name] = max(worst[name], diff / scale)
touching = [sum(1 for fr in theirs if fr[atom][11] != 0.0) for atom in range(2)]
left = theirs[-1][0][11] == 0.0 and touching[0] > 0    # sphere 1 has left the wall again
t.check("contact lammps: fix rrp/wall with friction follows fix wall/gran (hertz, mindlin, "
        "rolling sds, twisting marshall) through the impact of two spheres, one leaving the wall: "
        "every step's "
        "positions, velocities, angular velocities, forces and torques to 1e-12 of their largest",
        len(ours) == len(theirs) == 2001 and min(touching) > 300 and left
        and max(worst.values()) <= 1e-12,
        f"steps in contact {touching}; largest relative differences "
        f"{', '.join(f'{k} {v:.2g}' for k, v in worst.items())}")

# 2. the energy balance under fix rrp/nve, contact middle, the wall moving toward the spheres
drift, works = {}, {}
for dt in (4e-5, 2e-5):
    wd = t.workdir("wall-friction")
    out = t.must_run(IMPACT + RRP + "variable zwall equal 0.2*time\n" + BALANCE + DUMP
                     + "thermo ${every}\nrun ${n}\n", wd,
                     variables={"fix": "rrp/nve", "dt": dt, "every": int(round(4e-4 / dt)),
                                "n": int(round(0.04 / dt)), "point": "middle", "zw": "v_zwall"})
    rows = thermo(out)
    e0 = rows[0][1]
    drift[dt] = max(abs(r[1] - e0) for r in rows) / e0
    works[dt] = [v / e0 for v in rows[-1][2:7]]
t.check("contact middle, fix rrp/nve, a wall moving by a variable: kinetic + potential + the works "
        "of compute rrp/energy (15-18) - the wall's work hold to the integrator's order (4x "
        "smaller "
        "at half the step) while slip, rolling and twisting dissipate",
        drift[2e-5] < 1e-5 and 3.0 < drift[4e-5] / drift[2e-5] < 5.0 and min(works[2e-5][:3]) > 0
        and works[2e-5][0] > 0.05,
        f"largest change {drift[4e-5]:.3g} at dt 4e-5, {drift[2e-5]:.3g} at 2e-5 (ratio "
        f"{drift[4e-5] / drift[2e-5]:.3g}); works of sphere 1 (slip, rolling, twisting, "
        f"exchange) and sphere 2's slip over E0 {[f'{w:.4g}' for w in works[2e-5]]}")

# 3. a restart written while both spheres touch the wall continues bitwise
FIRST = IMPACT + RRP + "variable zwall equal 0.2*time\n" + BALANCE + """timestep 2e-5
thermo          250
run             500
write_restart   mid.restart
run             500
write_dump      all custom end.dump id x y z vx vy vz omegax omegay omegaz &
                modify sort id format float %.17g
"""
RESUME = """
plugin load ${plugin}
read_restart    mid.restart
variable        zwall equal 0.2*time
fix             1 all rrp/nve
""" + RRP + BALANCE + """timestep 2e-5
thermo          250
run             500
write_dump      all custom end.dump id x y z vx vy vz omegax omegay omegaz &
                modify sort id format float %.17g
"""
ref_wd = t.workdir("wall-friction")
out = t.must_run(FIRST, ref_wd, variables={"fix": "rrp/nve", "point": "middle", "zw": "v_zwall"})
ref_rows = thermo(out)
res_wd = t.workdir("wall-friction")
shutil.copy(os.path.join(ref_wd, "mid.restart"), res_wd)
out = t.must_run(RESUME, res_wd, variables={"point": "middle", "zw": "v_zwall"})
res_rows = thermo(out)
ref_end = open(os.path.join(ref_wd, "end.dump")).read().split("ITEM: ATOMS")[1]
res_end = open(os.path.join(res_wd, "end.dump")).read().split("ITEM: ATOMS")[1]
mid = next(r for r in ref_rows if r[0] == 500)
t.check("read_restart in contact (both spheres touch the wall at the restart, their histories "
        "loaded) continues bitwise: the final state, the balance and the works",
        ref_end == res_end and res_rows[-1] == ref_rows[-1] and mid[2] > 0 and mid[6] > 0,
        f"last thermo {res_rows[-1]} vs {ref_rows[-1]}")

# 4. spheres sliding on the wall across the boundary of two ranks (processors 1 2 1): their
#    histories move with them; all three resistances (linear, rolling, twisting sds)
RANKS = """
plugin load ${plugin}
units           lj
atom_style      sphere
boundary        p f f
processors      1 ${py} 1
region          box block -3 3 -3 3 -1 3
create_box      1 box
variable        k loop 6
label           next
variable        x equal -2.5+$k*0.8
variable        y equal 0.3*(2*($k%2)-1)
create_atoms    1 single ${x} ${y} 0.4975
next            k
jump            SELF next
set             group all diameter 1.0
set             group all density 1.9
variable        ox atom 3.0*sin(5.1*x+1.3*id)
variable        oy atom 3.0*cos(2.3*id-0.7*x)
variable        oz atom 4.0*sin(1.7*id)
variable        vy atom -3.0*y/abs(y)
variable        vz atom -0.3*cos(1.9*x)
set             group all omega v_ox v_oy v_oz
velocity        all set 0.4 v_vy v_vz
pair_style      zero 1.2
pair_coeff      * *
atom_modify     sort 50 1.0
neigh_modify    every 1 delay 0 check no
fix             1 all rrp/nve
fix             g all addforce 0.0 0.0 -20.0    # (held on the wall: a weight)
fix             w all rrp/wall zlo 0.0 25000.0 friction linear 4000.0 0.3 rolling 200.0 0.05 &
                twisting sds 2.0 0.02
compute         e all rrp/energy
thermo_style    custom step f_w[7] f_w[8] f_w[9] f_w[10] c_e[15]
thermo_modify   format float %.17g
thermo          200
timestep        1e-4
run             2000
write_dump      all custom end.dump id x y z vx vy vz omegax omegay omegaz &
                modify sort id format float %.17g
"""


def end_state(wd):
    lines = open(os.path.join(wd, "end.dump")).read().splitlines()
    start = next(k for k, l in enumerate(lines) if l.startswith("ITEM: ATOMS")) + 1
    return [[float(v) for v in l.split()] for l in lines[start:]]


got = {}
for np in (1, 2):
    wd = t.workdir("wall-friction")
    out = t.must_run(RANKS, wd, np=np, variables={"py": np})
    got[np] = (end_state(wd), thermo(out, 6)[-1])
(s1, w1), (s2, w2) = got[1], got[2]
scale = max(abs(v) for row in s1 for v in row[1:])
err = max(abs(p - q) for a, b in zip(s1, s2) for p, q in zip(a[1:], b[1:])) / scale
werr = max(abs(p - q) / abs(p) for p, q in zip(w1[1:5], w2[1:5]))
t.check("six spheres sliding on the wall across the boundary of 2 ranks (processors 1 2 1, the "
        "atoms sorted and exchanged with their histories): the 1-rank run's state and works to "
        "1e-12, "
        "compute rrp/energy's slip work the wall's",
        len(s1) == len(s2) == 6 and err <= 1e-12 and werr <= 1e-12 and min(w1[1:4]) > 0
        and w1[5] == w1[1] and w2[5] == w2[1],
        f"state {err:.2g}, works {werr:.2g}; works {w1[1:5]}")

# the KOKKOS twin: friction takes the host style's path, bitwise
KLMP = os.environ.get("RRP_LMP_KOKKOS", os.path.join(os.path.dirname(os.path.dirname(t.LMP)), "..",
                                                      "kokkos", "prefix", "bin", "lmp"))
KPLUGIN = os.environ.get("RRP_KK_PLUGIN", os.path.join(os.path.dirname(t.PLUGIN), "rrpkkplugin.so"))
if os.path.exists(KLMP) and os.path.exists(KPLUGIN):
    wd = t.workdir("wall-friction")
    with open(os.path.join(wd, "in.ranks"), "w") as fh:
        fh.write(RANKS + "info fixes\n")
    env = dict(os.environ, OMP_PROC_BIND="false", OMP_NUM_THREADS="1")
    env.pop("LD_LIBRARY_PATH", None)    # (the plain LAMMPS's library: the KOKKOS lmp has its own)
    p = subprocess.run([KLMP, "-k", "on", "t", "1", "-sf", "kk", "-in", "in.ranks", "-log", "none",
                        "-echo", "none", "-var", "plugin", KPLUGIN, "-var", "py", "1"], cwd=wd,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600,
                       env=env)
    kk = end_state(wd) if os.path.exists(os.path.join(wd, "end.dump")) else None
    t.check("fix rrp/wall/kk with friction: the host style's state bitwise (1 thread)",
            p.returncode == 0 and "rrp/wall/kk" in p.stdout and kk == s1,
            p.stdout[-400:] if kk is None else f"{'same' if kk == s1 else 'differs'}")
else:
    print(f"(no KOKKOS LAMMPS at {KLMP} or no {KPLUGIN}: the KOKKOS check is skipped)")

# 5. bad input: one ERROR each, naming the value
SPHERE = """
plugin load ${plugin}
units lj
atom_style sphere
boundary p p f
region box block -2 2 -2 2 -1 3
create_box 1 box
create_atoms 1 single 0 0 0.5
set group all diameter 1.0
"""
W = "fix w all rrp/wall zlo 0 100 "
ERRORS = [
    ("friction coulomb 1000 0.5", "Fix rrp/wall friction coulomb is unknown"),
    ("friction linear -1 0.5", "Fix rrp/wall friction linear KT = -1 must be a finite number > 0"),
    ("friction mindlin 0 0.5", "Fix rrp/wall friction mindlin KT = 0 must be a finite number > 0"),
    ("friction linear 1000 -0.5", "Fix rrp/wall friction linear MU = -0.5 must be a finite number"),
    ("friction linear 1000 0.5 rolling 0 0.1", "Fix rrp/wall rolling KR = 0 must be a finite"),
    ("friction linear 1000 0.5 rolling 10 -2", "Fix rrp/wall rolling MUR = -2 must be a finite"),
    ("friction linear 1000 0.5 twisting spin", "Fix rrp/wall twisting spin is unknown"),
    ("friction linear 1000 0.5 twisting sds -3 0.1", "Fix rrp/wall twisting sds KTW = -3 must be"),
    ("friction linear 1000 0.5 twisting sds 3 -0.1", "Fix rrp/wall twisting sds MUTW = -0.1"),
    ("friction linear 1000 0.5 contact edge", "Fix rrp/wall contact edge is unknown"),
    ("rolling 100 0.1", "rolling, twisting and contact need friction linear|mindlin KT MU"),
    ("friction linear 1000 0.5 friction mindlin 10 0.1", "keyword friction is given twice"),
    ("friction linear 1000", "Illegal fix rrp/wall friction linear MU command: missing argument"),
]
wd = t.workdir("wall-friction")
for args, want in ERRORS:
    rc, out = t.run_lammps(SPHERE + W + args + "\n", wd)
    err = [l for l in out.splitlines() if l.startswith("ERROR")]
    t.check(f"fix rrp/wall {args}: one ERROR", rc != 0 and len(err) == 1 and want in err[0],
            err[0] if err else out[-300:])
# a restart file of a wall with friction read by one without: the kinds and the version named
rc, out = t.run_lammps(RESUME.replace(FRICTION, ""), res_wd,
                       variables={"point": "middle", "zw": "v_zwall"})
err = next((l for l in out.splitlines() if l.startswith("ERROR")), "")
t.check("a wall with friction's restart record read by a frictionless wall: an ERROR naming both "
        "kinds and the record's version", rc != 0 and "with friction (record version 5)" in err
        and "without friction" in err, err or out[-300:])

# 6. data files: write_data in the middle of the sliding spheres' run (every sphere touching the
#    wall), then rrp/read_data in a new input with the same style lines continues bitwise on 1 and
#    2 ranks: the histories in section WallContacts, the works in its header line (the step number
#    restarts at 0: not compared); without the section the run departs; a wall without friction
#    drops the histories with a WARNING; a bad line is an ERROR naming it
DATA_FIRST = RANKS.replace("run             2000", "run             1000\n"
                           "write_data      mid.data\nrun             1000")
DATA_RESUME = RANKS[:RANKS.index("region")] + """pair_style      zero 1.2
rrp/read_data   mid.data
""" + RANKS[RANKS.index("pair_coeff"):].replace("run             2000", "run             1000")
for line in ("variable        ox", "variable        oy", "variable        oz", "variable        vy",
             "variable        vz", "set             group all omega", "velocity        all set"):
    DATA_RESUME = "\n".join(l for l in DATA_RESUME.split("\n") if not l.startswith(line))


def wall_resume(text, np=1, script=DATA_RESUME, must=True):
    wd = t.workdir("wall-friction-data")
    open(os.path.join(wd, "mid.data"), "w").write(text)
    if must:
        return wd, t.must_run(script, wd, np=np, variables={"py": np})
    return wd, t.run_lammps(script, wd, np=np, variables={"py": np})


for np in (1, 2):
    wd = t.workdir("wall-friction-data")
    out = t.must_run(DATA_FIRST, wd, np=np, variables={"py": np})
    ref_s, ref_w = end_state(wd), thermo(out, 6)[-1]
    data = open(os.path.join(wd, "mid.data")).read()
    head = next(l for l in data.splitlines() if l.startswith("rrp-lammps wall contacts:"))
    res, out2 = wall_resume(data, np)
    got_s, got_w = end_state(res), thermo(out2, 6)[-1]
    t.check(f"{np} rank(s): write_data with every sphere on the wall ({head.split()[5]} atoms in "
            f"section WallContacts), rrp/read_data and the same style lines continue bitwise: "
            f"the state and the works", head.split()[5] == "6" and got_s == ref_s
            and got_w[1:] == ref_w[1:], f"last thermo {got_w} vs {ref_w}")
    if np == 1:
        data1, ref1 = data, ref_s

k0 = data1.index("\nWallContacts")
k1 = data1.find("\n\n", data1.index("\n\n", k0 + 1) + 2) % (len(data1) + 1)    # (or the end)
bare = "\n".join(l for l in (data1[:k0] + data1[k1:]).splitlines()
                 if not l.startswith("rrp-lammps wall contacts:")) + "\n"
res, out3 = wall_resume(bare)
diff = max(abs(p - q) for a, b in zip(end_state(res), ref1) for p, q in zip(a[1:], b[1:]))
t.check("a data file without section WallContacts: the histories and works start at zero (the "
        "run departs from the one not interrupted)",
        thermo(out3, 6)[0][1:5] == [0.0, 0.0, 0.0, 0.0] and diff > 1e-8, f"departs by {diff:.2g}")
frictionless = DATA_RESUME.replace(" friction linear 4000.0 0.3 rolling 200.0 0.05 &\n"
                                   "                twisting sds 2.0 0.02", "")
_, out4 = wall_resume(data1, script=frictionless.replace(
    "thermo_style    custom step f_w[7] f_w[8] f_w[9] f_w[10] c_e[15]",
    "thermo_style    custom step"))
warn = next((l for l in out4.splitlines() if l.startswith("WARNING: Fix rrp/wall w")), "")
t.check("section WallContacts read by a wall without friction: a WARNING, the run goes on",
        "without friction" in warn and "dropped" in warn, warn)
lines = data1.split("\n")
at = lines.index(next(l for l in lines if l.startswith("WallContacts"))) + 2
bad = list(lines)
bad[at] = " ".join(bad[at].split()[:-1])
_, (rc, out5) = wall_resume("\n".join(bad), must=False)
err = next((l for l in out5.splitlines() if l.startswith("ERROR")), "")
t.check("section WallContacts with a value short: an ERROR naming the line",
        rc != 0 and "of line 1 has 23 of its 24 values" in err, err)
t.finish()
