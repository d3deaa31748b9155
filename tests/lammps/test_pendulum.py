"""The 3D pendulum of Baker & Gonzalez (2021) sec. 3 run by LAMMPS with the plugin
(examples/pendulum/in.pendulum): invariants (41b,c), energy convergence order (Fig. 1), and the
LAMMPS trajectory against the core kernels driven directly (rrp-integrate, the rigid-body
schemes rrp-exact, rrp-newmark, rrp-euler, which call the same kernels) and against golden
trajectories of an independent implementation (tests/data/pendulum)."""
import math
import os
import subprocess

import rrptest as t

INPUT = os.path.join(t.EXAMPLES, "pendulum", "in.pendulum")
SCHEMES = {"exact": 2.0, "newmark": 2.0, "euler": 1.0}
EPS = 2.220446049250313e-16


def run(scheme, dt, tend, every, tag):
    wd = t.workdir(f"pendulum-{tag}")
    out = os.path.join(wd, "p.dat")
    t.must_run(None, wd, input_file=INPUT,
               variables={"scheme": scheme, "dt": dt, "tend": tend, "every": every, "out": out})
    return t.read_table(out)   # step t energy a1 a2 a3 qw qx qy qz W1 W2 W3 dot len


# (41b), (41c) over 1e5 steps: R rho0 . Omega is conserved exactly by the maps; stored in
# doubles it does a random walk of size sqrt(N) eps |Omega| (see tests/core/test_integrator.c),
# |R rho0| - 1 stays at round-off.
nsteps = 100000
for scheme in SCHEMES:
    rows = run(scheme, 0.01, nsteps * 0.01, 1, "inv")
    dot = max(abs(r[13]) for r in rows)
    length = max(abs(r[14]) for r in rows)
    wmax = max(math.sqrt(r[10] ** 2 + r[11] ** 2 + r[12] ** 2) for r in rows)
    floor = math.sqrt(nsteps) * EPS * wmax
    t.check(f"{scheme}: R rho0 . Omega conserved over 1e5 steps", len(rows) == nsteps + 1 and dot < floor,
            f"max |R rho0 . Omega| = {dot:.3g} (round-off random-walk floor {floor:.3g})")
    first = max(abs(r[13]) for r in rows[:1001])
    t.check(f"{scheme}: R rho0 . Omega below 1e-14 over the first 1e3 steps", first < 1e-14, f"{first:.3g}")
    t.check(f"{scheme}: |R rho0| = 1 over 1e5 steps", length < 1e-14, f"max ||R rho0| - 1| = {length:.3g}")

# Fig. 1: energy error (38) order 2 for exact and newmark, 1 for euler; h = 0.1 ... 0.0125, t = 10
for scheme, order in SCHEMES.items():
    errs = []
    for dt in (0.1, 0.05, 0.025, 0.0125):
        rows = run(scheme, dt, 10.0, 1, "order")
        errs.append(t.energy_error([r[1] for r in rows], [r[2] for r in rows]))
    p = math.log2(errs[2] / errs[3])
    t.check(f"{scheme}: energy error order {order:.0f} +- 0.1", abs(p - order) <= 0.1,
            "E-errors " + " ".join(f"{e:.4e}" for e in errs) + f", order {p:.4f}")

# the LAMMPS trajectory equals the core kernels driven directly, to 1e-12
for scheme in SCHEMES:
    rows = run(scheme, 0.01, 10.0, 10, "traj")
    ref = subprocess.run([t.INTEGRATE, "--problem", "pendulum", "--scheme", "rrp-" + scheme, "--dt", "0.01",
                          "--t-end", "10", "--every", "10"], check=True, stdout=subprocess.PIPE,
                         text=True).stdout.splitlines()[1:]
    ref = [[float(x) for x in line.split(",")] for line in ref]
    diff = 0.0
    for r, c in zip(rows, ref):
        R = t.quat_to_matrix(r[6:10])
        diff = max(diff, abs(r[1] - c[0]), abs(r[2] - c[1]))
        diff = max(diff, max(abs(r[10 + d] - c[2 + d]) for d in range(3)))   # Omega = L / J
        diff = max(diff, max(abs(R[i][j] - c[8 + 3 * i + j]) for i in range(3) for j in range(3)))
    t.check(f"{scheme}: LAMMPS trajectory equals the core kernels", len(rows) == len(ref) == 101 and diff < t.TOL_TRAJECTORY,
            f"max difference {diff:.3g} over {len(rows)} samples")

# the LAMMPS trajectory against golden trajectories of an independent implementation: rotation
# matrices from the paper's eqs. (4), (5), (23), (25), (27) in plain Python
# (tests/data/pendulum/make_golden.py; the plugin and the core use quaternions)
GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "pendulum")
for scheme in SCHEMES:
    rows = run(scheme, 0.01, 10.0, 10, "golden")
    with open(os.path.join(GOLDEN, f"golden-{scheme}.csv")) as fh:
        gold = [[float(x) for x in line.split(",")] for line in fh.read().splitlines()[1:]]
    diff = 0.0
    for r, g in zip(rows, gold):
        R = t.quat_to_matrix(r[6:10])
        diff = max(diff, abs(r[1] - g[0]), abs(r[2] - g[1]))
        diff = max(diff, max(abs(r[10 + d] - g[2 + d]) for d in range(3)))
        diff = max(diff, max(abs(R[i][j] - g[5 + 3 * i + j]) for i in range(3) for j in range(3)))
    moved = max(abs(g[5] - gold[0][5]) for g in gold)
    t.check(f"{scheme}: LAMMPS trajectory equals the independent golden trajectory",
            len(rows) == len(gold) == 101 and diff < t.TOL_TRAJECTORY and moved > 0.1,
            f"max difference {diff:.3g} over {len(rows)} samples (R11 moves by {moved:.3g})")

t.finish()
