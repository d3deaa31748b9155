"""2 MPI ranks give the same trajectory as 1 rank on a multi-particle run: a granular gas of
1000 rotating spheres whose orientations, migrating between ranks, drive lever-arm torques, in
both orientation layouts (atom_style sphere and bpm/sphere).
The gas is chaotic (stiff frictional collisions): round-off differences from the different
summation order of 1 and 2 ranks grow from 1e-16 to 1.3e-13 after 100 steps, 3.5e-13 after 200,
1.6e-12 after 400 and 3.9e-10 after 1000 (measured); the test runs 200 steps."""
import math
import os

import rrptest as t

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "granular.in")
nsteps = 200


def initial_quat(i):
    """the orientation the alpha keyword set from atom-style variables (granular.in)"""
    a = (0.5 * math.sin(i), 0.5 * math.cos(2.0 * i), 0.3)
    s = 1.0 / math.sqrt(1.0 + 0.25 * sum(c * c for c in a))
    return (s, 0.5 * s * a[0], 0.5 * s * a[1], 0.5 * s * a[2])


# both orientation layouts: atom_style sphere (fix rrp/nve's array), bpm/sphere (atom->quat)
for style in ("sphere", "bpm/sphere"):
    dumps = {}
    for np in (1, 2):
        wd = t.workdir(f"mpi{np}")
        out = t.must_run(None, wd, np=np, input_file=SCRIPT,
                         variables={"nsteps": nsteps, "dump": "final.dump", "style": style})
        if np == 2:
            t.check(f"{style}: the run is split over 2 ranks", "1 by 1 by 2 MPI processor grid" in out
                    or "1 by 2 by 1 MPI processor grid" in out or "2 by 1 by 1 MPI processor grid" in out)
        dumps[np] = t.read_dump(os.path.join(wd, "final.dump"))
        if np == 2:
            # atoms that changed rank: 2 ranks split the periodic box in two halves along one axis
            axis = 2 if "1 by 1 by 2" in out else 1 if "1 by 2 by 1" in out else 0
            start = t.read_dump(os.path.join(wd, "initial.dump"))
            half = lambda v: int(v[axis] // 4.0) % 2
            migrated = sum(half(start[i]) != half(dumps[2][i]) for i in start)
            t.check(f"{style}: atoms migrate between the ranks", migrated >= 20, f"{migrated} atoms changed rank")

    a, b = dumps[1], dumps[2]
    t.check(f"{style}: same atoms", sorted(a) == sorted(b) and len(a) == 1000, f"{len(a)} and {len(b)} atoms")
    diff = max(abs(x - y) for i in a for x, y in zip(a[i], b[i]))
    turned = [2.0 * math.acos(min(1.0, abs(sum(x * y for x, y in zip(initial_quat(i), a[i][9:13])))))
              for i in a]
    t.check(f"{style}: orientations evolve from the alpha of every atom", min(turned) > 1e-3,
            f"rotation angles since the start: {min(turned):.3g} to {max(turned):.3g} rad")
    t.check(f"{style}: 1 rank equals 2 ranks after {nsteps} steps", diff < t.TOL_TRAJECTORY,
            f"max difference in x, v, omega, quaternion = {diff:.3g}")
t.finish()
