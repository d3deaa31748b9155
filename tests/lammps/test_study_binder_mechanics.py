"""scripts/study_binder_mechanics.py --quick: the beam benchmarks run and write their table and
figure; with shear linear (and bpm/rotational at matched stiffness) the cantilever's tip deflection
and rotation are the discrete chain's closed form within 1e-3 and proportional to the load, with the
paper's convected form they are not; the free-free chain's lowest axial, torsional and bending
frequencies are the discrete chain's within 0.5%; under a large tip load (P L^2/EI = 5) a chain of
40 binders with shear linear bends as the elastica within 1%."""
import os
import subprocess
import sys

import rrptest as t

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = t.workdir("study-binder-mechanics")
p = subprocess.run([sys.executable, os.path.join(TOP, "scripts", "study_binder_mechanics.py"), "--quick", "--out", out],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900, env=dict(os.environ))
t.check("study_binder_mechanics.py --quick runs", p.returncode == 0, p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "")
t.check("the figure is made", os.path.exists(os.path.join(out, "cantilever.png")))
table = open(os.path.join(out, "table.md")).read() if os.path.exists(os.path.join(out, "table.md")) else ""
rows = [[c.strip() for c in l.split("|")[1:-1]] for l in table.splitlines() if l.startswith("| 10 |")]
cant = {r[1]: r for r in rows}
for model in ("rrp linear", "bpm/rotational"):
    r = cant.get(model)
    ok = r is not None and float(r[4]) < 1e-3 and float(r[7]) < 1e-3 and float(r[8]) < 1e-4
    t.check(f"cantilever, {model}: tip deflection and rotation within 1e-3 of the closed form, static", ok, str(r))
r = cant.get("rrp convected")
t.check("cantilever, shear convected: far from the linear closed form (no small-strain shear stiffness)",
        r is not None and float(r[4]) > 1.0, str(r))
sweep = [[c.strip() for c in l.split("|")[1:-1]] for l in table.splitlines() if l.startswith("| 1e-05 |") or l.startswith("| 0.001 |")]
if len(sweep) == 2:
    lin = float(sweep[1][1]) / float(sweep[0][1])
    conv = float(sweep[1][2]) / float(sweep[0][2])
    t.check("linearity: shear linear proportional, convected not", abs(lin / 100 - 1) < 1e-3 and conv < 50,
            f"w(1e-3)/w(1e-5): linear {lin:.6g}, convected {conv:.4g}")
else:
    t.check("linearity rows in the table", False, str(sweep))
el = [[c.strip() for c in l.split("|")[1:-1]] for l in table.splitlines() if l.startswith("| 5 | rrp linear")]
t.check("large deflection (P L^2/EI = 5, 40 binders, shear linear): the tip within 1% of the elastica",
        len(el) == 1 and float(el[0][6]) < 1e-2, str(el))
freq = [[c.strip() for c in l.split("|")[1:-1]] for l in table.splitlines()
        if l.split("|")[1:2] and l.split("|")[1].strip() in ("axial", "torsion", "bending")]
t.check("free-free chain: lowest axial, torsion and bending frequencies within 0.5% of the discrete chain's",
        len(freq) == 6 and max(float(r[4]) for r in freq) < 5e-3, "; ".join(f"{r[0]} {r[1]}: {r[4]}" for r in freq))
t.finish()
