"""Viscoelastic binders (bond_coeff prony/burgers, doc/bond_rrp_binder.rst) in LAMMPS runs:
a free spinning packing keeps its angular momentum to round-off while its binders dissipate, the
dissipated work never decreases, and kinetic + potential + dissipated stays constant to second
order in the time step (measured at two steps); restart files and write_data/rrp/read_data carry
every branch state bitwise (the restarted and re-read runs equal the uninterrupted one on one
rank bitwise, on 2 and 4 ranks to round-off growth, newton_bond off as on); a temperature ramp
relaxes a held binder by the reduced time of the WLF shift, step by step; compute bond/local's
b4, b5 sum to compute rrp/energy's elements 14, 13; bad input ends in one ERROR naming the value."""
import math
import os

import rrptest as t

SERIES = "prony all 0.5 0.05 0.3 1.0"    # two relaxation times, 20% long-term

CLUSTER = """
plugin load ${plugin}
units           lj
atom_style      bpm/sphere
boundary        m m m
comm_modify     vel yes
""" + t.jittered_lattice(4, slots=6, specials=6, jitter=0.02, seed=4821, diameter=1.04) + """
""" + t.BOND_NEIGHBOURS + """pair_style      rrp/hertz
pair_coeff      * * 2100.0
bond_style      rrp/binder shear linear
bond_coeff      1 10.0 4.0 200.0 200.0 ${series}
""" + t.spinning(spin=2.0, speed=0.3) + """
fix             1 all rrp/nve
compute         m all rrp/momentum
compute         e all rrp/energy
compute         q all property/atom quatw quati quatj quatk
variable        etot equal c_m[7]+c_m[8]+pe+c_e[13]
thermo_style    custom step c_m[4] c_m[5] c_m[6] v_etot c_e[13] c_e[14] pe
thermo_modify   norm no format float %.17g
thermo          ${every}
timestep        ${dt}
run             ${nrun}
"""


def thermo_rows(out, ncols):
    rows, on = [], False
    for line in out.splitlines():
        if line.strip().startswith("Step"):
            on = True
            continue
        if on:
            w = line.split()
            if len(w) == ncols:
                try:
                    rows.append([float(x) for x in w])
                    continue
                except ValueError:
                    pass
            on = False
    return rows


def first_error(out):
    return next((l for l in out.splitlines() if "ERROR" in l), "no ERROR")


# 1. a free spinning packing of viscoelastic binders, at two time steps
drifts = []
for dt, nrun, every in ((0.002, 1500, 50), (0.001, 3000, 100)):
    wd = t.workdir("visco-spin")
    out = t.must_run(CLUSTER, wd, variables={"series": SERIES, "dt": dt, "nrun": nrun, "every": every})
    rows = thermo_rows(out, 8)
    L0 = rows[0][1:4]
    nL0 = math.sqrt(sum(x * x for x in L0))
    dL = max(math.sqrt(sum((r[1 + k] - L0[k]) ** 2 for k in range(3))) for r in rows) / nL0
    t.check(f"dt {dt}: the angular momentum holds to round-off while the binders dissipate",
            dL < 1e-12 and nL0 > 1.0, f"max |L - L0|/|L0| = {dL:.3g}, |L0| = {nL0:.4g}")
    diss = [r[5] for r in rows]
    steps_down = sum(1 for a, b in zip(diss, diss[1:]) if b < a)
    e0 = rows[0][4]
    t.check(f"dt {dt}: the dissipated work never decreases and is a fair part of the energy",
            steps_down == 0 and diss[-1] > 0.05 * abs(e0), f"{steps_down} decreases, dissipated {diss[-1]:.6g} "
            f"of total {e0:.6g}")
    drift = max(abs(r[4] - e0) for r in rows)
    drifts.append(drift)
    t.check(f"dt {dt}: kinetic + potential + dissipated is constant to the integrator's accuracy",
            drift < 2e-3 * abs(e0), f"max |E - E0| = {drift:.3g} of {e0:.6g}")
