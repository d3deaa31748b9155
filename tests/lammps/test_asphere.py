"""fix rrp/nve/asphere (atom_style ellipsoid): the general-inertia RRP map on LAMMPS's ellipsoids.

- a free asymmetric ellipsoid, principal moments (1, 2, 2.9): angular momentum bitwise constant,
  energy to round-off over 20,000 steps, while fix nve/asphere's energy drifts (measured beside);
- compute rrp/momentum: spin angular momentum = sum of angmom, rotational energy = compute
  erotate/asphere's;
- LAMMPS's own examples/ellipse/in.ellipse.gayberne and in.ellipse.resquared (read from the LAMMPS
  tree), `fix 1 all nve/asphere` swapped for `fix 1 all rrp/nve/asphere`: they run, the total
  energy (etotal + erotate/asphere) is conserved in the NVE part as well as with fix nve/asphere;
- restart: a continued run equals one restarted from write_restart, bitwise;
- join (one pass a step): the bits of join no on 1 and 2 ranks and beside fix nvt;
- MPI: 2 ranks agree with 1;
- atom_style hybrid sphere ellipsoid, ellipsoids and spheres under the two rrp integrators;
- bad input: an atom without a shape, a step too large to solve, atom_style sphere, a second
  integrator, compute rrp/atom on ellipsoids: each stops with an ERROR naming it."""
import os
import re

import rrptest as t

FREE = """
plugin load ${plugin}
units lj
atom_style ellipsoid
boundary f f f
region box block -10 10 -10 10 -10 10
create_box 1 box
create_atoms 1 single 0 0 0
set atom 1 mass 1.0
# radii (3.1225, 2.1794, 0.5): principal moments m/5 (b^2+c^2, c^2+a^2, a^2+b^2) = (1, 2, 2.9)
set atom 1 shape 6.244997998398398 4.358898943540674 1.0
set atom 1 quat 0.3 0.5 0.8 37
set atom 1 angmom 0.3 0.9 0.4
compute rot all erotate/asphere
compute mom all rrp/momentum
compute am all property/atom angmomx angmomy angmomz
compute ams all reduce sum c_am[1] c_am[2] c_am[3]
pair_style zero 1.0
pair_coeff * *
neighbor 0 bin
fix 1 all ${integ}
timestep 0.01
thermo_style custom step c_rot c_mom[8] c_ams[1] c_ams[2] c_ams[3] c_mom[4] c_mom[5] c_mom[6]
thermo_modify format float %.17g
thermo 1000
run 20000
"""


def thermo_rows(out, first="Step"):
    """The rows of every thermo table in the output: lists of floats."""
    rows, on = [], False
    for line in out.splitlines():
        s = line.split()
        if s and s[0] == first:
            on = True
            continue
        if on:
            try:
                rows.append([float(x) for x in s])
            except ValueError:
                on = False
    return rows


# --- a free asymmetric ellipsoid ---
res = {}
for integ in ("rrp/nve/asphere", "nve/asphere"):
    wd = t.workdir("asphere-free")
    out = t.must_run(FREE, wd, variables={"integ": integ})
    res[integ] = thermo_rows(out)
rows = res["rrp/nve/asphere"]
E0 = rows[0][1]
dE = max(abs(r[1] - E0) for r in rows) / E0
L0 = rows[0][3:6]
dL = max(max(abs(a - b) for a, b in zip(r[3:6], L0)) for r in rows)
ref = res["nve/asphere"]
dE_ref = max(abs(r[1] - ref[0][1]) for r in ref) / ref[0][1]
t.check("free ellipsoid, 20000 steps: angmom bitwise constant", len(rows) == 21 and dL == 0.0,
        f"max |L - L0| = {dL:.3g}")
t.check("free ellipsoid: energy to round-off (and >= 1e3 x below fix nve/asphere's)",
        dE < 1e-13 and dE * 1e3 < dE_ref, f"rrp/nve/asphere {dE:.2e}, nve/asphere {dE_ref:.2e}")
