"""fix rrp/rigid/small and fix rrp/rigid (rrprigidplugin.so): LAMMPS's fix rigid/small and fix
rigid with each body advanced by the variational map. Free bodies keep their angular momentum and energy to round-off, an asymmetric
clump and linear ones (a dimer, a straight trimer: a zero principal moment) alike, where fix
rigid/small's energy drifts and fix rigid/nve/small's angular momentum drifts (measured beside
it); LAMMPS's computes ke/rigid and erotate/rigid read it; -sf rrp switches fix rigid/small to
it; a restart continues bitwise; LAMMPS's examples/rigid/in.rigid.small runs with the line
swapped on 1, 2 and 4 ranks; compute rigid/local reads its bodies; fix rigid's force/torque
flags and fix rigid/small's langevin work through it; a step the map cannot solve stops naming
the body."""
import os
import re
import subprocess

import rrptest as t
import study_rigid as study  # noqa: E402  (scripts/, on the path through rrptest)

RIGID_PLUGIN = os.environ.get("RRP_RIGID_PLUGIN", "rrprigidplugin.so")

# the free-body input of the study (scripts/study_rigid.py), with the fix and its body keyword
# left as FIXSTYLE and BODYSTYLE, and the plugin as the index variable rigid
FREE = study.FREE.format(rigid="${rigid}", atoms="ATOMS", fix="FIXSTYLE",
                         body="BODYSTYLE", every=500, n=20000)
BODIES = study.BODIES


def rows(out):
    return study.rows(out, 5)


def drift(r):
    E0, L0 = r[0][1], r[0][2:5]
    nL = sum(v * v for v in L0) ** 0.5
    dE = max(abs(x[1] - E0) for x in r) / abs(E0)
    dL = max(max(abs(x[2 + k] - L0[k]) for k in range(3)) for x in r) / nL
    return dE, dL


for name, atoms in BODIES.items():
    text = FREE.replace("ATOMS", "\n".join(f"create_atoms 1 single {x} {y} {z}" for x, y, z in atoms))
    res = {}
    for style in ("rrp/rigid/small", "rigid/small", "rigid/nve/small", "rrp/rigid", "rigid", "rigid/nve"):
        wd = t.workdir("rigid")
        body = "custom v_one" if "small" in style else "single"
        script = text.replace("FIXSTYLE", style).replace("BODYSTYLE", body)
        res[style] = drift(rows(t.must_run(script, wd, variables={"rigid": RIGID_PLUGIN})))
    for rrp, ref, nve in (("rrp/rigid/small", "rigid/small", "rigid/nve/small"), ("rrp/rigid", "rigid", "rigid/nve")):
        (e, l), (e1, l1), (e2, l2) = res[rrp], res[ref], res[nve]
        t.check(f"free {name}, 2e4 steps at h = 0.01: L and energy to round-off with {rrp}",
                e < 1e-13 and l < 1e-13,
                f"rrp: |dE|/E {e:.2g}, |dL|/|L| {l:.2g}; {ref}: {e1:.2g}, {l1:.2g}; {nve}: {e2:.2g}, {l2:.2g}")

# -sf rrp: fix rigid/small becomes rigid/small/rrp
wd = t.workdir("rigid")
text = FREE.replace("ATOMS", "\n".join(f"create_atoms 1 single {x} {y} {z}" for x, y, z in BODIES["asymmetric clump"]))
with open(os.path.join(wd, "in.sf"), "w") as fh:
    fh.write(text.replace("FIXSTYLE", "rigid/small").replace("BODYSTYLE", "custom v_one"))