ratio = drifts[0] / drifts[1]
t.check("the energy balance closes at second order (drift ratio at dt and dt/2 about 4)", 3.0 < ratio < 5.5,
        f"drifts {drifts[0]:.4g}, {drifts[1]:.4g}: ratio {ratio:.3f}")

# 2. restart and data files carry the branch states
STATE = t.drifting_composite("bpm/sphere", grid="processors      ${grid}", comm="comm_modify vel yes").replace(
    "bond_style      rrp/binder\nbond_coeff      1 10.0 200.0 200.0",
    "newton          on ${newton}\nbond_style      rrp/binder shear linear\nbond_coeff      1 10.0 4.0 200.0 200.0 " + SERIES) + """
compute         e all rrp/energy
compute         q all property/atom quatw quati quatj quatk
run             300
write_restart   mid.restart
write_data      mid.data
run             300
write_dump      all custom final.dump id x y z vx vy vz omegax omegay omegaz c_q[1] c_q[2] c_q[3] c_q[4] modify format float %.17g sort id
print           "ENERGY $(c_e[13]:%.17g) $(c_e[14]:%.17g)"
"""
STATE = STATE.replace("newton          on ${newton}\n", "")
STATE = STATE.replace("boundary        p p p", "boundary        p p p\nnewton          on ${newton}")

# the 300 steps after the file is read, as the uninterrupted run makes them
RESUME_TAIL = """
neighbor        0.2 bin
neigh_modify    every 1 delay 0 check yes
fix             1 all rrp/nve
compute         e all rrp/energy
compute         q all property/atom quatw quati quatj quatk
thermo_style    custom step ebond
thermo_modify   format float %.17g
thermo          100
timestep        0.002
run             300
write_dump      all custom resumed.dump id x y z vx vy vz omegax omegay omegaz c_q[1] c_q[2] c_q[3] c_q[4] modify format float %.17g sort id
print           "ENERGY $(c_e[13]:%.17g) $(c_e[14]:%.17g)"
"""

RESUME_RESTART = """
plugin load ${plugin}
processors      ${grid}
read_restart    mid.restart
comm_modify     vel yes
""" + RESUME_TAIL

RESUME_DATA = """
plugin load ${plugin}
units           lj
atom_style      bpm/sphere
boundary        p p p
newton          on ${newton}
processors      ${grid}
comm_modify     vel yes
bond_style      rrp/binder shear linear
special_bonds   lj/coul 1.0 1.0 1.0
pair_style      rrp/hertz
rrp/read_data   mid.data
pair_coeff      * * 2100.0
write_data      reread.data""" + RESUME_TAIL


def dump_rows(path):
    with open(path) as fh:
        lines = fh.read().splitlines()
    start = lines.index(next(l for l in lines if l.startswith("ITEM: ATOMS"))) + 1
    return [[float(x) for x in l.split()] for l in lines[start:]]


def binder_lines(path):
    """the lines of a data file's Binders section, sorted (ranks write them in their own order)"""
    with open(path) as fh:
        lines = fh.read().splitlines()
    start = next(k for k, l in enumerate(lines) if l.startswith("Binders")) + 2
    end = next((k for k in range(start, len(lines)) if not lines[k].strip()), len(lines))
    return sorted(lines[start:end])


def energy_line(out):
    return [float(x) for x in next(l for l in out.splitlines() if l.startswith("ENERGY")).split()[1:]]


