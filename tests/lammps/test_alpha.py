"""Initial orientations from the alpha keyword: numbers, formulas (atom-style variables), a data
file section read by fix property/atom, and an atomfile variable; compute rrp/atom reports them
back as alpha, quaternion and rotation vector."""
import math
import os

import rrptest as t

DATA = """rrp-lammps alpha test

3 atoms
1 atom types

-2 2 xlo xhi
-2 2 ylo yhi
-2 2 zlo zhi

Atoms # sphere

1 1 1.0 1.9 -1.0 0.0 0.0
2 1 1.0 1.9 0.0 0.0 0.0
3 1 1.0 1.9 1.0 0.0 0.0

Alpha

1 0.1 0.2 0.3
2 -1.5 0.0 2.0
3 0.0 0.0 0.0
"""
ATOMFILE = "# alpha_x per atom\n3\n1 0.25\n2 -0.5\n3 4.0\n"

SCRIPT = """
plugin load ${plugin}
units lj
atom_style sphere
boundary f f f
atom_modify map array
fix p all property/atom d2_alpha 3
read_data data.alpha fix p NULL Alpha
pair_style zero 1.0
pair_coeff * *
variable ax atom d2_alpha[1]
variable ay atom d2_alpha[2]
variable az atom d2_alpha[3]
variable fx atomfile alpha.atomfile
variable one equal 0.5
fix 1 all rrp/nve ${how}
compute o all rrp/atom 1
dump d all custom 1 alpha.dump id c_o[1] c_o[2] c_o[3] c_o[4] c_o[5] c_o[6] c_o[7] c_o[8] c_o[9] c_o[10]
dump_modify d format float %.17g sort id
run 0
"""

expected_data = {1: (0.1, 0.2, 0.3), 2: (-1.5, 0.0, 2.0), 3: (0.0, 0.0, 0.0)}
cases = {
    "data-file section via fix property/atom": ("alpha v_ax v_ay v_az", expected_data),
    "numbers and an equal-style variable": ("alpha 0.3 v_one -0.2", {i: (0.3, 0.5, -0.2) for i in (1, 2, 3)}),
    "atomfile variable": ("alpha v_fx 0 0", {1: (0.25, 0, 0), 2: (-0.5, 0, 0), 3: (4.0, 0, 0)}),
    "no alpha: identity": ("", {i: (0.0, 0.0, 0.0) for i in (1, 2, 3)}),
}
for name, (how, expected) in cases.items():
    wd = t.workdir("alpha")
    with open(os.path.join(wd, "data.alpha"), "w") as fh:
        fh.write(DATA)
    with open(os.path.join(wd, "alpha.atomfile"), "w") as fh:
        fh.write(ATOMFILE)
    t.must_run(SCRIPT, wd, variables={"how": how})
    got = t.read_dump(os.path.join(wd, "alpha.dump"))
    err = 0.0
    for i, a in expected.items():
        v = got[i]
        err = max(err, max(abs(v[d] - a[d]) for d in range(3)))
        s = 1.0 / math.sqrt(1.0 + 0.25 * sum(c * c for c in a))
        q = (s, 0.5 * s * a[0], 0.5 * s * a[1], 0.5 * s * a[2])
        err = max(err, max(abs(v[3 + d] - q[d]) for d in range(4)))
        na = math.sqrt(sum(c * c for c in a))
        f = 2.0 * math.atan(na / 2.0) / na if na > 0 else 1.0
        err = max(err, max(abs(v[7 + d] - f * a[d]) for d in range(3)))
    t.check(f"alpha from {name}", len(got) == 3 and err < 1e-14, f"max deviation {err:.3g}")
t.finish()
