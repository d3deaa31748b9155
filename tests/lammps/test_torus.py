"""The particle-binder torus of Baker & Gonzalez (2021) sec. 4.1 run by LAMMPS with the plugin
(examples/torus): momentum conservation of a free, spinning, perturbed torus (Fig. 6), energy
convergence orders on the smooth free torus (Fig. 7), 1 vs 2 MPI ranks, restart, newton_bond."""
import math
import os
import subprocess
import sys

import rrptest as t

TORUS = os.path.join(t.EXAMPLES, "torus")
INPUT = os.path.join(TORUS, "in.torus")


def make_data(wd, *args):
    subprocess.run([sys.executable, os.path.join(TORUS, "make_torus.py"), "--out",
                    os.path.join(wd, "data.torus"), *args], check=True, stdout=subprocess.DEVNULL)


def run(wd, np=1, extra="", **variables):
    v = {"data": "data.torus", "out": "torus.dat", "dumpevery": 0}
    v.update(variables)
    inp = INPUT
    if extra:
        inp = os.path.join(wd, "in.torus")
        with open(INPUT) as fh:
            text = fh.read()
        with open(inp, "w") as fh:
            fh.write(text.replace("run             ${nsteps}", extra))
    t.must_run(None, wd, np=np, input_file=inp, variables=v)
    return t.read_table(os.path.join(wd, variables.get("out", "torus.dat")))
    # columns: step t KEt KEr Um Ua Us Upp Upw PE E P1 P2 P3 L1 L2 L3


# Fig. 6: a free torus (no wall), spinning, with random perturbations: total linear and angular
# momentum (orbital + spin) conserved to 1e-12 relative over 5000 steps of h = 1e-3
for scheme in ("exact", "newmark", "euler"):
    wd = t.workdir(f"torus-mom-{scheme}")
    make_data(wd, "--v0", "0.3", "--spin", "0.5", "--perturb", "0.2", "--gap", "1.0")
    rows = run(wd, scheme=scheme, dt=0.001, tend=5.0, every=50, wall=0)
    P0, L0 = rows[0][11:14], rows[0][14:17]
    nP = math.sqrt(sum(c * c for c in P0))
    nL = math.sqrt(sum(c * c for c in L0))
    dP = max(math.sqrt(sum((r[11 + d] - P0[d]) ** 2 for d in range(3))) for r in rows)
    dL = max(math.sqrt(sum((r[14 + d] - L0[d]) ** 2 for d in range(3))) for r in rows)
    deformed = max(r[4] + r[5] + r[6] for r in rows)
    t.check(f"{scheme}: free torus conserves linear momentum over 5000 steps",
            len(rows) == 101 and dP <= 1e-12 * nP, f"|P - P0|/|P0| = {dP / nP:.3g}")
    t.check(f"{scheme}: free torus conserves angular momentum (orbital + spin) over 5000 steps",
            dL <= 1e-12 * nL and deformed > 1e-3,
            f"|L - L0|/|L0| = {dL / nL:.3g}, |L0| = {nL:.4g}, binder energy up to {deformed:.3g}")

# the printed shear form does not conserve angular momentum (erratum of doc/theory.rst section 3)
wd = t.workdir("torus-paper")
make_data(wd, "--v0", "0.3", "--spin", "0.5", "--perturb", "0.2", "--gap", "1.0")
with open(INPUT) as fh:
    text = fh.read().replace("bond_style      rrp/binder", "bond_style      rrp/binder shear paper")
with open(os.path.join(wd, "in.paper"), "w") as fh:
    fh.write(text)
t.must_run(None, wd, input_file=os.path.join(wd, "in.paper"),
           variables={"data": "data.torus", "out": "torus.dat", "dumpevery": 0, "dt": 0.001,
                      "tend": 5.0, "every": 50, "wall": 0})
rows = t.read_table(os.path.join(wd, "torus.dat"))
L0 = rows[0][14:17]
dL = max(math.sqrt(sum((r[14 + d] - L0[d]) ** 2 for d in range(3))) for r in rows)
t.check("shear paper: the printed form loses angular momentum", dL > 1e-3 * math.sqrt(sum(c * c for c in L0)),
        f"|L - L0| = {dL:.3g} of |L0| = {math.sqrt(sum(c * c for c in L0)):.3g}")

