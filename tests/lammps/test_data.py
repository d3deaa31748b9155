"""write_data writes the orientations (section Orientations); the documented recipe reads them
back: fix property/atom d2_q 4, read_data ... fix ID NULL Orientations, fix rrp/nve quat v_...;
bad quat values are refused."""
import os
import subprocess
import sys

import rrptest as t

TORUS = os.path.join(t.EXAMPLES, "torus")
wd = t.workdir("data")
subprocess.run([sys.executable, os.path.join(TORUS, "make_torus.py"), "--out", os.path.join(wd, "data.torus")],
               check=True, stdout=subprocess.DEVNULL)
with open(os.path.join(TORUS, "in.torus")) as fh:
    text = fh.read()
text = text.replace("run             ${nsteps}", """run             ${nsteps}
write_dump      all custom before.dump id c_o[4] c_o[5] c_o[6] c_o[7] modify sort id format float %.17g
write_data      out.data nocoeff""")
with open(os.path.join(wd, "in.write"), "w") as fh:
    fh.write(text)
t.must_run(None, wd, input_file=os.path.join(wd, "in.write"),
           variables={"data": "data.torus", "tend": 0.5, "every": 100, "dumpevery": 0})
with open(os.path.join(wd, "out.data")) as fh:
    data = fh.read()
t.check("write_data writes an Orientations section", "\nOrientations # fix rrp/nve integrate" in data)

READ = """
plugin load ${plugin}
units           lj
atom_style      hybrid sphere bond
boundary        m m m
fix             q all property/atom d2_q 4
read_data       out.data fix q NULL Orientations
variable        qw atom d2_q[1]
variable        qx atom d2_q[2]
variable        qy atom d2_q[3]
variable        qz atom d2_q[4]
fix             integrate all rrp/nve inertia value 1.0 quat v_qw v_qx v_qy v_qz
compute         o all rrp/atom integrate
pair_style      zero 0.5
pair_coeff      * *
bond_style      zero
bond_coeff      *
run             0
write_dump      all custom after.dump id c_o[4] c_o[5] c_o[6] c_o[7] modify sort id format float %.17g
"""
t.must_run(READ, wd)
a, b = t.read_dump(os.path.join(wd, "before.dump")), t.read_dump(os.path.join(wd, "after.dump"))
dev = max(abs(x - y) for i in a for x, y in zip(a[i], b[i]))
moved = max(abs(v[0] - 1.0) for v in a.values())
t.check("the recipe reads the orientations back", len(a) == len(b) == 80 and dev < 1e-15 and moved > 1e-3,
        f"max difference {dev:.3g} (orientations turned by up to {moved:.3g} in q_w)")

for name, quat, msg in (("zero quat", "0 0 0 0", "is (0, 0, 0, 0): it must be finite and nonzero"),
                        ("alpha and quat", "1 0 0 0 alpha 0 0 0", "give the initial orientation by alpha or by quat")):
    script = READ.replace("quat v_qw v_qx v_qy v_qz", f"quat {quat}")
    rc, out = t.run_lammps(script, wd)
    t.check(f"refused: {name}", rc != 0 and msg in out, next((l for l in out.splitlines() if "ERROR" in l), ""))
t.finish()
