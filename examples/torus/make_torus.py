#!/usr/bin/env python3
"""Write the LAMMPS data file of the particle-binder torus of Baker & Gonzalez (2021) sec. 4.1
(doc/theory.rst section 4): N_p spheres on a circle of diameter D_t, touching (D_p = D_t sin(pi/N_p)),
m = 1, each joined by a binder to its two ring neighbours; in the x-y plane with its nearest
particle a gap from the wall x = 0, moving with velocity (-v0, 0, 0).

usage: make_torus.py [--n 80] [--dt-ring 3.0] [--gap 0.05] [--v0 1.0] [--spin W] [--perturb E]
                     [--seed S] [--out data.torus]
--spin W gives the ring a rigid rotation about its axis (angular velocity W, also as the spin of
every sphere); --perturb E adds random velocities and spins of size E (for the free-torus tests).
Atom style: hybrid sphere bond (id type x y z diameter density molecule)."""
import argparse
import math
import random


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=80)
    ap.add_argument("--dt-ring", type=float, default=3.0, help="torus diameter D_t")
    ap.add_argument("--gap", type=float, default=0.05)
    ap.add_argument("--v0", type=float, default=1.0)
    ap.add_argument("--spin", type=float, default=0.0)
    ap.add_argument("--perturb", type=float, default=0.0)
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--out", default="data.torus")
    a = ap.parse_args()
    if a.n < 3:
        ap.error(f"--n must be at least 3, not {a.n}")

    n, R = a.n, a.dt_ring / 2.0
    dp = a.dt_ring * math.sin(math.pi / n)
    density = 1.0 / (math.pi / 6.0 * dp ** 3)          # m = 1
    xc = a.gap + dp / 2.0 + R                          # nearest surface a gap from x = 0
    rng = random.Random(a.seed)
    atoms, vel = [], []
    for k in range(n):
        phi = 2.0 * math.pi * k / n
        x, y = xc + R * math.cos(phi), R * math.sin(phi)
        vx, vy = -a.v0 - a.spin * (y - 0.0), a.spin * (x - xc)
        v = [vx + a.perturb * rng.uniform(-1, 1), vy + a.perturb * rng.uniform(-1, 1),
             a.perturb * rng.uniform(-1, 1)]
        w = [a.perturb * rng.uniform(-1, 1), a.perturb * rng.uniform(-1, 1),
             a.spin + a.perturb * rng.uniform(-1, 1)]
        atoms.append((k + 1, x, y, 0.0))
        vel.append((k + 1, v, w))
    lo = [xc - R - 2 * dp, -R - 2 * dp, -2 * dp]
    hi = [xc + R + 2 * dp, R + 2 * dp, 2 * dp]
    with open(a.out, "w") as fh:
        fh.write(f"particle-binder torus: N_p = {n}, D_t = {a.dt_ring}, D_p = {dp:.17g} "
                 f"(make_torus.py --n {n} --v0 {a.v0} --gap {a.gap} --spin {a.spin} "
                 f"--perturb {a.perturb} --seed {a.seed})\n\n")
        fh.write(f"{n} atoms\n1 atom types\n{n} bonds\n1 bond types\n\n")
        for d, name in enumerate("xyz"):
            fh.write(f"{lo[d]:.17g} {hi[d]:.17g} {name}lo {name}hi\n")
        fh.write("\nAtoms # hybrid sphere bond\n\n")
        for i, x, y, z in atoms:
            fh.write(f"{i} 1 {x:.17g} {y:.17g} {z:.17g} {dp:.17g} {density:.17g} 1\n")
        fh.write("\nVelocities\n\n")
        for i, v, w in vel:
            fh.write(f"{i} {v[0]:.17g} {v[1]:.17g} {v[2]:.17g} {w[0]:.17g} {w[1]:.17g} {w[2]:.17g}\n")
        fh.write("\nBonds\n\n")
        for k in range(n):
            fh.write(f"{k + 1} 1 {k + 1} {(k + 1) % n + 1}\n")
    print(f"wrote {a.out}: {n} particles, D_p = {dp:.6f}, ring centre x = {xc:.6f}")


if __name__ == "__main__":
    main()