# Fig. 7: energy error (38) on the smooth free torus (K_pp = 0), t = 2
for scheme, order in (("exact", 2.0), ("newmark", 2.0), ("euler", 1.0)):
    errs = []
    for dt in (0.002, 0.001, 0.0005, 0.00025):
        wd = t.workdir(f"torus-order-{scheme}")
        make_data(wd, "--v0", "0.3", "--spin", "0.5", "--perturb", "0.2", "--gap", "1.0")
        rows = run(wd, scheme=scheme, dt=dt, tend=2.0, every=1, wall=0, kpp=0.0)
        errs.append(t.energy_error([r[1] for r in rows], [r[10] for r in rows]))
    p = math.log2(errs[2] / errs[3])
    t.check(f"{scheme}: free-torus energy error order {order:.0f} +- 0.15", abs(p - order) <= 0.15,
            "E-errors " + " ".join(f"{e:.4e}" for e in errs) + f", order {p:.3f}")

# 1, 2 and 3 MPI ranks (3 oversubscribed): the impact, first unit of time (1000 steps)
finals = {}
for np in (1, 2, 3):
    wd = t.workdir(f"torus-mpi{np}")
    make_data(wd)
    rows = run(wd, np=np, dt=0.001, tend=1.0, every=10, dumpevery=1000, dump="torus.dump")
    finals[np] = (rows, t.read_dump(os.path.join(wd, "torus.dump")))
r1, d1 = finals[1]
hit = max(r[8] for r in r1)
for np in (2, 3):
    r2, d2 = finals[np]
    dev = max(abs(a - b) for i in d1 for a, b in zip(d1[i], d2[i]))
    devE = max(abs(a[10] - b[10]) for a, b in zip(r1, r2))
    t.check(f"impact: {np} MPI ranks equal 1 rank over 1000 steps", len(d1) == len(d2) == 80
            and dev < 1e-10 and devE < 1e-10 and hit > 0.0,
            f"max difference of positions and orientations {dev:.3g}, of energy {devE:.3g}; "
            f"wall energy up to {hit:.3g}")

# restart mid-run continues bitwise, in serial and on 2 ranks; newton_bond on and off agree
for np_r in (1, 2):
    wd = t.workdir(f"torus-restart{np_r}")
    make_data(wd)
    extra_write = ("run             500\nwrite_restart   mid.restart\nrun             500\n"
                   "write_dump      all custom final.dump id x y z vx vy vz omegax omegay omegaz "
                   "c_o[4] c_o[5] c_o[6] c_o[7] modify sort id format float %.17g")
    run(wd, np=np_r, extra=extra_write, dt=0.001, tend=1.0, every=100)
    read_input = os.path.join(wd, "in.read")
    with open(read_input, "w") as fh:
        fh.write("""plugin load ${plugin}
    read_restart    mid.restart
    special_bonds   lj/coul 1.0 1.0 1.0
    pair_style      rrp/hertz
    pair_coeff      * * 2100.0
    neighbor        0.1 bin
    neigh_modify    delay 0 every 1 check yes
    comm_modify     cutoff 0.5
    fix             integrate all rrp/nve scheme newmark inertia value 1.0
    fix             wall all rrp/wall xlo 0.0 2100.0
    compute         o all rrp/atom integrate
    timestep        0.001
    run             500
    write_dump      all custom restarted.dump id x y z vx vy vz omegax omegay omegaz c_o[4] c_o[5] c_o[6] c_o[7] modify sort id format float %.17g
    """)
    t.must_run(None, wd, np=np_r, input_file=read_input)
    with open(os.path.join(wd, "final.dump")) as a, open(os.path.join(wd, "restarted.dump")) as b:
        la, lb = a.read().splitlines()[9:], b.read().splitlines()[9:]
    t.check(f"restart mid-run continues bitwise on {np_r} rank(s)", la == lb and len(la) == 80,
            f"{sum(x != y for x, y in zip(la, lb))} of {len(la)} atom lines differ")

dumps = {}
for newton in ("on", "off"):
    wd = t.workdir(f"torus-newton-{newton}")
    make_data(wd)
    inp = os.path.join(wd, "in.newton")
    with open(INPUT) as fh:
        fh_text = fh.read().replace("units           lj", f"units           lj\nnewton          on {newton}")
    with open(inp, "w") as fh:
        fh.write(fh_text)
    t.must_run(None, wd, np=2, input_file=inp,
               variables={"data": "data.torus", "out": "torus.dat", "dt": 0.001, "tend": 0.5,
                          "every": 100, "dumpevery": 500, "dump": "torus.dump"})
    dumps[newton] = t.read_dump(os.path.join(wd, "torus.dump"))
dev = max(abs(a - b) for i in dumps["on"] for a, b in zip(dumps["on"][i], dumps["off"][i]))
t.check("newton_bond on and off agree (2 ranks)", dev < 1e-12, f"max difference {dev:.3g}")
t.finish()
