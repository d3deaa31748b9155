"""fix rrp/wall tallies its virial as LAMMPS's wall fixes do (fix_modify virial yes; no by
default): the pressure of a sphere pressed into the wall equals the one LAMMPS's own fix
wall/table gives with the same Hertz law tabulated, U(s) = 2/5 K (1 - s/R)^{5/2}.

A wall driven by a force (keywords load, mass): alone it falls as velocity Verlet moves a body
under a constant force, exactly (c = c0 + side F t^2/(2M)); on a bonded block its energy balance
(kinetic of atoms and wall + potential - the load's work) closes to second order in the step, the
atoms' own (kinetic + potential - the contact's work) too; damped, it comes to rest where the
contact force is the load; its position is the same on every MPI rank and on 1 and 2 ranks to
round-off; a restart continues it bitwise; the KOKKOS twin moves it bitwise as the host style
(where a KOKKOS LAMMPS is built); bad input ends in one ERROR each."""
import os

import rrptest as t

K, R, S = 2100.0, 0.5, 0.4    # stiffness, radius, centre 0.1 inside the wall's reach
N = 2000
wd = t.workdir("wall")
with open(os.path.join(wd, "hertz.table"), "w") as fh:
    fh.write("# U = 2/5 K (1 - s/R)^(5/2), F = K/R (1 - s/R)^(3/2) (rrp_hertz_wall)\n\nHERTZ\nN %d\n\n" % N)
    for k in range(N):
        s = R * (k + 1) / N
        g = max(0.0, 1.0 - s / R)
        fh.write(f"{k + 1} {s:.17g} {0.4 * K * g ** 2.5:.17g} {K / R * g ** 1.5:.17g}\n")

BASE = """
plugin load ${{plugin}}
units           lj
atom_style      sphere
boundary        f p p
region          box block -1 3 -2 2 -2 2
create_box      1 box
create_atoms    1 single {x} 0 0
set             group all diameter {d}
set             group all density 1.0
{wall}
{modify}
compute         p all pressure NULL virial
thermo_style    custom step c_p[1] f_w
thermo_modify   format float %.17g
run             0
print           "PXX $(c_p[1]:%.17g) E $(f_w:%.17g)"
"""
WALLS = {"rrp/wall": f"fix w all rrp/wall xlo 0.0 {K}",
         "wall/table": f"fix w all wall/table spline {N} xlo 0.0 hertz.table HERTZ {R}"}
got = {}
for name, wall in WALLS.items():
    for modify in ("fix_modify w virial yes energy yes", "fix_modify w energy yes"):
        out = t.must_run(BASE.format(x=S, d=2 * R, wall=wall, modify=modify), wd)
        line = next(l for l in out.splitlines() if l.startswith("PXX"))
        got[(name, "virial" in modify)] = (float(line.split()[1]), float(line.split()[3]))
ours, ref = got[("rrp/wall", True)], got[("wall/table", True)]
t.check("fix rrp/wall virial: pressure xx equals fix wall/table's with the same Hertz law",
        ref[0] > 0.0 and abs(ours[0] - ref[0]) < 1e-6 * ref[0],
        f"rrp/wall {ours[0]:.12g}, wall/table {ref[0]:.12g} (energies {ours[1]:.10g}, {ref[1]:.10g})")
t.check("without fix_modify virial yes neither wall adds to the pressure (LAMMPS's default)",
        got[("rrp/wall", False)][0] == 0.0 and got[("wall/table", False)][0] == 0.0,
        f"{got[('rrp/wall', False)][0]}, {got[('wall/table', False)][0]}")