for newton in ("on", "off"):
    wd = t.workdir("visco-files")
    out = t.must_run(STATE, wd, variables={"grid": "* * *", "newton": newton})
    ref, eref = dump_rows(os.path.join(wd, "final.dump")), energy_line(out)
    with open(os.path.join(wd, "mid.data")) as fh:
        head = next(l for l in fh if l.startswith("rrp-lammps binders:"))
    t.check(f"newton_bond {newton}: the data file names the branch state's layout",
            "reference 7 viscous 2 2 2 2" in head and "32 values per bond" in head, head.strip())
    t.check(f"newton_bond {newton}: the binders dissipate and store", eref[0] > 1e-4 and eref[1] > 1e-6, str(eref))
    for kind, script in (("read_restart", RESUME_RESTART), ("rrp/read_data", RESUME_DATA)):
        for np, grid in ((1, "* * *"), (2, "1 2 1"), (4, "2 2 1")):
            rc, out = t.run_lammps(script, wd, np=np, variables={"grid": grid, "newton": newton})
            if rc != 0 or "ERROR" in out:
                t.check(f"newton_bond {newton}, {kind} on {np} ranks", False, first_error(out))
                continue
            got, e = dump_rows(os.path.join(wd, "resumed.dump")), energy_line(out)
            dev = max(abs(a - b) for ra, rb in zip(ref, got) for a, b in zip(ra, rb))
            de = max(abs(a - b) / abs(b) for a, b in zip(e, eref))
            if kind == "rrp/read_data":
                a, b = binder_lines(os.path.join(wd, "mid.data")), binder_lines(os.path.join(wd, "reread.data"))
                t.check(f"newton_bond {newton}, rrp/read_data on {np} ranks: every branch state read as "
                        "written (write_data again: the same Binders lines)", len(a) > 300 and a == b,
                        f"{len(a)} lines, {sum(x != y for x, y in zip(a, b))} differ")
            if np == 1 and (kind == "read_restart" or newton == "on"):
                t.check(f"newton_bond {newton}, {kind} on 1 rank: the run continues bitwise",
                        len(got) == len(ref) and dev == 0.0 and de == 0.0,
                        f"largest difference {dev:.3g}, dissipated/stored {de:.3g}")
            else:
                # (read_data with newton_bond off orders each atom's bonds anew: sums in another
                # order, as for elastic binders)
                t.check(f"newton_bond {newton}, {kind} on {np} ranks (processors {grid}): the run continues "
                        "to round-off growth", len(got) == len(ref) and dev < 1e-9 and de < 1e-9,
                        f"largest difference {dev:.3g}, dissipated/stored relative {de:.3g}")

# two spheres of diameter 1 touching on the x axis, in a box of side 8, not yet bonded
TWO_SPHERES = """
plugin load ${plugin}
units           lj
atom_style      bpm/sphere
boundary        m m m
region          box block -4 4 -4 4 -4 4
create_box      1 box bond/types 1 extra/bond/per/atom 2 extra/special/per/atom 4
create_atoms    1 single -0.5 0 0
create_atoms    1 single 0.5 0 0
set             group all diameter 1.0
set             group all mass 1.0
"""

# 3. a temperature ramp: a held binder relaxes by the reduced time of the WLF shift
RAMP = TWO_SPHERES + """create_bonds    single/bond 1 1 2
special_bonds   lj/coul 1.0 1.0 1.0
comm_modify     vel yes
variable        T equal 20.0+${rate}*time
bond_style      rrp/binder orientation fixed shift wlf 19.0 92.0 20.0 temperature v_T
bond_coeff      1 10.0 200.0 200.0 prony axial 0.8 1.0
run             0
group           two id 2
displace_atoms  two move 0.001 0 0 units box
variable        fx equal fx[1]
thermo_style    custom step time v_T v_fx
thermo_modify   norm no format float %.17g
thermo          1
timestep        0.01
run             ${nrun}
"""
wd = t.workdir("visco-ramp")
rate, nrun, dt = 2.0, 200, 0.01
out = t.must_run(RAMP, wd, variables={"rate": rate, "nrun": nrun})
rows = thermo_rows(out, 4)
xi, worst = 0.0, 0.0
eps = 0.001 / 1.0
for r in rows[1:]:
    T = 20.0 + rate * r[1]
    aT = 10.0 ** (-19.0 * (T - 20.0) / (92.0 + T - 20.0))
    xi += dt / aT
    expected = 200.0 * eps * (0.2 + 0.8 * math.exp(-xi / 1.0))
    worst = max(worst, abs(r[3] - expected) / expected)
