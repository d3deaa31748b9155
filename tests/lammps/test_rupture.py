"""Rupture of binders as composites fail: the combined criterion of bond_coeff's critical values
(axial strain, shear angle, bending and twist angles, per bond type), each mode alone and
together; every break recorded through fix STORE/LOCAL (time, IDs, mode, released energy, the
measures) and counted by mode in compute rrp/energy; kinetic + potential + released energy
conserved in a free run of a bonded block that breaks; the released energy and the counts
continue through write_data/rrp/read_data and restart files."""
import math
import os

import rrptest as t

TWO = """
plugin load ${plugin}
units lj
atom_style hybrid sphere bond
boundary m m m
region box block -4 4 -4 4 -4 4
create_box 2 box bond/types 2 extra/bond/per/atom 2 extra/special/per/atom 4
create_atoms 1 single -0.5 0 0
create_atoms 1 single 0.5 0 0
set group all diameter 1.0
set group all mass 1.0
mass * 1.0
create_bonds single/bond ${btype} 1 2
special_bonds lj/coul 1.0 1.0 1.0
bond_style rrp/binder store/local brk 1 id1 id2 time mode energy strain shear bend twist
bond_coeff 1 10.0 200.0 200.0 ${crit}
bond_coeff 2 10.0 200.0 200.0 ${crit2}
pair_style rrp/hertz
pair_coeff * * 2100.0
fix 1 all rrp/nve inertia value 0.1
compute e all rrp/energy
thermo_style custom step c_e[6] c_e[7] c_e[8] c_e[9] c_e[10] c_e[11] c_e[12] bonds
thermo_modify norm no format float %.17g
thermo 50
dump b all local 1 breaks.dump f_brk[1] f_brk[2] f_brk[3] f_brk[4] f_brk[5] f_brk[6] f_brk[7] f_brk[8] f_brk[9]
dump_modify b format float %.17g
timestep 0.001
velocity all set 0 0 0
${load}
run 1500
"""


def breaks(path):
    """The records of a dump local file: id1 id2 time mode energy strain shear bend twist."""
    rows, lines = [], open(path).read().splitlines()
    for k, line in enumerate(lines):
        if line.startswith("ITEM: ENTRIES"):
            j = k + 1
            while j < len(lines) and not lines[j].startswith("ITEM:"):
                rows.append([float(v) for v in lines[j].split()])
                j += 1
    return rows


def numeric_rows(out, ncols):
    """The lines of the output that are ncols numbers (thermo rows)."""
    rows = []
    for line in out.splitlines():
        w = line.split()
        if len(w) == ncols:
            try:
                rows.append([float(v) for v in w])
            except ValueError:
                pass
    return rows


def last_thermo(out):
    return numeric_rows(out, 9)[-1]


MODES = {1: "axial", 2: "shear", 3: "bending", 4: "twist", 5: "rotation"}
EC, PC, BC, TC = 0.05, 0.3, 0.4, 0.5
CASES = (
    # name, critical values (the others 0: that mode does not break), load, mode, measure index
    ("axial", f"{EC} 0 0 0", "set atom 1 vx -0.5\nset atom 2 vx 0.5", 1, 5, EC),
    ("shear", f"0 {PC} 0 0", "set atom 1 vy 2.0\nset atom 2 vy -2.0", 2, 6, (1 - math.cos(PC)) ** 2),
    ("bending", f"0 0 {BC} 0", "set atom 1 omega 0 0 12.0", 3, 7, BC),
    ("twist", f"0 0 0 {TC}", "set atom 1 omega 12.0 0 0", 4, 8, TC),
)
for name, crit, load, mode, col, critical in CASES:
    wd = t.workdir("rupture")
    out = t.must_run(TWO.replace("${load}", load), wd, variables={"btype": 1, "crit": crit, "crit2": crit})
    rec = breaks(os.path.join(wd, "breaks.dump"))
    last = last_thermo(out)
    measure = abs(rec[0][col]) if rec else 0.0
    t.check(f"{name} alone: the binder breaks in mode {MODES[mode]} at its critical value",
            len(rec) == 1 and rec[0][3] == mode and rec[0][:2] == [1.0, 2.0] and critical <= measure < 1.05 * critical
            and last[2 + mode] == 1.0 and last[2] == 1.0 and last[8] == 0.0,
            f"records {rec}, measure {measure:.6g} (critical {critical:.6g}), counts by mode {last[3:8]}")
    t.check(f"{name}: the record's energy is the released energy",
            rec and rec[0][4] > 0.0 and abs(rec[0][4] - last[1]) <= 1e-15 * last[1], f"{rec[0][4] if rec else None} vs {last[1]}")

