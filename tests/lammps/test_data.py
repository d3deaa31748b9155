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
print           "BINDER $(c_e[1]:%.17g) $(c_e[2]:%.17g) $(c_e[3]:%.17g)"
write_data      out.data nocoeff""")
with open(os.path.join(wd, "in.write"), "w") as fh:
    fh.write(text)
out = t.must_run(None, wd, input_file=os.path.join(wd, "in.write"),
                 variables={"data": "data.torus", "tend": 0.5, "every": 100, "dumpevery": 0})
binder_before = [float(x) for x in next(l for l in out.splitlines() if l.startswith("BINDER")).split()[1:]]
with open(os.path.join(wd, "out.data")) as fh:
    data = fh.read()
t.check("write_data writes an Orientations section", "\nOrientations # fix rrp/nve integrate" in data)
head = next(l for l in data.splitlines() if l.startswith("BinderReferences"))
k = int(head.split("then ")[1].split(" x")[0])
t.check("write_data writes a BinderReferences section", k >= 1, head)

READ = """
plugin load ${plugin}
units           lj
atom_style      hybrid sphere bond
boundary        m m m
fix             q all property/atom d2_q 4
fix             r all property/atom d2_ref %d ghost yes
read_data       out.data fix q NULL Orientations fix r NULL BinderReferences
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
write_dump      all custom after.dump id c_o[4] c_o[5] c_o[6] c_o[7] modify sort id format float %%.17g
""" % (12 * k)
t.must_run(READ, wd)
a, b = t.read_dump(os.path.join(wd, "before.dump")), t.read_dump(os.path.join(wd, "after.dump"))
dev = max(abs(x - y) for i in a for x, y in zip(a[i], b[i]))
moved = max(abs(v[0] - 1.0) for v in a.values())
t.check("the recipe reads the orientations back", len(a) == len(b) == 80 and dev < 1e-15 and moved > 1e-3,
        f"max difference {dev:.3g} (orientations turned by up to {moved:.3g} in q_w)")

# the binder's reference states: section BinderReferences, read back into a d2_ array that
# bond_style rrp/binder reference uses; without it the references would be captured anew (zero
# binder energy at the first run after read_data)
REF = """
plugin load ${plugin}
units           lj
atom_style      hybrid sphere bond
boundary        m m m
fix             q all property/atom d2_q 4
fix             r all property/atom d2_ref %d ghost yes
read_data       out.data fix q NULL Orientations fix r NULL BinderReferences
variable        qw atom d2_q[1]
variable        qx atom d2_q[2]
variable        qy atom d2_q[3]
variable        qz atom d2_q[4]
special_bonds   lj/coul 1.0 1.0 1.0
bond_style      rrp/binder BONDARGS
bond_coeff      1 10.0 200.0 200.0
pair_style      rrp/hertz
pair_coeff      * * 2100.0
comm_modify     cutoff 0.5
fix             integrate all rrp/nve inertia value 1.0 quat v_qw v_qx v_qy v_qz
compute         e all rrp/energy
thermo_style    custom step c_e[1] c_e[2] c_e[3]
thermo_modify   format float %%.17g norm no
run             0
""" % (12 * k)
for ref, expect in (("reference d2_ref", "same"), ("", "zero")):
    rc, out = t.run_lammps(REF.replace("BONDARGS", ref or "shear convected"), wd)
    lines = out.splitlines()
    row = lines[lines.index(next(l for l in lines if l.split()[:2] == ["Step", "c_e[1]"])) + 1].split()[1:]
    after = [float(x) for x in row]
    if expect == "same":
        dev = max(abs(a - b) / max(abs(b), 1e-300) for a, b in zip(after, binder_before))
        t.check("binder reference states read back: the binder energies continue", rc == 0 and dev < 1e-10,
                f"before {binder_before}, after {after}")
    else:
        t.check("without them the references are captured anew (zero binder energy)",
                rc == 0 and max(after) < 1e-20 and max(binder_before) > 1e-3, f"after {after}")

for name, quat, msg in (("zero quat", "0 0 0 0", "is (0, 0, 0, 0): it must be finite and nonzero"),
                        ("alpha and quat", "1 0 0 0 alpha 0 0 0", "give the initial orientation by alpha or by quat")):
    script = READ.replace("quat v_qw v_qx v_qy v_qz", f"quat {quat}")
    rc, out = t.run_lammps(script, wd)
    t.check(f"refused: {name}", rc != 0 and msg in out, next((l for l in out.splitlines() if "ERROR" in l), ""))
t.finish()