t.check("a WLF temperature ramp relaxes a held binder by the reduced time, step by step",
        len(rows) == nrun + 1 and worst < 1e-9 and xi > 1.0,
        f"{len(rows) - 1} steps to reduced time {xi:.4g}, worst relative error {worst:.3g}")

# 4. per bond: compute bond/local's b4 and b5 sum to compute rrp/energy's elements 14 and 13
LOCAL = CLUSTER.replace("run             ${nrun}", """run             ${nrun}
compute         b all bond/local b4 b5
compute         sb all reduce sum c_b[1] c_b[2] inputs local
run             0
print           "SUMS $(c_sb[1]:%.17g) $(c_sb[2]:%.17g) $(c_e[14]:%.17g) $(c_e[13]:%.17g)"
""")
wd = t.workdir("visco-local")
out = t.must_run(LOCAL, wd, variables={"series": SERIES, "dt": 0.002, "nrun": 300, "every": 100})
s = [float(x) for x in next(l for l in out.splitlines() if l.startswith("SUMS")).split()[1:]]
t.check("compute bond/local b4 b5 (branch energy, dissipated) sum to rrp/energy's 14 and 13",
        abs(s[0] - s[2]) <= 1e-12 * abs(s[2]) and abs(s[1] - s[3]) <= 1e-12 * abs(s[3]) and s[3] > 0,
        f"b4 {s[0]:.10g} vs {s[2]:.10g}, b5 {s[1]:.10g} vs {s[3]:.10g}")

# 5. bad input: one ERROR naming the value
TWO = RAMP.replace("bond_style      rrp/binder orientation fixed shift wlf 19.0 92.0 20.0 temperature v_T",
                   "bond_style      rrp/binder orientation fixed ${bstyle}").replace(
    "bond_coeff      1 10.0 200.0 200.0 prony axial 0.8 1.0", "bond_coeff      1 10.0 200.0 200.0 ${series}")
BAD = (
    ("a zero relaxation time", "", "prony axial 0.5 0.0", "relaxation time tau1 = 0 must be a finite time > 0"),
    ("a negative relaxation time", "", "prony bend 0.5 1.0 0.2 -3", "relaxation time tau2 = -3 must be"),
    ("a weight above 1", "", "prony twist 1.5 1.0", "weight g1 = 1.5 must be in (0, 1]"),
    ("a zero weight", "", "prony all 0 1.0", "weight g1 = 0 must be in (0, 1]"),
    ("weights summing past 1", "", "prony axial 0.6 1.0 0.5 2.0", "the weights add up to 1.1"),
    ("too many terms", "", "prony axial " + " ".join(["0.1 1.0"] * 9), "9 terms, at most 8"),
    ("an odd count", "", "prony axial 0.5", "pairs of a weight and a relaxation time"),
    ("an unknown mode", "", "prony stretch 0.5 1.0", "the mode must be axial, shear, bend, twist or all"),
    ("Burgers E1 not the stiffness", "", "burgers axial 100.0 10.0 50.0 5.0",
     "burgers axial E1 = 100 differs from the axial stiffness Ka = 200"),
    ("a Burgers dashpot of 0", "", "burgers axial 200.0 0.0 50.0 5.0", "must be finite and > 0"),
    ("shear series without shear linear", "", "prony shear 0.5 1.0", "needs the shear form quadratic"),
    ("WLF at its singularity", "shift wlf 19.0 92.0 20.0 temperature -72.0", "prony axial 0.5 1.0",
     "is at or below the WLF singularity TREF - C2 = -72"),
    ("WLF C2 not positive", "shift wlf 19.0 0.0 20.0 temperature 30.0", "prony axial 0.5 1.0", "C2 = 0.0 must be > 0"),
    ("an Arrhenius temperature of 0", "shift arrhenius 5000.0 293.0 temperature 0.0", "prony axial 0.5 1.0",
     "must be an absolute temperature > 0"),
    ("a missing temperature variable", "shift wlf 19.0 92.0 20.0 temperature v_nope", "prony axial 0.5 1.0",
     "variable nope does not exist"),
)
for name, bstyle, series, msg in BAD:
    wd = t.workdir("visco-bad")
    rc, out = t.run_lammps(TWO, wd, variables={"rate": 0.0, "nrun": 1, "bstyle": bstyle, "series": series})
    err = first_error(out)
    t.check(f"refused: {name}", rc != 0 and msg in err, err)

