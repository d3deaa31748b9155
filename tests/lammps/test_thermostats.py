"""The thermostatted and barostatted twins of LAMMPS's rotational integrators (fix rrp/nvt/sphere,
rrp/npt/sphere, rrp/nph/sphere in rrpplugin.so; rrp/nvt|npt|nph/asphere in rrpasphereplugin.so;
rrp/rigid/nvt|npt|nph(/small) in rrprigidplugin.so):

- spheres: x, v and omega bitwise those of LAMMPS's nvt/sphere, npt/sphere and nph/sphere on a
  granular gas, in both orientation layouts (atom_style sphere's store, bpm/sphere's quat), with
  the orientations turned (unit quaternions, not the identity) and equal between the layouts;
- the conserved quantity (econserve plus the rotational energy): the clump fluid of the issue
  under rrp/rigid/nvt/small and rrp/rigid/nvt within 1e-3 of etotal over 4,000 steps (LAMMPS's
  measured beside); dipolar spheres and a Gay-Berne fluid as LAMMPS's fixes; a binder composite,
  which LAMMPS's sphere fixes refuse (an ERROR naming the twins), the same on both layouts and with
  newton off;
- restart: a run continued from write_restart equals the run without it, bitwise (spheres and
  clumps); write_data writes the Orientations section, rrp/read_data reads it back;
- MPI: 2 and 4 ranks on processor grids 1 2 1 and 2 2 1 agree with 1 rank;
- -sf rrp switches nvt/sphere, npt/asphere and rigid/nvt/small to the twins;
- LAMMPS's examples/ellipse inputs with npt/asphere swapped, in.rigid.tnr with -sf rrp and the
  deposit example with rigid/nvt/small under -sf rrp: temperature (and pressure) means beside
  LAMMPS's;
- Langevin: fix langevin with fix rrp/nve (omega yes) and fix rrp/nve/asphere (angmom), and fix
  rrp/rigid/small's langevin keyword: translational and rotational temperatures within 1% of the
  target;
- bad input: a second integrator, a twin on the wrong atom style: an ERROR naming them."""
import os
import re
import subprocess

import rrptest as t
import study_thermostats as study  # noqa: E402  (scripts/, on the path through rrptest)

GAS = """
plugin load ${plugin}
variable style index sphere
units lj
atom_style ${style}
boundary p p p
region box block 0 6 0 6 0 6
create_box 1 box
lattice sc 1.6
create_atoms 1 region box
displace_atoms all random 0.2 0.2 0.2 87287 units box
set group all diameter 1.0
set group all density 1.9
velocity all create 2.0 4928459 loop geom
variable ox atom 3.0*sin(1.3*x)
variable oy atom 3.0*cos(0.7*y)
variable oz atom 2.0*sin(0.4*z+1.0)
set group all omega v_ox v_oy v_oz
comm_modify vel yes
pair_style gran/hooke 4000.0 NULL 50.0 NULL 0.5 0
pair_coeff * *
neighbor 0.3 bin
neigh_modify delay 0 every 1 check yes
timestep 0.001
"""
DUMP_XV = "write_dump all custom {name} id x y z vx vy vz omegax omegay omegaz modify sort id format float %.17g\n"
COMPUTE_Q = "compute o all rrp/atom 1\n"
DUMP_Q = "write_dump all custom {name} id c_o[4] c_o[5] c_o[6] c_o[7] modify sort id format float %.17g\n"
TWINS = (("nvt/sphere", "rrp/nvt/sphere", "temp 2.0 2.0 0.1"),
         ("npt/sphere", "rrp/npt/sphere", "temp 2.0 2.0 0.1 iso 5.0 5.0 1.0"),
         ("nph/sphere", "rrp/nph/sphere", "aniso 5.0 5.0 1.0"))


def lines(path):
    with open(path) as fh:
        return [line for line in fh if not line.startswith("ITEM: TIMESTEP")]


def quats(path):
    with open(path) as fh:
        rows = fh.read().split("ITEM: ATOMS")[1].splitlines()[1:]
    return [[float(v) for v in r.split()[1:5]] for r in rows if r.strip()]