# the modes add: pulled and twisted at once, it breaks with each measure below its own limit
wd = t.workdir("rupture")
out = t.must_run(TWO.replace("${load}", "set atom 1 vx -0.5 omega 6.0 0 0\nset atom 2 vx 0.5"), wd,
                 variables={"btype": 1, "crit": f"{EC} 0 0 {TC}", "crit2": "0 0 0 0"})
rec = breaks(os.path.join(wd, "breaks.dump"))
if rec:
    strain, twist = rec[0][5], abs(rec[0][8])
    D = (strain / EC) ** 2 + (twist / TC) ** 2
else:
    strain = twist = D = 0.0
t.check("combined: breaks when (eps/eps_c)^2 + (tau/tau_c)^2 reaches 1, each below its own limit",
        len(rec) == 1 and strain < EC and twist < TC and 1.0 <= D < 1.1,
        f"strain {strain:.5g} (limit {EC}), twist {twist:.5g} (limit {TC}), D = {D:.5g}")
# per bond type: the same load breaks type 2 (critical values) and not type 1 (none)
for btype, expect in ((1, 0), (2, 1)):
    wd = t.workdir("rupture")
    out = t.must_run(TWO.replace("${load}", "set atom 1 vx -0.5\nset atom 2 vx 0.5"), wd,
                     variables={"btype": btype, "crit": "0 0 0 0", "crit2": f"{EC} {PC} {BC} {TC}"})
    t.check(f"critical values per bond type: type {btype} {'breaks' if expect else 'holds'}",
            len(breaks(os.path.join(wd, "breaks.dump"))) == expect and last_thermo(out)[2] == expect)

# bad critical values
for crit, msg in (("-0.1 0 0 0", "critical axial strain = -0.1 must be a finite number >= 0"),
                  ("0 4.0 0 0", "critical shear angle = 4.0 must be an angle in radians"),
                  ("0.1 0.2 0.3", "Incorrect number of args for bond_coeff rrp/binder")):
    rc, out = t.run_lammps(TWO.replace("${load}", ""), t.workdir("rupture"),
                           variables={"btype": 1, "crit": crit, "crit2": "0 0 0 0"})
    err = next((l for l in out.splitlines() if "ERROR" in l), "")
    t.check(f"refused: bond_coeff ... {crit}", rc != 0 and msg in err, err)

# Mohr-Coulomb strength (keyword mohr ST C PHI LAMBDA): the cross-section a disc of radius
# LAMBDA times the smaller particle's (0.5 here), A = pi rb^2; pulled along the bond, N = Ka eps/L0
# on A: it breaks in tension (axial) at eps_c = ST A L0/Ka; sheared with a tensile strength far
# out of reach, it breaks in shear
ST, LAM = 10.0, 1.0
EPS_MC = ST * math.pi * (LAM * 0.5) ** 2 * 1.0 / 200.0
for name, mohr, load, mode, lo, hi in (
        ("tension", f"mohr {ST} 1e6 30.0 {LAM}", "set atom 1 vx -0.5\nset atom 2 vx 0.5", 1, EPS_MC, 1.02 * EPS_MC),
        ("shear", f"mohr 1e6 2.0 30.0 {LAM}", "set atom 1 vy 2.0\nset atom 2 vy -2.0", 2, None, None)):
    wd = t.workdir("rupture-mohr")
    out = t.must_run(TWO.replace("${load}", load), wd, variables={"btype": 1, "crit": mohr, "crit2": mohr})
    rec = breaks(os.path.join(wd, "breaks.dump"))
    last = last_thermo(out)
    strain = rec[0][5] if rec else 0.0
    t.check(f"mohr, {name}: the binder breaks in mode {MODES[mode]}"
            + (f" at the strain of its tensile strength, {EPS_MC:.5g}" if lo else ""),
            len(rec) == 1 and rec[0][3] == mode and last[2 + mode] == 1.0 and last[2] == 1.0
            and (lo is None or lo <= strain < hi) and abs(rec[0][4] - last[1]) <= 1e-15 * last[1],
            f"records {rec}, counts by mode {last[3:8]}")