t.check("compute rrp/momentum: KE_rot = erotate/asphere, spin L = sum angmom",
        all(abs(r[2] - r[1]) <= 1e-14 * r[1] for r in rows) and
        all(max(abs(a - b) for a, b in zip(r[6:9], r[3:6])) <= 1e-15 for r in rows),
        f"KE_rot {rows[-1][2]:.16g} vs {rows[-1][1]:.16g}")

# --- LAMMPS's own Gay-Berne and RE-squared ellipse examples, integrator line swapped ---
# etotal holds the translational kinetic energy only: the conserved total adds erotate/asphere
for name in ("gayberne", "resquared"):
    drift = {}
    for integ in ("nve/asphere", "rrp/nve/asphere"):
        wd = t.workdir(f"ellipse-{name}")
        path = t.lammps_example(f"ellipse/in.ellipse.{name}", [
            ("fix          1 all nve/asphere", f"fix          1 all {integ}\n"
             "compute      erot all erotate/asphere\nvariable     etot equal etotal+c_erot\n"
             "thermo_style custom step c_rot epair etotal press vol c_erot v_etot\n"
             "thermo_modify norm no format float %.15g"),
        ], wd)
        out = t.run_example(path, wd)
        nve = thermo_rows("Step " + out.split("Step ")[-1])
        e = [r[7] for r in nve]
        drift[integ] = (max(abs(x - e[0]) for x in e) / abs(e[0]), nve)
    d_ref, ref = drift["nve/asphere"]
    d, nve = drift["rrp/nve/asphere"]
    t.check(f"in.ellipse.{name} with fix rrp/nve/asphere: the NVE part runs, total energy "
            "(etotal + erotate/asphere) kept as well as by fix nve/asphere",
            len(nve) == len(ref) and len(nve) >= 21 and d < max(2.0 * d_ref, 1e-5),
            f"max |E - E0|/|E0| {d:.2e} (nve/asphere {d_ref:.2e}) over {len(nve)} thermo rows")
    t.check(f"in.ellipse.{name}: both start the NVE part from the same state",
            nve[0][1:] == ref[0][1:], f"E0 {nve[0][7]:.15g} and {ref[0][7]:.15g}")

# --- restart and MPI on a small Gay-Berne system ---
QUAT = "compute q all property/atom quatw quati quatj quatk\n"
SYSTEM = """
plugin load ${plugin}
units lj
atom_style ellipsoid
lattice sc 0.02
region box block 0 6 0 6 0 6
create_box 2 box
create_atoms 1 box
set group all type/fraction 2 0.5 95392
set type 1 mass 1.0
set type 2 mass 1.5
set type 1 shape 1 1 1
set type 2 shape 3 1 1
set group all quat/random 18238
velocity all create 1.5 87287 loop geom
pair_style gayberne 1.0 3.0 1.0 4.0
pair_coeff 1 1 3.0 1.0 1 1 1 1 1 1 2.5
pair_coeff 1 2 3.0 1.0 1 1 1 0 0 0
pair_coeff 2 2 1.0 1.0 1 1 0.2 0 0 0
neighbor 0.8 bin
timestep 0.002
fix 1 all rrp/nve/asphere
thermo 50
""" + QUAT
COLS = "id x y z vx vy vz angmomx angmomy angmomz c_q[1] c_q[2] c_q[3] c_q[4]"
DUMP = f"write_dump all custom {{}} {COLS} modify sort id format float %.17g\n"

wd = t.workdir("asphere-restart")
t.must_run(SYSTEM + "run 100\nwrite_restart half.restart\nrun 100\n" + DUMP.format("straight.dump"), wd)
t.must_run("plugin load ${plugin}\nread_restart half.restart\npair_coeff 1 1 3.0 1.0 1 1 1 1 1 1 2.5\n"
           "pair_coeff 1 2 3.0 1.0 1 1 1 0 0 0\npair_coeff 2 2 1.0 1.0 1 1 0.2 0 0 0\n"
           "neighbor 0.8 bin\ntimestep 0.002\nfix 1 all rrp/nve/asphere\n" + QUAT + "run 100\n"
           + DUMP.format("restarted.dump"), wd)
a = t.dump_lines(os.path.join(wd, "straight.dump"))
b = t.dump_lines(os.path.join(wd, "restarted.dump"))
t.check("restart: 100 + 100 steps equal a restart after 100, bitwise", len(a) == 216 and a == b,
        f"{len(a)} atoms, {sum(x != y for x, y in zip(a, b))} lines differ")

