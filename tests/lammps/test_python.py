"""The Python module rrp_lammps (python/), imported in a fresh interpreter that knows only the
module path and the LAMMPS Python module: load() brings the plugin into a lammps.lammps
instance; orientations(), positions(), momenta() and energies() return numpy arrays in atom-ID
order, in both orientation layouts."""
import os
import subprocess
import sys

import rrptest as t

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
CODE = r'''
import sys, numpy as np
from lammps import lammps
import rrp_lammps
style = sys.argv[1]
lmp = lammps(cmdargs=["-log", "none", "-screen", "none", "-nocite"])
path = rrp_lammps.load(lmp)
lmp.commands_string(f"""
units lj
atom_style {style}
boundary f f f
comm_modify vel yes
region box block -3 3 -3 3 -3 3
create_box 1 box
create_atoms 1 single 0 0 0
create_atoms 1 single 1.1 0.2 0
create_atoms 1 single -1.2 0.1 0.3
set group all diameter 1.0
set group all density 1.0
velocity all set 0.1 0 0
set atom 2 vx -0.3 omega 0 0 2.0
set atom 3 omega 1.0 0 0
pair_style rrp/hertz
pair_coeff * * 2100.0
fix 1 all rrp/nve
compute m all rrp/momentum
compute e all rrp/energy
compute o all rrp/atom
timestep 0.001
run 500
""")
q = rrp_lammps.orientations(lmp)
x = rrp_lammps.positions(lmp)
m = rrp_lammps.momenta(lmp, "m")
e = rrp_lammps.energies(lmp, "e")
qo = np.array(lmp.gather("c_o", 1, 10)).reshape(3, 10)[:, 3:7]   # compute rrp/atom, w >= 0
sign = np.sign(q[:, :1]); sign[sign == 0] = 1
print("PATH", path)
print("SHAPES", q.shape, x.shape)
print("NORM", float(np.max(np.abs(np.sum(q * q, axis=1) - 1.0))))
print("VS_COMPUTE", float(np.max(np.abs(q * sign - qo))))
print("TURNED", float(np.min(np.abs(q[1:, 0]))))
print("P", float(np.linalg.norm(m["P"] - np.array([0.1 * 3 - 0.4, 0, 0]) * 4.0 / 3.0 * np.pi / 8.0)))
print("KEYS", sorted(e))
try:
    rrp_lammps.momenta(lmp, "missing")
    print("MISSING none")
except KeyError as err:
    print("MISSING", str(err).replace(chr(10), " "))
lmp.close()
'''
env = dict(os.environ)
env["PYTHONPATH"] = os.path.join(TOP, "python") + os.pathsep + env.get("PYTHONPATH", "")
for style in ("sphere", "bpm/sphere"):
    p = subprocess.run([sys.executable, "-c", CODE, style], env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=300, stdin=subprocess.DEVNULL)
    out = {l.split()[0]: l.split(None, 1)[1] for l in p.stdout.splitlines() if l.split()}
    ok = p.returncode == 0 and "NORM" in out
    t.check(f"{style}: a fresh interpreter imports rrp_lammps and load() brings the plugin", ok,
            out.get("PATH", p.stdout[-800:]))
    if not ok:
        continue
    t.check(f"{style}: orientations() gives unit quaternions in atom-ID order, as compute rrp/atom",
            out["SHAPES"] == "(3, 4) (3, 3)" and float(out["NORM"]) < 1e-14
            and float(out["VS_COMPUTE"]) < 1e-15 and float(out["TURNED"]) < 0.9999,
            f"shapes {out['SHAPES']}, ||q|^2 - 1| {out['NORM']}, vs compute {out['VS_COMPUTE']}")
    t.check(f"{style}: momenta() and energies() name the values of the computes",
            float(out["P"]) < 1e-12 and "contact" in out["KEYS"] and "released" in out["KEYS"],
            f"|P - P0| {out['P']}, terms {out['KEYS']}")
    t.check(f"{style}: momenta() of a compute that does not exist names it and what to define",
            "no compute missing" in out.get("MISSING", "") and "rrp/momentum" in out.get("MISSING", ""),
            out.get("MISSING", ""))
t.finish()
