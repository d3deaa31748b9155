"""scripts/study_torus_energy.py --quick runs end to end: every run it lists either finishes or
is reported as blown up, and the tables it writes hold the measured numbers."""
import os
import subprocess
import sys

import rrptest as t

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = t.workdir("study")
p = subprocess.run([sys.executable, os.path.join(TOP, "scripts", "study_torus_energy.py"), "--quick",
                    "--out", out, "--lmp", t.LMP, "--plugin", t.PLUGIN],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900)
t.check("the study script runs", p.returncode == 0, p.stdout.strip().splitlines()[-1] if p.stdout else "")
rows = {}
with open(os.path.join(out, "results.csv")) as fh:
    next(fh)
    for line in fh:
        v = line.strip().split(",")
        rows[(v[0], float(v[1]), float(v[2]))] = v
r = rows.get(("newmark", 0.001, 1.0))
t.check("newmark h = 1e-3 finishes t = 50 with a bounded energy", r is not None and r[4] == "1" and float(r[5]) < 0.05,
        f"max |E - E0|/E0 = {r[5] if r else '?'}")
r = rows.get(("newmark", 0.01, 1.0))
t.check("newmark h = 1e-2 is reported as blown up", r is not None and r[4] == "0")
for f in ("results.md", "energy.png"):
    t.check(f"writes {f}", os.path.getsize(os.path.join(out, f)) > 0)
t.finish()