# ---- a wall driven by a force
# 1. alone (no atom within reach): velocity Verlet under a constant force is exact
FREE = """
plugin load ${plugin}
units           lj
atom_style      sphere
boundary        p p f
region          box block -2 2 -2 2 -1 12
create_box      1 box
create_atoms    1 single 0 0 0.5
set             group all diameter 1.0
set             group all density 1.0
fix             1 all rrp/nve
fix             w all rrp/wall zhi 10.0 2100.0 load 3.0 mass 2.0
timestep        0.01
run             200
print           "WALL $(f_w[2]:%.17g) $(f_w[4]:%.17g) $(f_w[5]:%.17g) $(f_w[6]:%.17g) $(f_w[1]:%.17g)"
"""
out = t.must_run(FREE, wd)
c, v, ke, wf, fc = (float(x) for x in next(l for l in out.splitlines() if l.startswith("WALL")).split()[1:])
T = 2.0
t.check("a loaded wall alone: position c0 - F t^2/(2M), velocity -F t/M, W_F = F (c0 - c) = M v^2/2",
        abs(c - (10.0 - 3.0 * T * T / 4.0)) < 1e-12 and abs(v + 3.0 * T / 2.0) < 1e-12 and
        abs(wf - 3.0 * (10.0 - c)) < 1e-11 and abs(ke - wf) < 1e-11 and fc == 0.0,
        f"c {c!r} (exact 7), v {v!r} (exact -3), KE {ke!r}, W_F {wf!r}")

# 2. on a bonded block between a fixed floor and the loaded wall
BLOCK = """
plugin load ${plugin}
units           lj
atom_style      hybrid sphere bond
boundary        p p f
newton          on on
comm_modify     vel yes cutoff 2.0
special_bonds   lj/coul 0.0 1.0 1.0
lattice         sc 1.0
region          box block 0 4 0 4 -0.5 6
create_box      1 box bond/types 1 extra/bond/per/atom 6 extra/special/per/atom 12
region          block block 0 4 0 4 0 3.9
create_atoms    1 region block
displace_atoms  all random 0.02 0.02 0.0 4821 units box
set             group all diameter 1.0
set             group all density 1.9
mass            1 1.0
pair_style      rrp/hertz
pair_coeff      * * 2100.0
bond_style      rrp/binder shear linear
bond_coeff      1 10.0 200.0 200.0
create_bonds    many all all 1 0.9 1.1
neighbor        0.3 bin
neigh_modify    delay 0 every 1 check yes
fix             1 all rrp/nve
fix             lo all rrp/wall zlo -0.5 2100.0
variable        F equal 40.0*(1-cos(PI*ternary(time<5,time/5,1)))/2
fix             w all rrp/wall zhi 3.55 2100.0 load v_F mass ${mass}
fix_modify      lo energy yes
fix_modify      w energy yes
${damp}
compute         m all rrp/momentum
variable        ke equal c_m[7]+c_m[8]
variable        total equal v_ke+pe+f_w[5]-f_w[6]+${dissipated}
variable        atoms equal v_ke+pe-f_w[3]+${dissipated}
variable        c equal f_w[2]
variable        ca atom v_c
compute         cmax all reduce max v_ca
compute         cmin all reduce min v_ca
thermo_style    custom step pe v_total v_atoms f_w[1] f_w[2] c_cmax c_cmin
thermo_modify   norm no format float %.17g
thermo          ${every}
timestep        ${dt}
run             ${n}
print           "WALL $(f_w[2]:%.17g) $(f_w[4]:%.17g) $(f_w[1]:%.17g) $(c_cmax-c_cmin:%.17g) $(f_w[6]:%.17g)"
"""


def numbers(words):
    try:
        return all(float(w) == float(w) for w in words)
    except ValueError:
        return False