# ---- spheres: LAMMPS's numbers, both layouts
qs = {}
for style in ("sphere", "bpm/sphere"):
    for theirs, ours, args in TWINS:
        wd = t.workdir("nh")
        for fix in (theirs, ours):
            tail = f"fix 1 all {fix} {args}\n" + (COMPUTE_Q if fix == ours else "") + "run 500\n" \
                + DUMP_XV.format(name=fix.replace("/", "_") + ".dump")
            if fix == ours:
                tail += DUMP_Q.format(name="q.dump")
            t.must_run(GAS + tail, wd, variables={"style": style})
        same = lines(os.path.join(wd, theirs.replace("/", "_") + ".dump")) == \
            lines(os.path.join(wd, ours.replace("/", "_") + ".dump"))
        q = quats(os.path.join(wd, "q.dump"))
        norm = max(abs(sum(c * c for c in r) - 1.0) for r in q)
        turned = min(abs(r[0]) for r in q)
        qs[(style, ours)] = q
        t.check(f"atom_style {style}: fix {ours} moves x, v, omega bitwise as LAMMPS's fix {theirs} (500 steps, "
                f"{len(q)} spheres) and turns the orientations", same and norm < 1e-14 and turned < 0.99,
                f"bitwise {same}; max ||q|^2 - 1| {norm:.2g}; min |q_w| {turned:.3f}")
for _, ours, _ in TWINS:
    a, b = qs[("sphere", ours)], qs[("bpm/sphere", ours)]
    d = max(abs(x - y) for r, s in zip(a, b) for x, y in zip(r, s))
    t.check(f"fix {ours}: the orientations of atom_style sphere's store and of bpm/sphere's quat agree", d < 1e-12,
            f"max difference {d:.2g}")

# ---- the conserved quantity
warm, steps = 500, 4000
res = {}
for fix in ("rigid/nvt/small", "rrp/rigid/nvt/small", "rigid/nvt", "rrp/rigid/nvt"):
    res[fix] = study.excursion(study.run_system("clump fluid, NVT", fix, 0.005, warm, steps, 100))
for ours, theirs in (("rrp/rigid/nvt/small", "rigid/nvt/small"), ("rrp/rigid/nvt", "rigid/nvt")):
    t.check(f"clump fluid (1,000 rigid 2x2 squares, T 1.5, dt 0.005): fix {ours}'s econserve within 1e-3 of "
            f"etotal over {steps} steps", res[ours] <= 1e-3,
            f"max |dE|/|etotal| {res[ours]:.3g}; LAMMPS's fix {theirs}: {res[theirs]:.3g}")
for name, theirs, ours, dt, bound in (("dipolar spheres, NVT", "nvt/sphere", "rrp/nvt/sphere", 0.002, 1e-4),
                                      ("Gay-Berne fluid, NVT", "nvt/asphere", "rrp/nvt/asphere", 0.002, 1e-3)):
    a = study.excursion(study.run_system(name, theirs, dt, 500, 2000, 50))
    b = study.excursion(study.run_system(name, ours, dt, 500, 2000, 50))
    t.check(f"{name} (dt {dt}, 2,000 steps): fix {ours} conserves econserve + erotate as LAMMPS's fix {theirs}",
            b <= bound and b <= 1.5 * a + 1e-6, f"max |dE|/|etot|: {ours} {b:.3g}, {theirs} {a:.3g}")
tabs = {}
for label, name in (("sphere", "binder composite, NVT (sphere)"), ("bpm/sphere", "binder composite, NVT (bpm/sphere)")):
    tabs[label] = study.run_system(name, "rrp/nvt/sphere", 0.002, 500, 4000, 100)
text, _, args, _, _ = study.SYSTEMS["binder composite, NVT (sphere)"]
assert "newton          on\n" in text
off = study.tables(study.lmp(text.replace("newton          on\n", "newton          off\n").format(
    fix=f"rrp/nvt/sphere {args}", dt=0.002, warm=500, steps=4000, every=100)))[-1]
e = study.excursion(tabs["sphere"])
end = [tabs["sphere"]["v_econs"][-1], tabs["bpm/sphere"]["v_econs"][-1], off["v_econs"][-1]]
spread = (max(end) - min(end)) / abs(end[0])
t.check("binder composite (216 spheres, rrp/binder, T 0.02) under fix rrp/nvt/sphere: econserve within 1e-3 of "
        "etot over 4,000 steps; the same on bpm/sphere and with newton off", e <= 1e-3 and spread < 1e-9,
        f"max |dE|/|etot| {e:.3g}; final econserve spread {spread:.2g}")