p = subprocess.run([t.LMP, "-sf", "rrp", "-in", "in.sf", "-log", "none", "-echo", "none", "-var", "rigid", RIGID_PLUGIN],
                   cwd=wd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
e, l = drift(rows(p.stdout)) if p.returncode == 0 else (1.0, 1.0)
t.check("-sf rrp switches fix rigid/small to rigid/small/rrp", p.returncode == 0 and e < 1e-13, f"|dE|/E {e:.2g}")

# compute rigid/local reads the bodies of fix rrp/rigid/small: two clumps apart, their mass,
# centre, angular momentum and unit quaternion as the atoms give them (not its value mol: with
# atom_style atomic, LAMMPS 4Feb2025's compute rigid/local mol crashes under fix rigid/small too)
wd = t.workdir("rigid")
two = [(x, y, z) for x, y, z in BODIES["asymmetric clump"]] + [(x + 5.0, y, z) for x, y, z in BODIES["asymmetric clump"]]
LOCAL = (FREE.replace("ATOMS", "\n".join(f"create_atoms 1 single {x} {y} {z}" for x, y, z in two))
         .replace("FIXSTYLE", "rrp/rigid/small").replace("BODYSTYLE", "custom v_body").replace("variable one atom 1", "variable body atom 1+(id>4)")
         .replace("run 20000", "run 500\n"
                  "compute loc all rigid/local 1 mass x y z angmomx angmomy angmomz quatw quati quatj quatk\n"
                  "compute sum all reduce sum c_loc[1] c_loc[2] c_loc[5] c_loc[6] c_loc[7] inputs local\n"
                  "group one id 1:4\ngroup two id 5:8\n"
                  "variable Lb equal angmom(one,z)+angmom(two,z)\n"
                  "thermo_style custom step c_sum[1] c_sum[2] c_sum[3] c_sum[4] c_sum[5] v_Lb\n"
                  "thermo_modify format float %.17g norm no\nrun 100\n"
                  "dump d all local 100 loc.dump c_loc[1] c_loc[8] c_loc[9] c_loc[10] c_loc[11]\n"
                  "dump_modify d format float %.17g\nrun 0\n"
                  "print \"XCM $(xcm(one,x)+xcm(two,x):%.17g) $(mass(all):%.17g)\""))
out = t.must_run(LOCAL, wd, variables={"rigid": RIGID_PLUGIN})
last = [l.split() for l in out.splitlines() if len(l.split()) == 7 and l.split()[0] == "600"][0]
xcm = next(l for l in out.splitlines() if l.startswith("XCM")).split()
with open(os.path.join(wd, "loc.dump")) as fh:
    quats = [[float(v) for v in l.split()[1:]] for l in fh if len(l.split()) == 5 and not l.startswith("ITEM")]
qn = max(abs(sum(v * v for v in q) - 1.0) for q in quats)
m, sx, Lx, Ly, Lz, Lb = (float(v) for v in last[1:])
t.check("compute rigid/local reads fix rrp/rigid/small's two bodies: mass, centres, angular momentum, unit quaternions",
        abs(m - float(xcm[2])) < 1e-12 and abs(sx - float(xcm[1])) < 1e-9 and abs(Lz - Lb) < 1e-9 * max(1.0, abs(Lb))
        and len(quats) == 2 and qn < 1e-14,
        f"mass {m} vs {xcm[2]}, sum of x {sx} vs {xcm[1]}, sum of Lz {Lz} vs {Lb}, |q|^2-1 {qn:.2g} over {len(quats)} bodies")

# restart: bitwise continuation
RST = text.replace("FIXSTYLE", "rrp/rigid/small").replace("BODYSTYLE", "custom v_one").replace("run 20000", "run 1000\nwrite_restart half.restart\nrun 1000\n"
                                                           "print \"END $(v_E:%.17g) $(v_Lx:%.17g)\"")
out = t.must_run(RST, wd, variables={"rigid": RIGID_PLUGIN})
whole = next(l for l in out.splitlines() if l.startswith("END"))
out = t.must_run("plugin load ${rigid}\nread_restart half.restart\ncomm_modify cutoff 6.0\nvariable one atom 1\n"
                 "fix 1 all rrp/rigid/small custom v_one\ncompute ke all ke/rigid 1\ncompute er all erotate/rigid 1\n"
                 "variable E equal c_ke+c_er\nvariable Lx equal angmom(all,x)\nthermo_style custom step v_E\n"
                 "timestep 0.01\nrun 1000\nprint \"END $(v_E:%.17g) $(v_Lx:%.17g)\"\n", wd, variables={"rigid": RIGID_PLUGIN})
cont = next(l for l in out.splitlines() if l.startswith("END"))
t.check("a restart continues bitwise", whole == cont, f"{whole} / {cont}")

# LAMMPS's examples/rigid/in.rigid.small (fix rrp/rigid/small) and in.rigid (fix rrp/rigid), the
# fix line swapped, on 1 rank and on 2 and 4 with the box split along y and along x and y: the
# same energy to round-off growth (the bodies are read from the data file: the same on any grid)
for rel, data, old, new in (
        ("rigid/in.rigid.small", "data.rigid.small", "fix 1 all rigid/small molecule", "fix 1 all rrp/rigid/small molecule"),
        ("rigid/in.rigid", "data.rigid", "fix 1 all rigid group 9", "fix 1 all rrp/rigid group 9")):
    energies = {}
    for np, grid in ((1, None), (2, "1 2 1"), (4, "2 2 1")):
        wd = t.workdir("rigid")
        read = f"read_data       {data}"
        path = t.lammps_example(rel, [(old, "plugin load " + RIGID_PLUGIN + "\n" + new),
                                      (read, (f"processors {grid}\n" if grid else "") + read),
                                      ("thermo          50", "thermo_style    custom step etotal\n"
                                       "thermo_modify   format float %.15g\nthermo          50"),
                                      ("run             10000", "run             2000")], wd,
                                extra_files=(data,))
        out = t.run_example(path, wd, np=np)
        t.check(f"examples/{rel} with {new.split()[3]} on {np} rank(s) runs", "Total wall time" in out)
        last = [l.split() for l in out.splitlines() if l.split()[:1] == ["2000"]]
        energies[np] = float(last[-1][1]) if last else float("nan")
    e1 = energies[1]
    dev = max(abs(energies[np] - e1) / abs(e1) for np in (2, 4))
    t.check(f"examples/{rel}: 2 ranks (processors 1 2 1) and 4 (2 2 1) give the energy of 1 rank",
            dev < 1e-9, f"energies after 2000 steps {energies}, largest relative difference {dev:.2g}")

# bodies made during the run from molecule templates: LAMMPS's examples/deposit (fix deposit of
# rigid dimers) and examples/pour/in.pour.2d.molecule (fix pour of rigid V shapes, 2d), the fix
# line swapped (fix deposit and fix pour name the rigid fix by ID)
for rel, old, new, extra, run in (
        ("deposit/in.deposit.molecule.rigid-small", "fix\t\t1 addatoms rigid/small molecule mol dimer",
         "fix\t\t1 addatoms rrp/rigid/small molecule mol dimer", ("molecule.dimer",),
         ("run             10000", "run             3000")),
        ("pour/in.pour.2d.molecule", "fix             3 all rigid/small molecule mol object",
         "fix             3 all rrp/rigid/small molecule mol object", ("molecule.vshape",),
         ("run\t        25000", "run\t        5000"))):
    wd = t.workdir("rigid")
    path = t.lammps_example(rel, [(old, "plugin load " + RIGID_PLUGIN + "\n" + new), run], wd, extra_files=extra)
    out = t.run_example(path, wd)
    loops = re.findall(r"Loop time of \S+ on \d+ procs for (\d+) steps with (\d+) atoms", out)
    t.check(f"examples/{rel} with fix rrp/rigid/small: bodies inserted from templates, the run goes to its end",
            bool(loops) and int(loops[-1][1]) > 0, f"last run: {loops[-1] if loops else None} (steps, atoms)")

# a step the map cannot solve
wd = t.workdir("rigid")
FAST = text.replace("FIXSTYLE", "rrp/rigid/small").replace("BODYSTYLE", "custom v_one").replace(
    "velocity all create 1.0 4928 loop geom", "variable vz atom 5000*x\nvelocity all set 0 0 v_vz")
rc, out = t.run_lammps(FAST, wd, variables={"rigid": RIGID_PLUGIN})
err = next((l for l in out.splitlines() if "ERROR" in l), "")
t.check("a step the map cannot solve stops, naming the body and h |omega|",
        rc != 0 and "the body of atom" in err and "has no solution" in err and "h |omega|" in err, err)

# bad input: a second integrator on the same atoms; a body of zero mass
for style, body in (("rrp/rigid/small", "custom v_one"), ("rrp/rigid", "single")):
    two = text.replace("FIXSTYLE", style).replace("BODYSTYLE", body).replace("compute ke", "fix 2 all nve\ncompute ke")
    rc, out = t.run_lammps(two, t.workdir("rigid"), variables={"rigid": RIGID_PLUGIN})
    err = next((l for l in out.splitlines() if "ERROR" in l), "")
    t.check(f"{style}: a second integrator on its atoms is refused, naming it and an atom",
            rc != 0 and "are also integrated by fix 2 (style nve)" in err and "atom " in err, err)
# a body of zero mass (LAMMPS refuses zero-mass atoms; fix rigid's infile can give a body any
# mass)
wd = t.workdir("rigid")
with open(os.path.join(wd, "body.txt"), "w") as fh:
    fh.write("1\n1 0.0 0.3 0.5 0.5 1 1 1 0 0 0 0 0 0 0 0 0 0 0 0\n")
zero = text.replace("FIXSTYLE", "rrp/rigid").replace("BODYSTYLE", "single infile body.txt")
rc, out = t.run_lammps(zero, wd, variables={"rigid": RIGID_PLUGIN})
err = next((l for l in out.splitlines() if "ERROR" in l), "")
t.check("a body of zero mass is refused, naming it and its mass", rc != 0 and "body 1 has mass 0" in err, err)
# fix rigid's keywords through fix rrp/rigid: force and torque off freeze body 1 under gravity
# while body 2 falls; reinit no is taken
wd = t.workdir("rigid")
clump = BODIES["asymmetric clump"]
pair = [(x, y, z) for x, y, z in clump] + [(x + 5.0, y, z) for x, y, z in clump]
FLAGS = (FREE.replace("ATOMS", "\n".join(f"create_atoms 1 single {x} {y} {z}" for x, y, z in pair))
         .replace("FIXSTYLE", "rrp/rigid").replace("BODYSTYLE", "group 2 g1 g2 force 1 off off off torque 1 off off off reinit no")
         .replace("variable one atom 1", "group g1 id 1:4\ngroup g2 id 5:8\nvelocity all set 0 0 0\nfix g all gravity 1.0 vector 0.3 -0.2 -1")
         .replace("run 20000", "run 0\nprint \"A $(xcm(g1,z):%.17g) $(angmom(g1,x):%.17g) $(xcm(g2,z):%.17g)\"\nrun 200\n"
                  "print \"B $(xcm(g1,z):%.17g) $(angmom(g1,x):%.17g) $(xcm(g2,z):%.17g) $(angmom(g2,x):%.17g)\""))
out = t.must_run(FLAGS, wd, variables={"rigid": RIGID_PLUGIN})
a = [float(v) for v in next(l for l in out.splitlines() if l.startswith("A ")).split()[1:]]
b = [float(v) for v in next(l for l in out.splitlines() if l.startswith("B ")).split()[1:]]
t.check("fix rrp/rigid force/torque off: body 1 stays put under gravity, body 2 falls",
        abs(a[0] - b[0]) < 1e-12 and b[1] == 0.0 and b[2] < a[2] - 1.0, f"before {a}, after {b}")

# langevin (fix rigid/small's keyword) thermostats the bodies of fix rrp/rigid/small as LAMMPS's:
# a gas of 64 clumps at kT = 2, the mean kinetic energy (translation + rotation) over the second
# half of the run against equipartition, 6/2 kT per body
wd = t.workdir("rigid")
study.clump_file(wd)
res = {}
for style in ("rrp/rigid/small", "rigid/small"):
    gas = study.GAS.format(rigid="${rigid}", fix=style, h=0.005, every=20000, n=20000).replace(
        "fix 1 all " + style + " molecule", "fix 1 all " + style + " molecule langevin 2.0 2.0 0.5 8123\n"
        "compute ke all ke/rigid 1\ncompute er all erotate/rigid 1\nvariable K equal c_ke+c_er\n"
        "fix ave all ave/time 100 100 20000 v_K start 10000").replace("thermo_style custom step etotal",
                                                                        "thermo_style custom step f_ave")
    out = t.must_run(gas, wd, variables={"rigid": RIGID_PLUGIN})
    res[style] = [float(w[1]) for w in (l.split() for l in out.splitlines()) if len(w) == 2 and w[0] == "20000"][0]
want = 64 * 3 * 2.0
t.check("langevin on fix rrp/rigid/small: the bodies' mean kinetic energy at equipartition (6/2 kT per body)",
        abs(res["rrp/rigid/small"] / want - 1.0) < 0.1,
        f"rrp/rigid/small {res['rrp/rigid/small']:.1f}, rigid/small {res['rigid/small']:.1f}, 3 kT per body: {want:.0f}")
# run_style respa: the body step takes the innermost level's step (fix rigid/small's dtv); a gas
# of clumps with two inner steps per outer step runs as under LAMMPS's fix rigid/small with the
# same respa, up to the difference of the rotation maps (LAMMPS's rigid/small under respa 2 1
# differs from its Verlet run by 0.4% here itself, so respa is held against respa)
energies = {}
for fix in ("rigid/small", "rrp/rigid/small"):
    wd = t.workdir("rigid")
    study.clump_file(wd)
    gas = study.GAS.format(rigid="${rigid}", fix=fix, h=0.01, every=100, n=1000).replace(
        "timestep", "run_style respa 2 2 pair 2\ntimestep")
    energies[fix] = [r[1] for r in study.rows(t.must_run(gas, wd, variables={"rigid": RIGID_PLUGIN}), 2)]
a, b = energies["rigid/small"], energies["rrp/rigid/small"]
diff = max(abs(x - y) / abs(x) for x, y in zip(a, b)) if a and len(a) == len(b) else float("inf")
t.check("run_style respa 2 2: fix rrp/rigid/small's energies those of fix rigid/small under the same respa",
        len(a) == 11 and diff < 1e-6, f"{len(a)} rows, largest relative difference {diff:.3g}")

# the ghost bodies' upkeep: fix rrp/rigid/small sends the bodies to their ghost copies every step
# only when an atom of some rank is in a body it does not own (decided at each reneighboring);
# on one rank none is, and the run must be bitwise the one that keeps fix rigid/small's
# every-step communication (fix_modify bodycomm always), thermo (virial) steps included, with
# and without langevin; on 2 and 4 ranks bodies straddle the ranks and the runs match 1 rank's
GAS = study.lattice_bodies("${rigid}", study.COST_SHAPES["2x2 squares (planar bodies, moments I, I, 2I)"],
                          12, 12, 8).replace("FIX molecule", "rrp/rigid/small molecule EXTRA\nMODIFY") + """timestep 0.002
thermo_style custom step pe ke etotal press
thermo 50
thermo_modify format float %.17g
run 300
write_dump all custom out.dump id x y z vx vy vz modify sort id format float %.17g
"""
for extra in ("", "langevin 1.0 1.0 1.0 428984"):
    dumps, thermo = {}, {}
    for mode, np in (("needed", 1), ("always", 1), ("needed", 2), ("needed", 4)):
        wd = t.workdir("rigid")
        script = GAS.replace("EXTRA", extra).replace("MODIFY", f"fix_modify 1 bodycomm {mode}")
        out = t.must_run(script, wd, np=np, variables={"rigid": RIGID_PLUGIN})
        dumps[(mode, np)] = open(os.path.join(wd, "out.dump")).read()
        thermo[(mode, np)] = study.rows(out, 5)
    what = "with langevin" if extra else "NVE"
    t.check(f"fix rrp/rigid/small, {what}, 1 rank: without the ghost bodies' upkeep bitwise the run with it "
            "(x, v after 300 steps, thermo with the virial every 50)",
            dumps[("needed", 1)] == dumps[("always", 1)] and thermo[("needed", 1)] == thermo[("always", 1)]
            and len(thermo[("needed", 1)]) == 7)
    if not extra:
        e1 = thermo[("needed", 1)][-1][3]
        dev = max(abs(thermo[("needed", np)][-1][3] - e1) / abs(e1) for np in (2, 4))
        t.check("fix rrp/rigid/small on 2 and 4 ranks (bodies across ranks): the energy of 1 rank after 300 steps",
                dev < 1e-8, f"relative difference {dev:.2g}")
wd = t.workdir("rigid")
rc, out = t.run_lammps(GAS.replace("EXTRA", "").replace("MODIFY", "fix_modify 1 bodycomm sometimes"), wd,
                       variables={"rigid": RIGID_PLUGIN})
t.check("fix_modify bodycomm with a bad value is refused, naming it",
        rc != 0 and "ERROR" in out and "bodycomm sometimes" in out, out[-300:])

t.finish()