# a data file written without branch states, read by a viscoelastic binder
ELASTIC = STATE.replace(" " + SERIES, "").replace("bond_style      rrp/binder shear linear",
                                                   "bond_style      rrp/binder shear linear")
wd = t.workdir("visco-elastic-file")
t.must_run(ELASTIC, wd, variables={"grid": "* * *", "newton": "on"})
rc, out = t.run_lammps(RESUME_DATA.replace("rrp/read_data   mid.data", "rrp/read_data   mid.data\nbond_coeff      1 10.0 4.0 200.0 200.0 " + SERIES),
                       wd, variables={"grid": "* * *", "newton": "on"})
err = first_error(out)
t.check("refused: a data file without branch states read by a viscoelastic binder",
        rc != 0 and "have no viscous branch state" in err and "branches relaxed" in err, err)
rc, out = t.run_lammps(RESUME_DATA.replace("bond_style      rrp/binder shear linear", "bond_style      rrp/binder shear linear branches relaxed").replace(
    "rrp/read_data   mid.data", "rrp/read_data   mid.data\nbond_coeff      1 10.0 4.0 200.0 200.0 " + SERIES),
    wd, variables={"grid": "* * *", "newton": "on"})
t.check("branches relaxed: the elastic file's binders take relaxed branches and run",
        rc == 0 and "viscous branches start relaxed" in out, first_error(out))
# relaxed means relaxed in the deformed state the file gave: no energy in the branch springs at
# the first computation (not the whole deformation since bonding loaded as one step), on 1 and 4
# ranks and with newton_bond off (the copy on the bond's other atom)
RELAXED = RESUME_DATA.replace("bond_style      rrp/binder shear linear", "bond_style      rrp/binder shear linear branches relaxed").replace(
    "rrp/read_data   mid.data", "rrp/read_data   mid.data\nbond_coeff      1 10.0 4.0 200.0 200.0 " + SERIES).replace(
    "run             300\n", """run             0
print           "START $(c_e[14]:%.17g) $(c_e[1]+c_e[2]+c_e[3]:%.17g)"
run             100
print           "LATER $(c_e[14]:%.17g) $(c_e[13]:%.17g)"
""")
for grid, newton, np in (("* * *", "on", 1), ("2 2 1", "off", 4)):
    wd = t.workdir("visco-relaxed")
    t.must_run(ELASTIC, wd, variables={"grid": grid, "newton": newton}, np=np)
    out = t.must_run(RELAXED, wd, variables={"grid": grid, "newton": newton}, np=np)
    start = [float(x) for x in next(l for l in out.splitlines() if l.startswith("START")).split()[1:]]
    later = [float(x) for x in next(l for l in out.splitlines() if l.startswith("LATER")).split()[1:]]
    t.check(f"branches relaxed ({np} ranks, newton_bond {newton}): no energy in the branch springs "
            "at the first computation, then the motion loads them",
            start[0] <= 1e-20 * start[1] and start[1] > 0 and later[0] > 0 and later[1] > 0,
            f"branch energy {start[0]:.3g} of binder energy {start[1]:.6g}; after 100 steps "
            f"{later[0]:.3g} stored, {later[1]:.3g} dissipated")