rc, out = t.run_lammps(text.format(fix=f"nvt/sphere {args}", dt=0.002, warm=10, steps=10, every=10), t.workdir("nh"))
t.check("LAMMPS's fix nvt/sphere under rrp/binder stops with an ERROR naming the twins",
        rc != 0 and "rrp/nvt/sphere" in out and "ERROR" in out, next((l for l in out.splitlines() if "ERROR" in l), ""))

# ---- restart: bitwise continuation; data files
for label, body, fix, extra in (
        ("spheres", GAS, "rrp/npt/sphere temp 2.0 2.0 0.1 iso 5.0 5.0 1.0", DUMP_Q),
        ("clumps", study.CLUMPS.split("fix 1 all {fix}")[0], "rrp/rigid/nvt/small molecule temp 1.5 1.5 0.5", "")):
    wd = t.workdir("nh")
    with open(os.path.join(wd, "square.mol"), "w") as fh:
        fh.write(study.SQUARE)
    head = body if label == "spheres" else body + "timestep 0.005\n"
    t.must_run(head + f"fix 1 all {fix}\n" + (COMPUTE_Q if extra else "") + "run 200\nwrite_restart mid.restart\nrun 200\n"
               + DUMP_XV.replace("omegax omegay omegaz", "" if label == "clumps" else "omegax omegay omegaz").format(name="a.dump")
               + extra.format(name="qa.dump"), wd)
    loads = study.LOADS if label == "clumps" else "plugin load ${plugin}\n"
    t.must_run(loads + "read_restart mid.restart\n" + ("neigh_modify exclude molecule/intra all\n" if label == "clumps" else
                                                       "pair_style gran/hooke 4000.0 NULL 50.0 NULL 0.5 0\npair_coeff * *\n")
               + ("pair_style lj/cut 1.122462048309373\npair_modify shift yes\npair_coeff 1 1 1.0 1.0\ntimestep 0.005\n"
                  if label == "clumps" else "comm_modify vel yes\ntimestep 0.001\n")
               + f"fix 1 all {fix}\n" + (COMPUTE_Q if extra else "") + "run 200\n"
               + DUMP_XV.replace("omegax omegay omegaz", "" if label == "clumps" else "omegax omegay omegaz").format(name="b.dump")
               + extra.format(name="qb.dump"), wd)
    same = lines(os.path.join(wd, "a.dump")) == lines(os.path.join(wd, "b.dump"))
    if extra:
        same = same and lines(os.path.join(wd, "qa.dump")) == lines(os.path.join(wd, "qb.dump"))
        t.check(f"{label}: fix {fix.split()[0]} continued from write_restart equals the run without it, bitwise", same)
        continue
    # LAMMPS's rigid Nose-Hoover fixes rebuild conjqm from angmom at setup (FixRigidNHSmall::setup),
    # so neither they nor the twins continue bitwise: to round-off (LAMMPS's own: 1e-13)
    a, b = ([[float(v) for v in r.split()] for r in open(os.path.join(wd, n)).read().split("ITEM: ATOMS")[1].splitlines()[1:]]
            for n in ("a.dump", "b.dump"))
    d = max(abs(x - y) for r, q in zip(a, b) for x, y in zip(r[1:], q[1:]))
    t.check(f"{label}: fix {fix.split()[0]} continued from write_restart equals the run without it to round-off "
            "(as LAMMPS's rigid/nvt/small: conjqm is rebuilt at setup)", len(a) == len(b) == 4000 and d < 1e-11,
            f"max |dx|, |dv| after 200 steps {d:.2g}")
wd = t.workdir("nh")
t.must_run(GAS + "fix 1 all rrp/nvt/sphere temp 2.0 2.0 0.1\n" + COMPUTE_Q + "run 100\n" + DUMP_Q.format(name="qa.dump")
           + "write_data mid.data\n", wd)
