"""The binder as a material (doc/theory.rst section 6), through LAMMPS:
- a clamped chain of 11 spheres under a small transverse tip load: with shear linear the tip's
  deflection and rotation are the closed form of the discrete Timoshenko chain to 1e-4,
  proportional to the load and static; with the paper's shear forms (convected, paper) the chain
  has no small-strain shear stiffness: it still creeps after 100,000 steps, far past the linear
  deflection, and its deflection is not proportional to the load;
- a twisted dimer oscillates at sqrt(2 Kt/I) with bond_coeff N Kb Kt Ka Ks, at sqrt(2 Km/I) with
  N Km Ka Ks;
- the labels of the atoms do not matter: a chain and a packing created in another order (other
  IDs, the same positions, velocities and spins) keep the same energies after 5000 steps;
- a free spinning packing with shear linear and Kt != Kb keeps its angular momentum to round-off;
- shear linear with Kb != Kt continues bitwise through write_restart/read_restart and through
  write_data/rrp/read_data, and write_data writes the five-number Bond Coeffs that read back."""
import math
import os
import random

import rrptest as t

N_SPHERES = 11
KB, KA, KS = 10.0, 200.0, 200.0

CHAIN = """
plugin load ${plugin}
units           lj
boundary        f f f
atom_style      hybrid sphere bond
atom_modify     map array
region          box block -2 14 -8 8 -8 8
create_box      1 box bond/types 1 extra/bond/per/atom 2 extra/special/per/atom 4
${atoms}
set             type 1 diameter 1.0
set             type 1 density 1.9
pair_style      zero 1.5
pair_coeff      * *
create_bonds    many all all 1 0.9 1.1
special_bonds   lj/coul 1.0 1.0 1.0
bond_style      rrp/binder shear ${form}
bond_coeff      1 ${coeffs}
"""


def chain_atoms(order):
    return "\n".join(f"create_atoms    1 single {k:.1f} 0 0" for k in order)


CANTILEVER = CHAIN + """
group           held id 1
group           free subtract all held
group           tip id 11
fix             1 free rrp/nve
fix             f tip addforce 0 ${F} 0
fix             v free viscous 0.22
compute         o all rrp/atom
compute         wy tip reduce max y
compute         rz tip reduce max c_o[10]
thermo_style    custom step c_wy c_rz
thermo_modify   format float %.17g
thermo          20000
timestep        0.002
run             100000
"""


def cantilever(form, F):
    """tip deflection and rotation (about z) every 20000 steps"""
    wd = t.workdir("cantilever")
    out = t.must_run(CANTILEVER.replace("${atoms}", chain_atoms(range(N_SPHERES))), wd,
                     variables={"form": form, "F": F, "coeffs": f"{KB} {KA} {KS}"})
    lines = out.splitlines()
    k = next(i for i, l in enumerate(lines) if l.split()[:2] == ["Step", "c_wy"])
    rows = [[float(x) for x in l.split()] for l in lines[k + 1:k + 7]]
    return [r[1] for r in rows], [r[2] for r in rows]


n = N_SPHERES - 1


def closed_form(F):
    """the discrete Timoshenko chain (doc/theory.rst section 6), L0 = 1"""
    return F * n ** 3 / (3 * KB) - F * n / (12 * KB) + F * n / KS, F * n ** 2 / (2 * KB)


# shear linear: the closed form, proportional, static
w = {}
for F in (1e-5, 1e-3):
    wy, rz = cantilever("linear", F)
    w[F] = wy
    w_exact, r_exact = closed_form(F)
    t.check(f"shear linear, F = {F}: tip deflection and rotation are the discrete chain's",
            abs(wy[-1] / w_exact - 1) < 1e-4 and abs(rz[-1] / r_exact - 1) < 1e-4,
            f"w {wy[-1]:.8g} (closed form {w_exact:.8g}), rotation {rz[-1]:.8g} ({r_exact:.8g})")
    t.check(f"shear linear, F = {F}: static", abs(wy[-1] - wy[-2]) < 1e-4 * abs(wy[-1]),
            f"last 20000 steps moved it by {abs(wy[-1] - wy[-2]) / abs(wy[-1]):.2g} of itself")
ratio = w[1e-3][-1] / w[1e-5][-1]
t.check("shear linear: deflection proportional to the load", abs(ratio / 100 - 1) < 1e-4, f"w(1e-3)/w(1e-5) = {ratio:.8g}")