# join (default yes): a step's second half kick made by the next step's first half, body by body,
# gives the bits of join no, on 1 and 2 ranks, across output steps and two runs, and beside a
# thermostat measuring all atoms (fix nvt of an empty group, where it does not join)
NVT = ("group none empty\ncompute tall all temp\nfix 2 none nvt temp 1.5 1.5 0.1\n"
       "fix_modify 2 temp tall\nthermo_style custom step pe ke f_2\n")
for np, extra, label in ((1, "", "1 rank"), (2, "", "2 ranks"), (1, NVT, "1 rank, fix nvt measuring all atoms")):
    out = {}
    for join in ("yes", "no"):
        wd = t.workdir(f"asphere-join-{join}")
        o = t.must_run(SYSTEM.replace("fix 1 all rrp/nve/asphere\n", f"fix 1 all rrp/nve/asphere join {join}\n")
                       + extra + "thermo_modify format float %.17g\nrun 120\nrun 37\n"
                       + DUMP.format("end.dump"), wd, np=np)
        out[join] = (t.dump_lines(os.path.join(wd, "end.dump")),
                     [r for r in thermo_rows(o)])
    (ay, ty), (an, tn) = out["yes"], out["no"]
    t.check(f"join yes gives join no's bits ({label}): atoms after 157 steps and thermo lines",
            len(ay) == 216 and ay == an and len(ty) >= 6 and ty == tn,
            f"{sum(x != y for x, y in zip(ay, an))} of {len(ay)} atom lines, "
            f"{sum(x != y for x, y in zip(ty, tn))} of {len(ty)} thermo lines differ")
wd = t.workdir("asphere-join-bad")
rc, o = t.run_lammps(SYSTEM.replace("fix 1 all rrp/nve/asphere\n", "fix 1 all rrp/nve/asphere join maybe\n"), wd)
t.check("fix rrp/nve/asphere join maybe is refused", rc != 0 and "maybe" in o,
        next((line for line in o.splitlines() if "ERROR" in line), "no ERROR line"))

runs = {}
for np in (1, 2):
    wd = t.workdir(f"asphere-np{np}")
    t.must_run(SYSTEM + "run 200\n" + DUMP.format("end.dump"), wd, np=np)
    runs[np] = [[float(v) for v in l.split()] for l in t.dump_lines(os.path.join(wd, "end.dump"))]
diff = max(abs(x - y) for r1, r2 in zip(runs[1], runs[2]) for x, y in zip(r1[1:], r2[1:]))
t.check("MPI: 2 ranks agree with 1 after 200 steps", len(runs[2]) == 216 and diff < 1e-9,
        f"max difference {diff:.2e}")

# --- atom_style hybrid sphere ellipsoid: an ellipsoid under rrp/nve/asphere, a sphere under rrp/nve ---
HYBRID = """
plugin load ${plugin}
units lj
atom_style hybrid sphere ellipsoid
boundary f f f
region box block -10 10 -10 10 -10 10
create_box 2 box
create_atoms 1 single 0 0 0
create_atoms 2 single 3 0 0
set atom 1 shape 2 1 1
set atom 1 mass 1.0
set atom 2 diameter 1.0
set atom 2 density 1.0
set atom 2 shape 0 0 0
set atom 1 angmom 0.1 0.3 0.2
set atom 1 quat 1 2 3 40
set atom 2 omega 0.5 0.1 0.0
group ell type 1
group sph type 2
compute m all rrp/momentum
fix 1 ell rrp/nve/asphere
fix 2 sph rrp/nve
pair_style zero 2
pair_coeff * *
thermo_style custom step c_m[4] c_m[5] c_m[6] c_m[8]
thermo_modify format float %.17g
thermo 500
run 1000
"""
rows = thermo_rows(t.must_run(HYBRID, t.workdir("asphere-hybrid")))
dev = max(abs(a - b) / abs(b) for r in rows for a, b in zip(r[1:], rows[0][1:]))
t.check("hybrid sphere ellipsoid: rrp/nve/asphere and rrp/nve side by side keep L and KE_rot",
        len(rows) == 3 and dev < 1e-13, f"max relative change {dev:.2e}")