data = open(os.path.join(wd, "mid.data")).read()
t.must_run("plugin load ${plugin}\nunits lj\natom_style sphere\nrrp/read_data mid.data\nfix 1 all rrp/nvt/sphere temp 2.0 2.0 0.1\n"
           + COMPUTE_Q + "comm_modify vel yes\npair_style gran/hooke 4000.0 NULL 50.0 NULL 0.5 0\npair_coeff * *\nrun 0\n"
           + DUMP_Q.format(name="qb.dump"), wd)
qa, qb = quats(os.path.join(wd, "qa.dump")), quats(os.path.join(wd, "qb.dump"))
d = max(abs(x - y) for r, q in zip(qa, qb) for x, y in zip(r, q))
t.check("fix rrp/nvt/sphere: write_data writes the Orientations section, rrp/read_data reads it back",
        "\nOrientations " in data and len(qa) == len(qb) == 512 and d < 1e-15, f"max difference {d:.2g}")

# ---- MPI, processor grids (create_atoms numbers the atoms rank by rank: each is known by its
# lattice site, i_site)
SITES = """fix site all property/atom i_site
variable site atom round(x/0.855)*10000+round(y/0.855)*100+round(z/0.855)
set group all i_site v_site
displace_atoms"""
ref = None
for np_, grid in ((1, ""), (2, "processors 1 2 1\n"), (4, "processors 2 2 1\n")):
    wd = t.workdir("nh")
    t.must_run(GAS.replace("units lj\n", "units lj\n" + grid).replace("displace_atoms", SITES, 1)
               + "fix 1 all rrp/npt/sphere temp 2.0 2.0 0.1 iso 5.0 5.0 1.0\n" + COMPUTE_Q + "run 300\n"
               + DUMP_XV.replace("id x", "i_site x").replace("sort id", "sort 1").format(name="x.dump")
               + DUMP_Q.replace("id c_o", "i_site c_o").replace("sort id", "sort 1").format(name="q.dump"), wd, np=np_)
    rows = [[float(v) for v in r.split()] for r in open(os.path.join(wd, "x.dump")).read().split("ITEM: ATOMS")[1].splitlines()[1:]]
    q = quats(os.path.join(wd, "q.dump"))
    if ref is None:
        ref = (rows, q)
        continue
    dx = max(abs(a - b) for r, s in zip(rows, ref[0]) for a, b in zip(r[1:4], s[1:4]))
    dq = max(abs(a - b) for r, s in zip(q, ref[1]) for a, b in zip(r, s))
    t.check(f"fix rrp/npt/sphere on {np_} ranks ({grid.strip() or 'default grid'}) agrees with 1 rank after 300 steps",
            dx < 1e-9 and dq < 1e-9, f"max |dx| {dx:.2g}, max |dq| {dq:.2g}")

# the ellipsoid and rigid twins on 2 and 4 ranks: the run's thermo beside 1 rank's (the bodies'
# numbering depends on the grid: compared through sums)
for label, name, fix in (("rrp/npt/asphere", "Gay-Berne fluid, NPT", "rrp/npt/asphere"),
                         ("rrp/rigid/nvt/small", "clump fluid, NVT", "rrp/rigid/nvt/small"),
                         ("rrp/rigid/npt", "clump fluid, NPT", "rrp/rigid/npt")):
    text, _, args, files, _ = study.SYSTEMS[name]
    if "clump" in name:
        # create_atoms turns each molecule at random with a stream of its rank: the fluid is made on
        # one rank, written, and read on each grid
        wd0 = t.workdir("nh")
        head, tail = text.split("create_atoms 0 region box mol sq 3467\n")
        study.lmp(head + "create_atoms 0 region box mol sq 3467\nmass 1 1.0\n"
                  "velocity all create 1.5 87287 loop geom\nwrite_data clumps.data\n", wd=wd0, files=files)
        files = {"clumps.data": open(os.path.join(wd0, "clumps.data")).read()}
        text = study.LOADS + "units lj\natom_style molecular\nboundary p p p\nread_data clumps.data\n" \
            + tail.replace("velocity all create 1.5 87287 loop geom\n", "").replace("mass 1 1.0\n", "")
    base = None
    for np_, grid in ((1, ""), (2, "processors 1 2 1\n"), (4, "processors 2 2 1\n")):
        if label == "rrp/rigid/npt" and np_ == 4:
            continue
        wd = t.workdir("nh")
        tab = study.tables(study.lmp(text.replace("units lj\n", "units lj\n" + grid).format(
            fix=f"{fix} {args}", dt=0.002 if "asphere" in fix else 0.005, warm=0, steps=200, every=100),
            wd=wd, np=np_, files=files))[-1]
        row = [tab[c][-1] for c in ("Temp", "Press", "Volume", "v_econs")]
        if base is None:
            base = row
            continue
        d = max(abs(a - b) / max(abs(b), 1e-300) for a, b in zip(row, base))
        t.check(f"fix {label} on {np_} ranks ({grid.strip()}) beside 1 rank after 200 steps: temperature, pressure, "
                "volume and econserve", d < 1e-9, f"largest relative difference {d:.2g}")