# the moment factor (mcf BETA): a binder bent by opposite spins breaks in tension on its rim with
# the moments counted whole, and holds with mcf 0 (only its forces load the strength)
bent = {}
for beta in ("", " mcf 0.0"):
    wd = t.workdir("rupture-mohr")
    mohr = f"mohr 2.0 1e6 30.0 {LAM}{beta}"
    out = t.must_run(TWO.replace("${load}", "set atom 1 omega 0 3.0 0\nset atom 2 omega 0 -3.0 0"), wd,
                     variables={"btype": 1, "crit": mohr, "crit2": mohr})
    bent[beta] = breaks(os.path.join(wd, "breaks.dump"))
t.check("mohr mcf: bent by opposite spins, the binder breaks in tension (mode axial) with the moments "
        "counted (mcf 1, the default) and holds with mcf 0",
        len(bent[""]) == 1 and bent[""][0][3] == 1 and bent[" mcf 0.0"] == [],
        f"mcf 1: {bent['']}; mcf 0: {bent[' mcf 0.0']}")
# the strength through write_data, rrp/read_data and a restart file: the same coefficients
wd = t.workdir("rupture-mohr")
t.must_run(TWO.replace("${load}", "write_data mohr.data\nwrite_restart mohr.restart").replace("run 1500", "run 0"),
           wd, variables={"btype": 1, "crit": "0.05 0 0 0 mohr 10 2.5 35 0.8 mcf 0.25", "crit2": "0 0 0 0"})
coeff = next((l for l in open(os.path.join(wd, "mohr.data")) if l.startswith("1 ")
              and "mohr" in l), "")
lines = []
for head in ("units lj\natom_style hybrid sphere bond\nboundary m m m\nbond_style rrp/binder\n"
             "pair_style rrp/hertz\nrrp/read_data mohr.data\nspecial_bonds lj/coul 1.0 1.0 1.0",
             "read_restart mohr.restart"):
    t.must_run("plugin load ${plugin}\n" + head + "\nwrite_data again.data\n", wd)
    lines.append(next((l for l in open(os.path.join(wd, "again.data")) if l.startswith("1 ") and "mohr" in l), ""))
t.check("mohr: the strength is written to data files and read back from them and from restart files",
        "mohr 10 2.5 35 0.8 mcf 0.25" in coeff and lines == [coeff, coeff], f"{coeff.strip()!r}; read back {lines}")
# bad strengths
for mohr, msg in (("mohr -1 2 30 1", "the tensile strength -1 must be a stress > 0"),
                  ("mohr 10 0 30 1", "the cohesion 0 must be a stress > 0"),
                  ("mohr 10 2 90 1", "the friction angle 90 must be in degrees, >= 0 and < 90"),
                  ("mohr 10 2 -5 1", "the friction angle -5 must be in degrees"),
                  ("mohr 10 2 30 0", "the radius ratio 0 must be > 0"),
                  ("mohr 10 2 30", "Illegal bond_coeff rrp/binder mohr"),
                  ("mohr 10 2 30 1 mcf 1.5", "the moment factor mcf 1.5 must be in [0, 1]"),
                  ("mohr 10 2 30 1 mcf", "Illegal bond_coeff rrp/binder mohr ... mcf")):
    rc, out = t.run_lammps(TWO.replace("${load}", ""), t.workdir("rupture-mohr"),
                           variables={"btype": 1, "crit": mohr, "crit2": "0 0 0 0"})
    err = next((l for l in out.splitlines() if "ERROR" in l), "")
    t.check(f"refused: bond_coeff ... {mohr}", rc != 0 and msg in err, err)

