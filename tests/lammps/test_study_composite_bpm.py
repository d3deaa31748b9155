"""scripts/study_composite_bpm.py --quick: the UCS (in.triaxial, s3 0), UTS (in.tension) and BTS
(in.brazilian) of the rrp styles and of LAMMPS's BPM styles (-var model bpm: bond_style
bpm/rotational, pair_style granular, fix nve/bpm/sphere), without and with friction. The test
reads the runs' own output files (--keep) and recomputes here:

- each peak: UCS the largest sigma1 of triaxial.dat, UTS the largest stress of tension.dat, BTS
  2 P/(pi D t) at the splitting peak of brazilian.dat's load (D and t as in.brazilian prints
  them), and the ratios UCS/UTS and UCS/BTS;
- each energy balance drift (the balance column's largest change over the walls' largest work)
  and the bonds broken by the end;
and checks what was measured and can be justified: every run completes and every peak is
positive; bonds break in every test, and broken + left stays the number the specimen started
with (the bpm count comes from compute nbond/atom, bpm/rotational leaves `bonds` unchanged);
rrp's balance closes within 1% of the walls' work in each test with walls, while bpm, which
tallies no bond or contact energy, loses more than half of the walls' work from its balance
(measured: 100%) and its drift is more than 10 times rrp's (measured: 150 to 830 times);
friction raises the unconfined strength in both models."""
import csv
import math
import os
import re
import subprocess
import sys

import rrptest as t

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = t.workdir("study-bpm")
SCRIPT = os.path.join(TOP, "scripts", "study_composite_bpm.py")
p = subprocess.run([sys.executable, SCRIPT, "--quick",
                    "--keep", "--out", out], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                   text=True, timeout=1500, env=dict(os.environ))
t.check("study_composite_bpm.py --quick runs", p.returncode == 0,
        p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "")
for name in ("side-by-side.md", "side-by-side.csv"):
    t.check(f"{name} is written", os.path.exists(os.path.join(out, name)))
try:
    import matplotlib  # noqa: F401
    t.check("the figure side-by-side.png is made",
            os.path.exists(os.path.join(out, "side-by-side.png")))
except ImportError:
    print("(no matplotlib: the figure is not checked)")


def table(path):
    return [[float(x) for x in l.split()] for l in open(path)
            if l.strip() and not l.startswith("#")]


def drift(rows, balance, work):
    top = max(abs(r[work]) for r in rows)
    return max(abs(r[balance] - rows[0][balance]) for r in rows) / top


def split_peak(load):
    """the largest load before it first falls below half of its largest so far (drops before a
    quarter of the overall largest do not count), else the largest"""
    best = 0
    for k, q in enumerate(load):
        if q > load[best]:
            best = k
        elif load[best] >= 0.25 * max(load) and q < 0.5 * load[best]:
            return best
    return best


path = os.path.join(out, "side-by-side.csv")
rows = list(csv.DictReader(open(path))) if os.path.exists(path) else []
t.check("four rows: rrp and bpm, each without and with friction",
        sorted((r["model"], r["friction"]) for r in rows) ==
        [("bpm", "mindlin 5400 0.5"), ("bpm", "none"), ("rrp", "mindlin 5400 0.5"),
         ("rrp", "none")],
        f"{[(r['model'], r['friction']) for r in rows]}")

got = {}
for r in rows:
    name = f"{r['model']}, friction {r['friction']}"
    tri = table(os.path.join(r["dir_UCS"], "triaxial.dat"))
    ten = table(os.path.join(r["dir_UTS"], "tension.dat"))
    bra = table(os.path.join(r["dir_BTS"], "brazilian.dat"))
    log = open(os.path.join(r["dir_BTS"], "log.lammps")).read()
    m = re.search(r"BRAZILIAN D (\S+) t (\S+)", log)
    D, T = float(m.group(1)), float(m.group(2))
    ucs = max(q[3] for q in tri)
    uts = max(q[3] for q in ten)
    ip = split_peak([q[3] for q in bra])
    bts = 2 * bra[ip][3] / (math.pi * D * T)
    t.check(f"{name}: UCS, UTS, BTS positive and as the runs' files have them, the ratios",
            min(ucs, uts, bts) > 0 and ucs == float(r["UCS"]) and uts == float(r["UTS"]) and
            abs(bts / float(r["BTS"]) - 1) < 1e-9 and
            abs(ucs / uts / float(r["UCS_UTS"]) - 1) < 1e-12 and
            abs(ucs / bts / float(r["UCS_BTS"]) - 1) < 1e-9,
            f"UCS {ucs:.5g}, UTS {uts:.5g}, BTS {bts:.5g} "
            f"(P {bra[ip][3]:.5g}, D {D:.4g}, t {T:.4g})")
    bal = (drift(tri, 10, 9), drift(bra, 9, 8))
    t.check(f"{name}: the balance drifts over the walls' work as the table has them",
            abs(bal[0] / float(r["balance_UCS"]) - 1) < 1e-9 and
            abs(bal[1] / float(r["balance_BTS"]) - 1) < 1e-9,
            f"UCS {bal[0]:.3g}, BTS {bal[1]:.3g}")
    # (columns broken, left: triaxial.dat 11 12, tension.dat 5 6, brazilian.dat 10 11)
    ok, detail = True, []
    for label, data, c in (("UCS", tri, 11), ("UTS", ten, 5), ("BTS", bra, 10)):
        total = {q[c] + q[c + 1] for q in data}
        ok = (ok and data[-1][c] > 0 and len(total) == 1 and
              data[-1][c] == float(r[f"broken_{label}"]))
        detail.append(f"{label} {data[-1][c]:.0f} of {data[0][c] + data[0][c + 1]:.0f}")
    t.check(f"{name}: bonds break in every test, broken + left stays the specimen's bonds",
            ok, ", ".join(detail))
    got[r["model"], r["friction"]] = (ucs, bal)

for fr in ("none", "mindlin 5400 0.5"):
    if ("rrp", fr) not in got or ("bpm", fr) not in got:
        continue
    rb, bb = got["rrp", fr][1], got["bpm", fr][1]
    t.check(f"friction {fr}: rrp's energy balance closes within 1% of the walls' work",
            max(rb) < 0.01, f"{rb[0]:.3g}, {rb[1]:.3g}")
    t.check(f"friction {fr}: bpm tallies no bond or contact energy: its balance loses more than "
            "half of the walls' work, more than 10 times rrp's drift",
            min(bb) > 0.5 and bb[0] > 10 * rb[0] and bb[1] > 10 * rb[1],
            f"bpm {bb[0]:.3g}, {bb[1]:.3g}: "
            f"{bb[0] / rb[0]:.3g} and {bb[1] / rb[1]:.3g} times rrp's")
for model in ("rrp", "bpm"):
    if (model, "none") in got and (model, "mindlin 5400 0.5") in got:
        a, b = got[model, "none"][0], got[model, "mindlin 5400 0.5"][0]
        t.check(f"{model}: friction raises the unconfined strength", b > a,
                f"UCS {a:.4g} -> {b:.4g}")
t.finish()
