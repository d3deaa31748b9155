"""The Python drivers on the LAMMPS Python module (scripts/torus_impact.py, torus_conservation.py,
torus_convergence.py, pendulum_convergence.py) run with --quick and their numbers hold:
conservation to round-off, orders within +-0.15."""
import csv
import os
import subprocess
import sys

import rrptest as t

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def driver(name):
    out = t.workdir(name)
    p = subprocess.run([sys.executable, os.path.join(TOP, "scripts", f"{name}.py"), "--quick", "--out", out],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900,
                       env=dict(os.environ, RRP_PLUGIN=t.PLUGIN))
    t.check(f"{name}.py --quick runs", p.returncode == 0, (p.stdout.strip().splitlines() or [""])[-1])
    if p.returncode != 0:
        print(p.stdout[-3000:])
    return out


def rows(path):
    with open(path) as fh:
        return list(csv.DictReader(fh))


out = driver("torus_impact")
e = rows(os.path.join(out, "energy.csv"))
E = [float(r["E"]) for r in e]
drift = max(abs(x - E[0]) for x in E) / E[0]
t.check("torus impact: energy per term written, total within 0.5% over t = 2",
        len(e) > 100 and drift < 5e-3 and max(float(r["U_pw"]) for r in e) > 0.0, f"max |E - E0|/E0 = {drift:.3g}")
t.check("torus impact: figures", all(os.path.getsize(os.path.join(out, f)) > 0 for f in ("energy.png", "snapshots.png")))

out = driver("torus_conservation")
for r in rows(os.path.join(out, "summary.csv")):
    if r["case"] in ("free", "impact"):
        t.check(f"{r['case']} torus, {r['scheme']}: momentum conserved to 1e-12",
                float(r["max1"]) < 1e-12 and float(r["max2"]) < 1e-12, f"P {float(r['max1']):.3g}, L {float(r['max2']):.3g}")
    else:
        t.check(f"long-time energy, {r['scheme']}: bounded", float(r["max1"]) < 2e-2, f"max {float(r['max1']):.3g}")

out = driver("torus_convergence")
for r in rows(os.path.join(out, "convergence.csv")):
    if r["h"] != "order":
        continue
    oE, oq = float(r["E_error"]), float(r["q_error"])
    if r["case"] == "smooth":
        want = 1.0 if r["scheme"] == "euler" else 2.0
        t.check(f"smooth torus, {r['scheme']}: energy error order {want:.0f} +- 0.15", abs(oE - want) <= 0.15, f"{oE:.3f}")
        if r["scheme"] != "euler":
            t.check(f"smooth torus, {r['scheme']}: trajectory error order 1 +- 0.15", abs(oq - 1.0) <= 0.15, f"{oq:.3f}")
    else:
        print(f"     impact, {r['scheme']}: energy error order {oE:.3f}, trajectory error order {oq:.3f} (reported)")

out = driver("pendulum_convergence")
for r in rows(os.path.join(out, "convergence.csv")):
    if r["h"] == "order":
        oE, oq = float(r["E_error"]), float(r["q_error"])
        want = 1.0 if r["scheme"] == "euler" else 2.0
        t.check(f"pendulum, {r['scheme']}: energy error order {want:.0f} +- 0.15", abs(oE - want) <= 0.15, f"{oE:.3f}")
        wantq = 0.5 if r["scheme"] == "euler" else 1.0
        t.check(f"pendulum, {r['scheme']}: trajectory error order {wantq:g} +- 0.15", abs(oq - wantq) <= 0.15, f"{oq:.3f}")
    else:
        t.check(f"pendulum, {r['scheme']}, h = {r['h']}: invariants at round-off",
                float(r["max_Rrho0_dot_Omega"]) < 1e-14 and float(r["max_Rrho0_len_minus_1"]) < 1e-14)
t.finish()
