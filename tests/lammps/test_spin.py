"""A free sphere spinning through 100 revolutions (many half-turns, where alpha is infinite)
stays orthonormal and ends at n times the per-step angle the map implies: asin(h|Omega|) for
exact (23), 2 atan(h|Omega|/2) for newmark (25) and euler (27)."""
import math
import os

import rrptest as t

SCRIPT = """
plugin load ${plugin}
units lj
atom_style sphere
boundary f f f
region box block -2 2 -2 2 -2 2
create_box 1 box
create_atoms 1 single 0 0 0
set atom 1 diameter 1.0
set atom 1 mass 1.0
set atom 1 omega ${wx} ${wy} ${wz}
pair_style zero 1.0
pair_coeff * *
fix 1 all rrp/nve scheme ${scheme}
compute o all rrp/atom 1
dump d all custom ${nsteps} spin.dump id c_o[4] c_o[5] c_o[6] c_o[7] omegax omegay omegaz
dump_modify d format float %.17g
timestep ${dt}
run ${nsteps}
"""

h = 0.01
w = 2.0 * math.pi               # one revolution per unit time
n = (1.0 / 3.0, 2.0 / 3.0, -2.0 / 3.0)
nsteps = 10000                  # 100 revolutions, 200 half-turns
for scheme in ("exact", "newmark", "euler"):
    wd = t.workdir(f"spin-{scheme}")
    wv = [w * c for c in n]
    t.must_run(SCRIPT, wd, variables={"scheme": scheme, "dt": h, "nsteps": nsteps,
                                      "wx": repr(wv[0]), "wy": repr(wv[1]), "wz": repr(wv[2])})
    q = t.read_dump(os.path.join(wd, "spin.dump"))[1][0:4]
    R = t.quat_to_matrix(q)
    ortho = t.orthonormality_error(R)
    unit = abs(math.sqrt(sum(c * c for c in q)) - 1.0)
    step = math.asin(h * w) if scheme == "exact" else 2.0 * math.atan(h * w / 2.0)
    total = nsteps * step
    qe = [math.cos(total / 2)] + [math.sin(total / 2) * c for c in n]
    Re = t.quat_to_matrix(qe)
    dev = max(abs(R[i][j] - Re[i][j]) for i in range(3) for j in range(3))
    t.check(f"{scheme}: orthonormal after 100 revolutions", ortho < 1e-12 and unit < 1e-12,
            f"|R^T R - I| = {ortho:.3g}, ||q| - 1| = {unit:.3g}")
    t.check(f"{scheme}: ends at n times the per-step angle", dev < 1e-10,
            f"total angle {total:.6f} rad, max |R - R_expected| = {dev:.3g}")
t.finish()