def block(dt, tend=10.0, np=1, damp="", dissipated="0.0", mass=5.0, script=BLOCK, extra=None):
    n = int(round(tend / dt))
    variables = {"dt": dt, "n": n, "every": max(1, n // 50), "damp": damp, "dissipated": dissipated,
                 "mass": mass}
    variables.update(extra or {})
    out = t.must_run(script, wd, np=np, variables=variables)
    rows = [l.split() for l in out.splitlines() if len(l.split()) == 8 and numbers(l.split())]
    wall = [float(x) for x in next(l for l in out.splitlines() if l.startswith("WALL")).split()[1:]]
    return rows, wall


drift = {}
for dt in (0.004, 0.002):
    rows, wall = block(dt)
    tot = [float(r[2]) for r in rows]
    at = [float(r[3]) for r in rows]
    drift[dt] = (max(abs(x - tot[0]) for x in tot), max(abs(x - at[0]) for x in at), wall)
work = drift[0.002][2][4]
ratio = drift[0.004][0] / drift[0.002][0]
t.check("loaded wall on a bonded block: kinetic (atoms, wall) + potential - load's work constant to "
        "1e-3 of the work, second order (drift ratio 3 to 5 at half the step)",
        drift[0.002][0] < 1e-3 * work and 3.0 < ratio < 5.0,
        f"work {work:.6g}, drift {drift[0.004][0]:.3g} (dt 0.004), {drift[0.002][0]:.3g} (dt 0.002), ratio {ratio:.3g}")
t.check("... and the atoms' own balance, kinetic + potential - the contact's work, too",
        drift[0.002][1] < 1e-3 * work, f"drift {drift[0.004][1]:.3g}, {drift[0.002][1]:.3g}")

rows, wall = block(0.004, tend=200.0, damp="fix damp all rrp/damping viscous 1.0 0.1", dissipated="f_damp")
t.check("damped, the loaded wall comes to rest where the contact force is the load (1e-6)",
        abs(wall[2] - 40.0) < 40e-6 and abs(wall[1]) < 1e-6,
        f"contact force {wall[2]:.10g} (load 40), velocity {wall[1]:.3g}")

one = block(0.004)[1]
rows2, two = block(0.004, np=2)
spread = max(float(r[6]) - float(r[7]) for r in rows2)
t.check("2 MPI ranks: the wall at the same place on every rank; on 1 and 2 ranks within 1e-9",
        spread == 0.0 and two[3] == 0.0 and abs(one[0] - two[0]) < 1e-9,
        f"position {one[0]!r} (1 rank), {two[0]!r} (2 ranks); largest spread over ranks {spread}")

# restart: the second half from a restart file, bitwise the run that goes on after writing it
# (write_restart wraps the atoms into the box and the next run sets up again, as a restart does)
HALF = BLOCK.replace("run             ${n}", "run             $(v_n/2)\nwrite_restart   wall.restart")
WHOLE = BLOCK.replace("run             ${n}", "run             $(v_n/2)\nwrite_restart   whole.restart\n"
                      "run             $(v_n/2)")
SECOND = """
plugin load ${plugin}
read_restart    wall.restart
special_bonds   lj/coul 0.0 1.0 1.0
pair_style      rrp/hertz
pair_coeff      * * 2100.0
neighbor        0.3 bin
neigh_modify    delay 0 every 1 check yes
comm_modify     vel yes cutoff 2.0
fix             1 all rrp/nve
fix             lo all rrp/wall zlo -0.5 2100.0
variable        F equal 40.0*(1-cos(PI*ternary(time<5,time/5,1)))/2
fix             w all rrp/wall zhi 3.55 2100.0 load v_F mass 5.0
fix_modify      lo energy yes
fix_modify      w energy yes
thermo_style    custom step pe f_w[1] f_w[2]
thermo          ${every}
timestep        ${dt}
run             $(v_n/2)
print           "WALL $(f_w[2]:%.17g) $(f_w[4]:%.17g) $(f_w[1]:%.17g) 0 $(f_w[6]:%.17g)"
"""
# (a constant load: a load of `time` may differ in its last bit after a restart, whose time is
# the restart's time plus the steps since)
whole = block(0.004, tend=4.0, script=WHOLE.replace("load v_F", "load 40.0"))[1]
block(0.004, tend=4.0, script=HALF.replace("load v_F", "load 40.0"))
SECOND = SECOND.replace("load v_F", "load 40.0")
out = t.must_run(SECOND, wd, variables={"dt": 0.004, "n": 1000, "every": 20})
again = [float(x) for x in next(l for l in out.splitlines() if l.startswith("WALL")).split()[1:]]
t.check("a restart file continues the loaded wall bitwise (position, velocity, force, load's work)",
        again[0] == whole[0] and again[1] == whole[1] and again[2] == whole[2] and again[4] == whole[4],
        f"{again} against {whole}")
rc, out = t.run_lammps(SECOND.replace("load 40.0 mass 5.0", ""), wd, variables={"dt": 0.004, "n": 1000, "every": 20})
t.check("a loaded wall's restart record read by a wall without a load: an ERROR that says so",
        rc != 0 and "holds the state of a wall driven by a load" in out,
        next((l for l in out.splitlines() if "ERROR" in l), out[-300:]))

# 3. a wall held at a load by its servo (keywords load F servo ALPHA vmax V): from out of
# contact it closes at vmax, then steps toward the position where the contact force is the load
SERVO = BLOCK.replace("load v_F mass ${mass}", "load ${load} servo ${alpha} vmax 0.02")
SERVO = SERVO.replace("f_w[5]-f_w[6]", "0.0")
rows, wall = block(0.004, tend=200.0, damp="fix damp all rrp/damping viscous 1.0 0.1",
                   dissipated="f_damp", script=SERVO, extra={"load": 40.0, "alpha": 0.05})
at = [float(r[3]) for r in rows]
t.check("servo: damped, the wall comes to rest where the contact force is the load (1e-6)",
        abs(wall[2] - 40.0) < 40e-6 and abs(wall[1]) < 1e-6,
        f"contact force {wall[2]:.10g} (load 40), velocity {wall[1]:.3g}")
t.check("servo: the atoms' balance kinetic + potential - the wall's work + damped closes (1e-3 of "
        "the wall's work)", max(abs(x - at[0]) for x in at) < 1e-3 * abs(wall[4] or 1.0) or
        max(abs(x - at[0]) for x in at) < 1e-3 * max(abs(float(r[1])) for r in rows),
        f"drift {max(abs(x - at[0]) for x in at):.3g}, potential {float(rows[-1][1]):.6g}")
sone = block(0.004, tend=20.0, script=SERVO, extra={"load": 40.0, "alpha": 0.2})
stwo = block(0.004, tend=20.0, np=2, script=SERVO, extra={"load": 40.0, "alpha": 0.2})
spread = max(float(r[6]) - float(r[7]) for r in stwo[0])
t.check("servo on 2 MPI ranks: the same wall on every rank; on 1 and 2 ranks within 1e-9",
        spread == 0.0 and abs(sone[1][0] - stwo[1][0]) < 1e-9,
        f"position {sone[1][0]!r} (1 rank), {stwo[1][0]!r} (2 ranks); spread {spread}")
SWHOLE = WHOLE.replace("load v_F mass ${mass}", "load 40.0 servo 0.2 vmax 0.02")
SHALF = HALF.replace("load v_F mass ${mass}", "load 40.0 servo 0.2 vmax 0.02")
swhole = block(0.004, tend=4.0, script=SWHOLE)[1]
block(0.004, tend=4.0, script=SHALF)
out = t.must_run(SECOND.replace("load 40.0 mass 5.0", "load 40.0 servo 0.2 vmax 0.02"), wd,
                 variables={"dt": 0.004, "n": 1000, "every": 20})
sagain = [float(x) for x in next(l for l in out.splitlines() if l.startswith("WALL")).split()[1:]]
t.check("servo: a restart file continues the wall bitwise (position, velocity, force)",
        sagain[:3] == swhole[:3], f"{sagain} against {swhole}")
rc, out = t.run_lammps(SECOND.replace("load 40.0", "load 40.0 servo 0.2 vmax 0.02", 1)
                       .replace("servo 0.2 vmax 0.02 mass 5.0", "mass 5.0"), wd,
                       variables={"dt": 0.004, "n": 1000, "every": 20})
t.check("servo: its restart record read by a wall with a mass: an ERROR naming both kinds",
        rc != 0 and "held at a load by a servo" in out and "with a mass" in out,
        next((l for l in out.splitlines() if "ERROR" in l), out[-300:]))

# the KOKKOS twin, where a KOKKOS LAMMPS and rrpkkplugin.so are built
KLMP = os.environ.get("RRP_LMP_KOKKOS", os.path.join(os.path.dirname(os.path.dirname(t.LMP)), "..", "kokkos",
                                                      "prefix", "bin", "lmp"))
KPLUGIN = os.environ.get("RRP_KK_PLUGIN", os.path.join(os.path.dirname(t.PLUGIN), "rrpkkplugin.so"))
if os.path.exists(KLMP) and os.path.exists(KPLUGIN):
    varying = block(0.004, tend=4.0)[1]
    with open(os.path.join(wd, "in.block"), "w") as fh:
        fh.write(BLOCK + "info fixes\n")
    cmd = [KLMP, "-k", "on", "t", "1", "-sf", "kk", "-in", "in.block", "-log", "none", "-echo", "none",
           "-var", "plugin", KPLUGIN]
    for k, v in {"dt": 0.004, "n": 1000, "every": 100, "damp": "", "dissipated": "0.0", "mass": 5.0}.items():
        cmd += ["-var", k, str(v)]
    import subprocess
    env = dict(os.environ, OMP_PROC_BIND="false", OMP_NUM_THREADS="1")
    env.pop("LD_LIBRARY_PATH", None)    # (the plain LAMMPS's library: the KOKKOS lmp has its own)
    p = subprocess.run(cmd, cwd=wd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600,
                       env=env)
    kk = next((l.split()[1:] for l in p.stdout.splitlines() if l.startswith("WALL")), None)
    t.check("fix rrp/wall/kk moves a loaded wall bitwise as the host style (1 thread, a load varying in time)",
            kk is not None and float(kk[0]) == varying[0] and float(kk[1]) == varying[1] and
            "rrp/wall/kk" in p.stdout, f"{kk[:2] if kk else p.stdout[-400:]} against {varying[:2]}")
else:
    print(f"(no KOKKOS LAMMPS at {KLMP} or no {KPLUGIN}: the KOKKOS check is skipped)")

# errors
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
ERRORS = [
    ("load without mass", "fix w all rrp/wall zhi 2 100 load 1.0\n", "Fix rrp/wall load needs the wall's mass"),
    ("mass without load", "fix w all rrp/wall zhi 2 100 mass 1.0\n", "Fix rrp/wall mass M is given without a load"),
    ("a zero mass", "fix w all rrp/wall zhi 2 100 load 1.0 mass 0\n", "Fix rrp/wall mass M = 0 must be a finite number > 0"),
        ("a variable position with a load", "variable z equal 2\nfix w all rrp/wall zhi v_z 100 load 1 mass 1\n",
     "Fix rrp/wall with load: coord v_z is a variable"),
    ("a keyword twice", "fix w all rrp/wall zhi 2 100 load 1 mass 1 mass 2\n", "Fix rrp/wall keyword mass is given twice"),
    ("an unknown keyword", "fix w all rrp/wall zhi 2 100 drag 1\n", "unexpected argument drag"),
    ("a missing load variable", "fix w all rrp/wall zhi 2 100 load v_nope mass 1\nrun 0\n",
     "Variable nope for fix rrp/wall load does not exist"),
    ("an atom-style load variable", "variable a atom x\nfix w all rrp/wall zhi 2 100 load v_a mass 1\nrun 0\n",
     "Variable a for fix rrp/wall load is not equal-style"),
    ("a load that turns infinite", "variable a equal exp(1000*step)\nfix 1 all nve/sphere\n"
     "fix w all rrp/wall zhi 2 100 load v_a mass 1\nrun 3\n", "Fix rrp/wall: variable a gives the load"),
    ("respa", "run_style respa 2 2\nfix w all rrp/wall zhi 2 100 load 1 mass 1\nrun 1\n",
     "Fix rrp/wall w with load does not support run_style respa"),
    ("servo without vmax", "fix w all rrp/wall zhi 2 100 load 1 servo 0.5\n",
     "Fix rrp/wall servo: servo ALPHA and vmax V go together"),
    ("servo and mass", "fix w all rrp/wall zhi 2 100 load 1 servo 0.5 vmax 1 mass 1\n",
     "Fix rrp/wall takes mass M (a wall with inertia) or servo ALPHA"),
    ("servo alpha 1.5", "fix w all rrp/wall zhi 2 100 load 1 servo 1.5 vmax 1\n",
     "Fix rrp/wall servo ALPHA = 1.5 must be in (0, 1]"),
    ("servo without load", "fix w all rrp/wall zhi 2 100 servo 0.5 vmax 1\n",
     "Fix rrp/wall servo is given without a load"),
    ("a negative vmax", "fix w all rrp/wall zhi 2 100 load 1 servo 0.5 vmax -1\n",
     "Fix rrp/wall vmax V = -1 must be a finite speed > 0"),
]
for name, lines, want in ERRORS:
    rc, out = t.run_lammps(SPHERE + lines.replace("\\n", "\n"), wd)
    err = next((l for l in out.splitlines() if "ERROR" in l), "")
    t.check(f"fix rrp/wall {name}: one ERROR", rc != 0 and want in err, err or out[-300:])
t.finish()