# the paper's shear forms: no small-strain shear stiffness
for form in ("convected", "paper"):
    wy5, _ = cantilever(form, 1e-5)
    wy3, _ = cantilever(form, 1e-3)
    w_lin = closed_form(1e-5)[0]
    t.check(f"shear {form}, F = 1e-5: still creeping after 100000 steps, far past the linear deflection",
            wy5[-1] > 1.1 * wy5[-3] and wy5[-1] > 10 * w_lin,
            f"w at 60000 / 100000 steps: {wy5[-3]:.4g} / {wy5[-1]:.4g} (shear linear: {w_lin:.4g})")
    r = wy3[-1] / wy5[-1]
    t.check(f"shear {form}: not proportional to the load", r < 50, f"w(1e-3)/w(1e-5) = {r:.4g} (proportional: 100)")

# twist apart from bending: a dimer twisted about its bond oscillates at sqrt(2 Kt/I)
TWIST = CHAIN + """
fix             1 all rrp/nve
variable        wx atom 0.01*(2*(x<0.5)-1)
set             group all omega v_wx 0 0
group           one id 1
compute         p all property/atom omegax
compute         wmax one reduce max c_p
thermo_style    custom step time c_wmax
thermo_modify   format float %.17g
thermo          1
timestep        0.0005
run             4000
"""
mass = 1.9 * math.pi / 6
inertia = 0.1 * mass
for coeffs, k_twist in ((f"{KB} 4.0 {KA} {KS}", 4.0), (f"{KB} {KA} {KS}", KB)):
    wd = t.workdir("twist")
    out = t.must_run(TWIST.replace("${atoms}", chain_atoms(range(2))), wd, variables={"form": "linear", "coeffs": coeffs})
    lines = out.splitlines()
    k = next(i for i, l in enumerate(lines) if l.split()[:2] == ["Step", "Time"])
    rows = [[float(x) for x in l.split()] for l in lines[k + 1:k + 4002]]
    # omega_x of atom 1 is a cosine: its downward zero crossings are a period apart
    cross = []
    for a, b in zip(rows, rows[1:]):
        if a[2] > 0 >= b[2] or a[2] < 0 <= b[2]:
            cross.append(a[1] + (b[1] - a[1]) * a[2] / (a[2] - b[2]))
    period = 2 * (cross[-1] - cross[0]) / (len(cross) - 1) if len(cross) > 2 else float("nan")
    expected = 2 * math.pi / math.sqrt(2 * k_twist / inertia)
    t.check(f"bond_coeff 1 {coeffs}: the twist period is 2 pi/sqrt(2 Kt/I), Kt = {k_twist}",
            abs(period / expected - 1) < 2e-4, f"period {period:.8g}, expected {expected:.8g}")

# the labels do not matter: a chain and a packing made in another order (the study's runner)
import study_binder_mechanics as study  # noqa: E402

rng = random.Random(33)
chain = [f"{k:.1f} 0 0" for k in range(N_SPHERES)]
grid = [f"{x + 0.03 * rng.uniform(-1, 1):.6f} {y + 0.03 * rng.uniform(-1, 1):.6f} {z + 0.03 * rng.uniform(-1, 1):.6f}"
        for x in range(3) for y in range(3) for z in range(3)]
for name, sites in (("chain", chain), ("packing of 27", grid)):
    for model in ("rrp linear", "rrp convected"):
        a = study.label_energies(model, sites, list(range(len(sites))))
        b = study.label_energies(model, sites, rng.sample(range(len(sites)), len(sites)))
        dev = max(abs(x - y) / max(abs(x), 1e-300) for x, y in zip(a, b))
        t.check(f"{name}, {model}: the energies after 5000 steps do not depend on the atoms' labels",
                dev < 1e-10 and min(a) > 0, f"bond, translational, rotational energy {a}, largest relative "
                f"difference {dev:.2g}")

# a free, spinning packing with shear linear and Kt != Kb keeps its angular momentum to round-off
FREE = """
plugin load ${plugin}
units           lj
boundary        f f f
atom_style      hybrid sphere bond
region          box block -6 10 -6 10 -6 10
create_box      1 box bond/types 1 extra/bond/per/atom 8 extra/special/per/atom 30
""" + "\n".join(f"create_atoms    1 single {p}" for p in grid) + """
set             type 1 diameter 1.0
set             type 1 density 1.9
""" + t.spinning(0.4, 0.05) + """
velocity        all set 0.3 0 0 sum yes
pair_style      zero 1.5
pair_coeff      * *
create_bonds    many all all 1 0.0 1.2
special_bonds   lj/coul 1.0 1.0 1.0
pair_style      rrp/hertz
pair_coeff      * * 2100.0
bond_style      rrp/binder shear linear
bond_coeff      1 10.0 4.0 200.0 200.0
fix             1 all rrp/nve
compute         m all rrp/momentum
thermo_style    custom step c_m[4] c_m[5] c_m[6] ebond
thermo_modify   format float %.17g norm no
thermo          5000
timestep        0.002
run             5000
"""
out = t.must_run(FREE, t.workdir("free-linear"))
lines = out.splitlines()
k = next(i for i, l in enumerate(lines) if l.split()[:2] == ["Step", "c_m[4]"])
L0, L1 = ([float(x) for x in lines[k + j].split()[1:4]] for j in (1, 2))
dL = max(abs(a - b) for a, b in zip(L0, L1)) / max(abs(a) for a in L0)
t.check("a free spinning packing (shear linear, Kt != Kb) keeps its angular momentum to round-off (5000 steps)",
        dL < 1e-12, f"L {L0} -> {L1}, relative change {dL:.2g}")