# --- bad input ---
def error_of(script, **kw):
    wd = t.workdir("asphere-error")
    rc, out = t.run_lammps(script, wd, **kw)
    line = next((l for l in out.splitlines() if "ERROR" in l), "(no ERROR line)")
    return rc, line


ONE = FREE.replace("fix 1 all ${integ}", "fix 1 all rrp/nve/asphere").replace("run 20000", "run 10")
rc, err = error_of(ONE.replace("compute rot all erotate/asphere", "").replace("c_rot", "").replace(
    "set atom 1 shape 6.244997998398398 4.358898943540674 1.0",
                               "create_atoms 1 single 1 1 1\nset atom 2 mass 1.0\n"
                               "set atom 1 shape 6.244997998398398 4.358898943540674 1.0"))
t.check("an atom without a shape is refused, naming it", rc != 0 and "atom 2 has no ellipsoid shape" in err, err)
rc, err = error_of(ONE.replace("set atom 1 angmom 0.3 0.9 0.4", "set atom 1 angmom 300 900 400"))
t.check("a step too large to solve stops, with h |omega|", rc != 0 and "cannot be solved" in err
        and re.search(r"h \|omega\| = [0-9.]+", err) is not None, err)
rc, err = error_of("plugin load ${plugin}\natom_style sphere\nregion b block 0 1 0 1 0 1\n"
                   "create_box 1 b\nfix 1 all rrp/nve/asphere\n")
t.check("atom_style sphere is refused", rc != 0 and "requires atom_style ellipsoid" in err, err)
rc, err = error_of(ONE.replace("fix 1 all rrp/nve/asphere", "fix 1 all rrp/nve/asphere\nfix 2 all nve"))
t.check("a second integrator on the same atoms is refused, naming both",
        rc != 0 and "also integrated by fix 2 (style nve)" in err, err)
rc, err = error_of(ONE.replace("compute rot all erotate/asphere", "compute rot all erotate/asphere\n"
                               "compute ra all rrp/atom\ndump d all custom 5 ra.dump id c_ra[1]"))
t.check("compute rrp/atom on ellipsoids is refused, naming the ellipsoid data",
        rc != 0 and "ellipsoid data" in err, err)

# run_style respa, as fix nve/asphere: with one inner step per outer step (respa 2 1, the
# Gay-Berne pair at the outer level) the run is the Verlet run to round-off, positions and
# orientations of 8 interacting ellipsoids alike
RESPA = """
plugin load ${plugin}
units lj
atom_style ellipsoid
boundary f f f
lattice sc 0.037
region box block -1 3 -1 3 -1 3
create_box 1 box
region cube block 0 1 0 1 0 1
create_atoms 1 region cube
set group all mass 1.0
set group all shape 3.0 1.0 1.0
set group all quat/random 4871
velocity all create 1.0 8122 loop geom
pair_style gayberne 1.0 3.0 1.0 4.0
pair_coeff * * 3.0 1.0 1.0 1.0 0.2 1.0 1.0 0.2
neighbor 0.5 bin
comm_modify cutoff 6.0
fix 1 all rrp/nve/asphere
RUNSTYLE
timestep 0.002
compute q all property/atom quatw quati quatj quatk
dump d all custom 300 final.dump id x y z c_q[1] c_q[2] c_q[3] c_q[4]
dump_modify d format float %.17g
run 300
"""
finals = {}
for style in ("", "run_style respa 2 1 pair 2"):
    wd = t.workdir("asphere-respa")
    t.must_run(RESPA.replace("RUNSTYLE", style), wd)
    finals[style or "verlet"] = t.read_dump(os.path.join(wd, "final.dump"))
a, b = finals["verlet"], finals["run_style respa 2 1 pair 2"]
diff = max(abs(x - y) for i in a for x, y in zip(a[i], b[i])) if a and set(a) == set(b) else float("inf")
t.check("run_style respa 2 1 with the pair at the outer level: the Verlet run's positions and quaternions",
        len(a) == 8 and diff < 1e-11, f"largest difference {diff:.3g} over {len(a)} ellipsoids")

t.finish()