# a free bonded block that flies apart: kinetic + potential + released energy is conserved
BLOCK = """
plugin load ${plugin}
units lj
atom_style ${astyle}
boundary m m m
newton on on
comm_modify vel yes
lattice sc 1.0
region box block 0 5 0 5 0 5
create_box 1 box bond/types 1 extra/bond/per/atom 6 extra/special/per/atom 30
create_atoms 1 box
set group all diameter 1.0
set group all density 1.9
${masses}
pair_style rrp/hertz
pair_coeff * * 2000.0
create_bonds many all all 1 0.0 1.05
special_bonds lj/coul 1.0 1.0 1.0
bond_style rrp/binder store/local brk 100 id1 id2 time mode energy
bond_coeff 1 10.0 200.0 200.0 0.04 0.25 0.3 0.3
variable vx atom 0.8*(x-2.0)/2.5+0.2*sin(3.1*y)
variable vy atom 0.8*(y-2.0)/2.5+0.2*cos(2.3*z)
variable vz atom 0.8*(z-2.0)/2.5
variable ox atom 4.0*sin(1.3*x+2.1*z)
variable oy atom 4.0*cos(0.7*y+1.9*x)
variable oz atom 4.0*sin(2.7*z-0.3*y)
velocity all set v_vx v_vy v_vz
set group all omega v_ox v_oy v_oz
fix 1 all rrp/nve
compute e all rrp/energy
compute m all rrp/momentum
compute pe all pe
variable E equal c_m[7]+c_m[8]+c_pe
variable ER equal c_m[7]+c_m[8]+c_pe+c_e[6]
thermo_style custom step v_E v_ER c_e[6] c_e[7] c_e[8] c_e[9] c_e[10] c_e[11] bonds
thermo_modify norm no format float %.17g
thermo 20
timestep ${dt}
run ${nsteps}
write_data state.data
write_restart state.restart
"""


def block(wd, dt):
    out = t.must_run(BLOCK, wd, variables={"astyle": "hybrid sphere bond", "masses": "mass * 1.0", "dt": dt,
                                           "nsteps": int(round(1.0 / dt))})
    rows = numeric_rows(out, 10)
    E0 = rows[0][1]
    return rows, max(abs(r[2] - E0) for r in rows) / E0, max(abs(r[1] - E0) for r in rows) / E0


# each rupture ends a binder between two steps, an energy error of first order in h at each:
# conserved to that order, the error halves with the step
_, dev_r2, _ = block(t.workdir("rupture-block"), 0.0005)
wd = t.workdir("rupture-block")
rows, dev_r, dev_e = block(wd, 0.00025)
last = rows[-1]
modes = [m for m in range(4) if last[5 + m] > 0]
t.check("a free block breaks in several modes", last[4] >= 20 and len(modes) >= 3,
        f"{last[4]:g} ruptured: axial {last[5]:g}, shear {last[6]:g}, bending {last[7]:g}, twist {last[8]:g}")
t.check("kinetic + potential + released energy is conserved through the ruptures (to first order in h)",
        dev_r < 3e-3 and dev_e > 100 * dev_r and 1.7 < dev_r2 / dev_r < 2.3,
        f"largest |E + released - E0|/E0 = {dev_r2:.3g} at h = 5e-4, {dev_r:.3g} at h = 2.5e-4; without the "
        f"released energy {dev_e:.3g} (released {last[3]:.5g} of E0 = {rows[0][1]:.5g})")

# the released energy and the counts continue through a data file and a restart file
READS = {
    "rrp/read_data": """plugin load ${plugin}
units lj
atom_style hybrid sphere bond
boundary m m m
comm_modify vel yes
bond_style rrp/binder
pair_style rrp/hertz
rrp/read_data state.data
special_bonds lj/coul 1.0 1.0 1.0
""",
    "read_restart": """plugin load ${plugin}
read_restart state.restart
""",
}
for how, head in READS.items():
    script = head + """fix 1 all rrp/nve
compute e all rrp/energy
thermo_style custom step c_e[6] c_e[7] bonds
thermo_modify norm no format float %.17g
run 0
print "COUNTS $(c_e[6]:%.17g) $(c_e[7]) $(bonds)"
"""
    out = t.must_run(script, wd)
    got = [float(v) for v in next(l for l in out.splitlines() if l.startswith("COUNTS")).split()[1:]]
    t.check(f"{how}: the released energy and rupture count continue",
            abs(got[0] - last[3]) <= 1e-15 * last[3] and got[1] == last[4] and got[2] == last[9],
            f"released {got[0]!r} (was {last[3]!r}), ruptured {got[1]:g} (was {last[4]:g}), bonds {got[2]:g}")
t.finish()