# 6. fix rrp/turn: the orientation after many steps is the turn by the variable's angle
TURN = TWO_SPHERES + """set             atom 2 quat 0.3 0.4 0.5 40.0
create_bonds    single/bond 1 1 2
special_bonds   lj/coul 1.0 1.0 1.0
comm_modify     vel yes
bond_style      rrp/binder shear linear
bond_coeff      1 10.0 4.0 200.0 200.0 prony all 0.5 0.2
group           two id 2
variable        a equal 0.7*sin(3.0*time)
fix             t two ${turnargs}
compute         q all property/atom quatw quati quatj quatk
thermo_style    custom step f_t[1] f_t[2]
thermo_modify   format float %.17g
thermo          500
timestep        0.001
run             0
write_dump      all custom q0.dump id c_q[1] c_q[2] c_q[3] c_q[4] modify format float %.17g sort id
run             2000
write_dump      all custom q1.dump id c_q[1] c_q[2] c_q[3] c_q[4] modify format float %.17g sort id
print           "ANGLE $(f_t[1]:%.17g) TORQUE $(f_t[2]:%.17g)"
"""


def qmul(p, q):
    return [p[0] * q[0] - p[1] * q[1] - p[2] * q[2] - p[3] * q[3],
            p[0] * q[1] + p[1] * q[0] + p[2] * q[3] - p[3] * q[2],
            p[0] * q[2] - p[1] * q[3] + p[2] * q[0] + p[3] * q[1],
            p[0] * q[3] + p[1] * q[2] - p[2] * q[1] + p[3] * q[0]]


wd = t.workdir("visco-turn")
out = t.must_run(TURN, wd, variables={"turnargs": "rrp/turn 0 3 4 v_a"})
q0, q1 = dump_rows(os.path.join(wd, "q0.dump")), dump_rows(os.path.join(wd, "q1.dump"))
angle = 0.7 * math.sin(3.0 * 2.0)
got = float(next(l for l in out.splitlines() if l.startswith("ANGLE")).split()[1])
half = 0.5 * angle
dq = [math.cos(half), 0.0, 0.6 * math.sin(half), 0.8 * math.sin(half)]
expected = qmul(dq, q0[1][1:])
dev = max(abs(a - b) for a, b in zip(expected, q1[1][1:]))
t.check("fix rrp/turn: after 2000 steps the orientation is the turn by the variable's angle",
        dev < 1e-12 and abs(got - angle) < 1e-15 and q1[0][1:] == q0[0][1:],
        f"angle {got:.17g} (expected {angle:.17g}), largest quaternion difference {dev:.3g}; atom 1 untouched")
for name, args, msg in (
        ("a zero axis", "rrp/turn 0 0 0 v_a", "the axis (0 0 0) is zero"),
        ("an angle not a variable", "rrp/turn 1 0 0 0.5", "must be an equal-style variable, v_name"),
        ("a missing variable", "rrp/turn 1 0 0 v_nope", "variable nope does not exist"),
        ("an atom-style variable", "rrp/turn 1 0 0 v_aa", "variable aa is not equal-style")):
    wd = t.workdir("visco-turn-bad")
    rc, out = t.run_lammps(TURN.replace("variable        a equal", "variable        aa atom x\nvariable        a equal"),
                           wd, variables={"turnargs": args})
    err = first_error(out)
    t.check(f"fix rrp/turn refuses {name}", rc != 0 and msg in err, err)
wd = t.workdir("visco-turn-bad")
rc, out = t.run_lammps(TURN.replace("fix             t two ${turnargs}", "fix             t two ${turnargs}\nfix             n all rrp/nve"),
                       wd, variables={"turnargs": "rrp/turn 1 0 0 v_a"})
err = first_error(out)
t.check("fix rrp/turn refuses atoms another fix integrates", rc != 0 and "that fix n (style rrp/nve) integrates too" in err, err)
t.finish()