# ---- -sf rrp
for label, text, style in (
        ("nvt/sphere", GAS + "fix 1 all nvt/sphere temp 2.0 2.0 0.1\n", "nvt/sphere/rrp"),
        ("npt/asphere", study.GAYBERNE.split("fix 1 all {fix}")[0] + "fix 1 all npt/asphere temp 2.0 2.0 0.5 iso 1 1 2\n",
         "npt/asphere/rrp"),
        ("rigid/nvt/small", study.CLUMPS.split("fix 1 all {fix}")[0] + "fix 1 all rigid/nvt/small molecule temp 1.5 1.5 0.5\n",
         "rigid/nvt/small/rrp")):
    wd = t.workdir("nh")
    with open(os.path.join(wd, "square.mol"), "w") as fh:
        fh.write(study.SQUARE)
    with open(os.path.join(wd, "in.sf"), "w") as fh:
        fh.write(text + "timestep 0.001\ninfo fixes\nrun 10\n")
    p = subprocess.run([t.LMP, "-sf", "rrp", "-in", "in.sf", "-log", "none", "-echo", "none", "-var", "plugin", t.PLUGIN],
                       cwd=wd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    t.check(f"-sf rrp switches fix {label} to {style}", p.returncode == 0 and re.search(r"style = %s\s*," % re.escape(style), p.stdout),
            next((l for l in p.stdout.splitlines() if "style =" in l and "1," in l), p.stdout[-500:]))

# ---- LAMMPS's inputs: temperature and pressure beside LAMMPS's fixes
with study.concurrent.futures.ThreadPoolExecutor(2) as pool:
    ex = study.example_means(pool, True)
for name, rows in ex.items():
    for s, ta, tb, pa, pb in rows:
        dT = abs(ta[0] - tb[0])
        tol = 4 * (ta[1] ** 2 + tb[1] ** 2) ** 0.5 + 0.02 * abs(ta[0])
        t.check(f"{name}, run {s}: the twin's mean temperature beside LAMMPS's (second half of the run)", dT <= tol,
                f"T {ta[0]:.4g} +- {ta[1]:.2g} (LAMMPS) and {tb[0]:.4g} +- {tb[1]:.2g} (twin); P {pa[0]:.4g} and {pb[0]:.4g}")

# ---- Langevin equipartition
for name in study.LANGEVIN:
    (tt, et), (tr, er) = study.langevin_one(name, 10000)
    dev = max(abs(tt - 1.5), abs(tr - 1.5)) / 1.5
    t.check(f"{name}: translational and rotational temperatures within 1% of 1.5 (10,000 steps)", dev <= 0.01,
            f"T_trans {tt:.4f} +- {et:.2g}, T_rot {tr:.4f} +- {er:.2g}")

# ---- bad input
for label, text, want in (
        ("a second integrator", GAS + "fix 1 all rrp/nvt/sphere temp 2.0 2.0 0.1\nfix 2 all rrp/nve\nrun 1\n",
         "also integrated by fix"),
        ("rrp/nvt/asphere on atom_style sphere", study.LOADS + GAS.replace("plugin load ${plugin}\n", "")
         + "fix 1 all rrp/nvt/asphere temp 2.0 2.0 0.1\nrun 1\n", "requires atom_style ellipsoid")):
    rc, out = t.run_lammps(text, t.workdir("nh"))
    err = next((l for l in out.splitlines() if "ERROR" in l), "")
    t.check(f"{label}: an ERROR that says so", rc != 0 and want in err, err)
t.finish()
