"""scripts/study_rigid.py --quick: the rigid-body study runs and writes its table and figure, and
fix rrp/rigid/small keeps the free bodies' energy and angular momentum to round-off there."""
import os
import subprocess
import sys

import rrptest as t

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = t.workdir("study-rigid")
p = subprocess.run([sys.executable, os.path.join(TOP, "scripts", "study_rigid.py"), "--quick", "--out", out],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900, env=dict(os.environ))
t.check("study_rigid.py --quick runs", p.returncode == 0, p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "")
t.check("the figure is made", os.path.exists(os.path.join(out, "free-bodies.png")))
table = open(os.path.join(out, "table.md")).read() if os.path.exists(os.path.join(out, "table.md")) else ""
rows = [l.split("|") for l in table.splitlines() if l.startswith("| asymmetric") or l.startswith("| dimer")
        or l.startswith("| straight")]
worst = max((float(x) for r in rows for x in r[4].split("/")), default=1.0)
t.check("fix rrp/rigid/small: free bodies keep energy and L to round-off", len(rows) == 3 and worst < 1e-13,
        f"largest {worst:.2g}")
t.finish()
