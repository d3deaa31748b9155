"""scripts/study_asphere.py --quick runs end to end (LAMMPS's ellipse examples read from the LAMMPS
tree, a free ellipsoid, a 3D Gay-Berne liquid) and its table holds what it measured: on the free
ellipsoid fix rrp/nve/asphere keeps the energy to round-off, far below fix nve/asphere's error,
and both integrators have a cost per atom-step."""
import os
import re
import subprocess
import sys

import rrptest as t

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = t.workdir("study-asphere")
env = dict(os.environ, RRP_LMP=t.LMP, RRP_PLUGIN=t.PLUGIN)
p = subprocess.run([sys.executable, os.path.join(TOP, "scripts", "study_asphere.py"), "--quick", "--out", out],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900, env=env)
t.check("the study script runs", p.returncode == 0, p.stdout.strip().splitlines()[-1] if p.stdout else "")
table = open(os.path.join(out, "table.md")).read()
free = {(m.group(1), float(m.group(2))): float(m.group(3)) for m in re.finditer(
    r"^\| (\S*nve/asphere) \| ([\d.]+) \| \d+ \| ([\d.e+-]+) \|", table, re.M)}
t.check("table (a): four free-ellipsoid runs", len(free) == 4, str(free))
for h in (0.01, 0.005):
    r, n = free.get(("rrp/nve/asphere", h), 1.0), free.get(("nve/asphere", h), 0.0)
    t.check(f"free ellipsoid, h = {h}: rrp/nve/asphere energy to round-off, >= 1e3 x below nve/asphere",
            r < 1e-12 and n > 1e3 * r, f"{r:.2e} vs {n:.2e}")
ex = re.findall(r"^\| in\.ellipse\.(\w+) \| (\S+) \| 0\.002 \| \d+ \| ([\d.e+-]+) \| ([\d.e+-]+) \|", table, re.M)
t.check("table (b): both examples with both integrators", len(ex) == 4, str(ex))
cost = re.findall(r"^\| (\S*nve/asphere) \| ([\d.]+) \| ([\d.]+) \|$", table, re.M)
t.check("table (c): a cost per atom-step for each integrator",
        len(cost) == 2 and all(float(c[1]) > 0 for c in cost), str(cost))
for f in ("free-ellipsoid.png", "ellipse-examples.png"):
    t.check(f"writes {f}", os.path.exists(os.path.join(out, f)) and os.path.getsize(os.path.join(out, f)) > 0)
t.finish()
