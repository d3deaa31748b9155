"""The composite as a material: scripts/study_composite_material.py --quick (1500 spheres) runs and
writes its table and figure; with fix rrp/damping the compression is quasi-static (the kinetic
energy at the peak stress is a few percent of the walls' work at most) and its energy balance
closes (kinetic + potential + released + dissipated - work within 1% of the work); shear linear
gives the packing the stiffness its binders' shear has (E several times the paper's form's);
nu is a Poisson's ratio (between 0 and 0.5). Then scripts/calibrate_composite.py finds the
coefficients for a target E and UCS on the same size, each within 5%."""
import os
import re
import subprocess
import sys

import rrptest as t

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = t.workdir("study-composite-material")
p = subprocess.run([sys.executable, os.path.join(TOP, "scripts", "study_composite_material.py"), "--quick", "--out", out],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=1200, env=dict(os.environ))
t.check("study_composite_material.py --quick runs", p.returncode == 0, p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "")
t.check("the figure is made", os.path.exists(os.path.join(out, "stress-strain.png")))
table = open(os.path.join(out, "table.md")).read() if os.path.exists(os.path.join(out, "table.md")) else ""
rates = [[c.strip() for c in l.split("|")[1:-1]] for l in table.splitlines()
         if re.match(r"\| (convected|linear) \| 0\.0", l)]
t.check("rate rows for both shear forms", len(rates) == 4, str(rates))
for r in rates:
    t.check(f"shear {r[0]}, wall speed {r[1]}: quasi-static (KE/W at the peak < 0.05), balance within 1% of the work",
            float(r[7]) < 0.05 and float(r[8]) < 0.01, f"KE/W {r[7]}, balance {r[8]}")
mat = {r[1]: r for r in ([c.strip() for c in l.split("|")[1:-1]] for l in table.splitlines() if l.startswith("| 1500 |"))}
ok = "convected" in mat and "linear" in mat
t.check("shear linear stiffens the packing (E over 3 times the paper's shear form's)",
        ok and float(mat["linear"][2]) > 3 * float(mat["convected"][2]),
        f"E {mat['linear'][2]} (linear), {mat['convected'][2]} (convected)" if ok else str(mat))
t.check("Poisson's ratios between 0 and 0.5", ok and all(0 < float(mat[f][3]) < 0.5 for f in mat),
        ", ".join(f"{f}: {mat[f][3]}" for f in mat) if ok else "")
t.check("tensile strengths below the compressive ones", ok and all(float(mat[f][6]) < float(mat[f][4]) for f in mat),
        ", ".join(f"{f}: UCS {mat[f][4]}, UTS {mat[f][6]}" for f in mat) if ok else "")

# one quick calibration: E and UCS on 1500 spheres
cal = subprocess.run([sys.executable, os.path.join(TOP, "scripts", "calibrate_composite.py"), "--n", "1500",
                      "--E", "100", "--ucs", "3", "--shear", "linear"],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=1200, env=dict(os.environ))
rows = [l for l in cal.stdout.splitlines() if re.match(r"\| (E|UCS) \| ", l)]
errs = {l.split("|")[1].strip(): float(l.split("|")[4]) for l in rows}
t.check("calibrate_composite.py: E = 100 and UCS = 3 each within 5%", cal.returncode == 0 and len(errs) == 2 and
        max(errs.values()) <= 0.05, "; ".join(rows) if rows else cal.stdout[-800:])
t.check("it prints the bond_coeff of the result", "bond_coeff 1 " in cal.stdout)
t.finish()
