#!/usr/bin/env python3
"""Regenerate the tables of studies/ from the code, and report every number that moved.

Each study's script writes its table (and figures) into a temporary folder; the new table is
held against the committed one, cell by cell. A number *moved* when its printed value changed
(relative errors both below 1e-12 count as round-off, not as a move). Numbers in columns of
time, cost, speed or memory are machine measurements: their change is listed, not judged.
Numbers that the study's README quotes from the old table and that the new table no longer has
are listed too (the README is written by hand: update it with the table).

  regenerate_studies.py [--only NAME ...] [--write]

--write copies the new tables and figures into studies/ (READMEs untouched). Exit status 1
when a number other than a measurement moved (0 with --write). The test command runs it on
the integrators study (tests/lammps/test_regenerate.py)."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
# study folder under studies/: (script, its table files, extra arguments); .md tables compare
# printed values, .csv files every value to 1e-6 relative (chaotic runs amplify round-off)
STUDIES = {
    "integrators": ("study_integrators.py", ["table.md"], []),
    "asphere": ("study_asphere.py", ["table.md"], []),
    "rigid": ("study_rigid.py", ["table.md"], []),
    "composite": ("study_composite.py", ["table.md"], []),
    "torus-energy": ("study_torus_energy.py", ["results.md"], []),
    "viscoelastic": ("study_viscoelastic.py", ["table.md"], []),
    "oblique-impact": ("study_oblique_impact.py", ["table.md"], []),
    "composite-strength": ("study_composite_strength.py", ["table.md"], []),
    "paper/pendulum_convergence": ("pendulum_convergence.py", ["convergence.csv"], []),
    "paper/torus_convergence": ("torus_convergence.py", ["convergence.csv"], []),
    "paper/torus_impact": ("torus_impact.py", ["energy.csv"], []),
    "paper/torus_conservation": ("torus_conservation.py", ["summary.csv", "momentum.csv", "energy-long.csv"], []),
}


def compare_csv(old_text, new_text, rel=1e-6):
    """(moved, []) for two CSV files: every numeric cell to rel (values both below 1e-12 in
    magnitude are round-off: invariants and relative errors at the last bits)"""
    moved = []
    old, new = old_text.splitlines(), new_text.splitlines()
    header = old[0].split(",") if old else []
    for k, (a, b) in enumerate(zip(old, new)):
        for j, (x, y) in enumerate(zip(a.split(","), b.split(","))):
            try:
                u, v = float(x), float(y)
            except ValueError:
                if x != y:
                    moved.append((f"line {k + 1}", x, y))
                continue
            if abs(u - v) > rel * max(abs(u), abs(v)) and not (abs(u) < 1e-12 and abs(v) < 1e-12):
                col = header[j] if j < len(header) else str(j)
                moved.append((f"line {k + 1} | {col}", x, y))
    if len(old) != len(new):
        moved.append(("the file", f"{len(old)} lines", f"{len(new)} lines"))
    return moved, []
MEASUREMENT = re.compile(r"cost|time|wall|\bns\b|ns_|_us|\bus\b|speed|Modify|ratio|MB|memory|seconds|\bs\)"
                         r"|^(Pair|Bond|Kspace|Neigh|Comm|Output|Other)$", re.I)
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?%?")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def numbers(text):
    return [m.group(0) for m in NUMBER.finditer(text)]


def value(tok):
    return float(tok.rstrip("%"))


def same(a, b):
    if a == b:
        return True
    try:
        x, y = value(a), value(b)
    except ValueError:
        return False
    return abs(x) < 1e-12 and abs(y) < 1e-12


def compare(old_text, new_text):
    """(moved, measured): lists of (where, old, new)"""
    moved, measured = [], []
    old, new = old_text.splitlines(), new_text.splitlines()
    header = []
    section = ""
    for k, (a, b) in enumerate(zip(old, new)):
        if a.startswith("#"):
            section = a.strip("# ").strip()
        if a.strip().startswith("|") and b.strip().startswith("|"):
            ca, cb = cells(a), cells(b)
            if set("".join(ca)) <= set("-: "):
                continue
            nxt = old[k + 1] if k + 1 < len(old) else ""
            if nxt.strip().startswith("|") and set("".join(cells(nxt))) <= set("-: "):
                header = ca    # a table's header row: the row above its |---| line
                continue
            for j, (x, y) in enumerate(zip(ca, cb)):
                nx, ny = numbers(x), numbers(y)
                col = header[j] if j < len(header) else ""
                where = f"{section} | {ca[0]} | {col}"
                for u, v in zip(nx, ny):
                    if not same(u, v):
                        (measured if MEASUREMENT.search(col) else moved).append((where, u, v))
        else:
            if not a.strip().startswith("|"):
                header = []
            for u, v in zip(numbers(a), numbers(b)):
                if not same(u, v):
                    (measured if MEASUREMENT.search(a) else moved).append((f"{section} | line {k + 1}", u, v))
    if len(old) != len(new):
        moved.append(("the table", f"{len(old)} lines", f"{len(new)} lines"))
    return moved, measured


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="+", choices=sorted(STUDIES), metavar="NAME",
                    help="of: " + ", ".join(sorted(STUDIES)))
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()
    status = 0
    for name in a.only or sorted(STUDIES):
        script, tables, extra = STUDIES[name]
        out = tempfile.mkdtemp(prefix=f"rrp-study-{name.replace('/', '-')}-")
        print(f"== {name}: scripts/{script}", flush=True)
        p = subprocess.run([PY, os.path.join(TOP, "scripts", script), "--out", out] + extra,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0:
            print("\n".join(p.stdout.splitlines()[-20:]))
            print(f"{name}: the study failed")
            status = 1
            continue
        moved, measured, old_all, new_all = [], [], "", ""
        for table in tables:
            with open(os.path.join(TOP, "studies", name, table)) as fh:
                old_text = fh.read()
            with open(os.path.join(out, table)) as fh:
                new_text = fh.read()
            m, me = (compare_csv if table.endswith(".csv") else compare)(old_text, new_text)
            moved += [(f"{table}: {w}", u, v) for w, u, v in m]
            measured += [(f"{table}: {w}", u, v) for w, u, v in me]
            old_all += old_text
            new_all += new_text
        for where, u, v in moved[:40]:
            print(f"  MOVED     {where}: {u} -> {v}")
        if len(moved) > 40:
            print(f"  ... and {len(moved) - 40} more")
        for where, u, v in measured:
            print(f"  measured  {where}: {u} -> {v}")
        readme = os.path.join(TOP, "studies", name.split("/")[0], "README.md")
        if os.path.exists(readme) and not all(t.endswith(".csv") for t in tables):
            with open(readme) as fh:
                quoted = set(numbers(fh.read()))
            gone = sorted((set(numbers(old_all)) - set(numbers(new_all))) & quoted, key=lambda s: value(s))
            gone = [g for g in gone if abs(value(g)) >= 10 or "." in g or "e" in g]
            if gone:
                print(f"  README quotes numbers the new table no longer has: {' '.join(gone)}")
        print(f"{name}: {len(moved)} number(s) moved, {len(measured)} measurement(s) changed")
        if moved and not a.write:
            status = 1
        if a.write:
            # the files the study keeps (tables and figures), not the runs' intermediate files
            keep = os.path.join(TOP, "studies", name)
            for f in os.listdir(out):
                if f != "README.md" and (f in tables or os.path.exists(os.path.join(keep, f))):
                    shutil.copy2(os.path.join(out, f), os.path.join(keep, f))
            print(f"{name}: written into studies/{name}")
        shutil.rmtree(out, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
