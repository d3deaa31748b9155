"""scripts/study_composite.py --quick: the composite study runs end to end (the example packed,
read back, compressed and plotted; the side by side with BPM measured) and writes its table.
Times are not asserted; what is: the figures exist, rrp conserves its total energy on the free
run, and both models keep the momentum along x and y."""
import os
import subprocess
import sys

import rrptest as t

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = t.workdir("study-composite")
p = subprocess.run([sys.executable, os.path.join(TOP, "scripts", "study_composite.py"), "--quick", "--out", out],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900,
                   env=dict(os.environ, RRP_PLUGIN=t.PLUGIN, RRP_LMP=t.LMP, RRP_MPIEXEC=t.MPIEXEC))
t.check("study_composite.py --quick runs", p.returncode == 0, p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "")
figs = [f for f in ("quick-stress-strain.png", "quick-energy.png", "quick-damage.png")
        if os.path.exists(os.path.join(out, f))]
t.check("the example's figures are made", len(figs) == 3, str(figs))
table = open(os.path.join(out, "table.md")).read() if os.path.exists(os.path.join(out, "table.md")) else ""
rows = [l.split("|") for l in table.splitlines() if l.startswith("| 1 | ")]
rrp = next((r for r in rows if "rrp/nve" in r[2]), None)
bpm = next((r for r in rows if "BPM" in r[2]), None)
t.check("side by side: both models measured", rrp is not None and bpm is not None, table[-600:])
if rrp and bpm:
    de = float(rrp[12].split()[0])
    t.check("rrp keeps its total energy on the free run", de < 1e-3, f"max relative change {de:.3g}")
    t.check("both keep the momentum along x and y", float(rrp[13]) < 1e-10 and float(bpm[13]) < 1e-10,
            f"rrp {rrp[13].strip()}, bpm {bpm[13].strip()}")
t.finish()
