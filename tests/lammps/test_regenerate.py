"""scripts/regenerate_studies.py: the integrators study regenerated from the code gives the
committed table's numbers (only machine measurements of time may change), and the comparison
catches a number that moves (a synthetic table)."""
import os
import subprocess
import sys

import rrptest as t

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(TOP, "scripts"))
import regenerate_studies as rs  # noqa: E402

old = "## s\n\n| scheme | dE | cost_us |\n|---|---|---|\n| a | 1.5e-05 | 0.3 |\n| b | 2e-14 | 0.4 |\n"
new = "## s\n\n| scheme | dE | cost_us |\n|---|---|---|\n| a | 1.6e-05 | 0.5 |\n| b | 7e-15 | 0.4 |\n"
moved, measured = rs.compare(old, new)
t.check("a moved number is reported, a time is only listed, round-off is neither",
        [m[1:] for m in moved] == [("1.5e-05", "1.6e-05")] and [m[1:] for m in measured] == [("0.3", "0.5")],
        f"moved {moved}, measured {measured}")

p = subprocess.run([sys.executable, os.path.join(TOP, "scripts", "regenerate_studies.py"), "--only", "integrators"],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900)
last = [line for line in p.stdout.splitlines() if line.startswith("integrators:")]
t.check("studies/integrators regenerated from the code: no number moved", p.returncode == 0 and last
        and last[-1].startswith("integrators: 0 number(s) moved"),
        (last[-1] if last else "") + "\n" + "\n".join(line for line in p.stdout.splitlines() if "MOVED" in line))
t.finish()