# restart and data files carry shear linear and Kt
STATE = """
plugin load ${plugin}
units           lj
boundary        p p p
atom_style      hybrid sphere bond
""" + t.jittered_lattice(5, slots=14, specials=40, jitter=0.03, seed=771, diameter=1.0) + """
mass            * 1.0
variable        ox atom 2.0*sin(5.1*x+1.3*y)
variable        oy atom 2.0*cos(2.3*y-0.7*z)
variable        vx atom 0.3*cos(3.1*y+z)
set             group all omega v_ox v_oy 0.5
velocity        all set v_vx 0.1 -0.2
pair_style      rrp/hertz
pair_coeff      * * 2000.0
fix             pre all rrp/nve
timestep        0.002
run             200
unfix           pre
create_bonds    many all all 1 0.0 1.15
special_bonds   lj/coul 1.0 1.0 1.0
bond_style      rrp/binder shear linear
bond_coeff      1 10.0 4.0 200.0 200.0 0.05 0.3 0.4 0.6
fix             1 all rrp/nve
run             100
write_restart   state.restart
write_data      state.data
run             200
write_dump      all custom uninterrupted.dump id x y z vx vy vz omegax omegay omegaz modify sort id format float %.17g
"""
READ = """
plugin load ${plugin}
units           lj
atom_style      hybrid sphere bond
${reading}
pair_style      rrp/hertz
pair_coeff      * * 2000.0
fix             1 all rrp/nve
timestep        0.002
run             200
write_dump      all custom continued.dump id x y z vx vy vz omegax omegay omegaz modify sort id format float %.17g
"""
wd = t.workdir("binder-files")
t.must_run(STATE, wd)
coeffs = next(l for l in open(os.path.join(wd, "state.data")).read().split("Bond Coeffs")[1].splitlines()
              if l.strip() and not l.strip().startswith("#"))
t.check("write_data writes Kb Kt Ka Ks and the critical values", coeffs.split("#")[0].split()[1:] ==
        ["10", "4", "200", "200", "0.05", "0.3", "0.4", "0.6"], coeffs)
uninterrupted = t.read_dump(os.path.join(wd, "uninterrupted.dump"))
for reading, label in (("read_restart state.restart", "read_restart"),
                       ("boundary p p p\npair_style rrp/hertz\nbond_style rrp/binder shear linear\nrrp/read_data state.data\nspecial_bonds lj/coul 1.0 1.0 1.0",
                        "rrp/read_data")):
    rc, out = t.run_lammps(READ.replace("${reading}", reading), wd)
    same = rc == 0 and t.read_dump(os.path.join(wd, "continued.dump")) == uninterrupted
    t.check(f"shear linear, Kt != Kb: {label} continues the run bitwise (200 steps)", same, out[-600:] if rc else "")

# bad input
for bad, needle in (("bond_coeff 1 10.0 200.0 200.0 0.1 0.2", "Incorrect number of args"),
                    ("bond_coeff 1 10.0 -4.0 200.0 200.0", "Kt = -4.0"),
                    ("bond_style rrp/binder shear quadratic", "use convected, linear or paper")):
    script = CHAIN.replace("bond_coeff      1 ${coeffs}", bad if bad.startswith("bond_coeff") else "bond_coeff 1 1 1 1")
    if bad.startswith("bond_style"):
        script = script.replace("bond_style      rrp/binder shear ${form}", bad)
    rc, out = t.run_lammps(script.replace("${atoms}", chain_atoms(range(3))), t.workdir("binder-bad"),
                           variables={"form": "linear"})
    err = next((l for l in out.splitlines() if "ERROR" in l), "")
    t.check(f"'{bad}' stops with an error naming it", rc != 0 and needle in err, err)
t.finish()
