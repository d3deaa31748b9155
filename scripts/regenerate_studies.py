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
# study folder: (script, its table file, extra arguments)
STUDIES = {
    "integrators": ("study_integrators.py", "table.md", []),
    "asphere": ("study_asphere.py", "table.md", []),
    "rigid": ("study_rigid.py", "table.md", []),
    "composite": ("study_composite.py", "table.md", []),
    "torus-energy": ("study_torus_energy.py", "results.md", []),
}
MEASUREMENT = re.compile(r"cost|time|wall|\bns\b|ns_|_us|\bus\b|speed|Modify|ratio|MB|memory|seconds|\bs\)",
                         re.I)
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
    ap.add_argument("--only", nargs="+", choices=sorted(STUDIES))
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()
    status = 0
    for name in a.only or sorted(STUDIES):
        script, table, extra = STUDIES[name]
        out = tempfile.mkdtemp(prefix=f"rrp-study-{name}-")
        print(f"== {name}: scripts/{script}", flush=True)
        p = subprocess.run([PY, os.path.join(TOP, "scripts", script), "--out", out] + extra,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0:
            print("\n".join(p.stdout.splitlines()[-20:]))
            print(f"{name}: the study failed")
            status = 1
            continue
        committed = os.path.join(TOP, "studies", name, table)
        with open(committed) as fh:
            old_text = fh.read()
        with open(os.path.join(out, table)) as fh:
            new_text = fh.read()
        moved, measured = compare(old_text, new_text)
        for where, u, v in moved:
            print(f"  MOVED     {where}: {u} -> {v}")
        for where, u, v in measured:
            print(f"  measured  {where}: {u} -> {v}")
        readme = os.path.join(TOP, "studies", name, "README.md")
        if os.path.exists(readme):
            with open(readme) as fh:
                quoted = set(numbers(fh.read()))
            gone = sorted((set(numbers(old_text)) - set(numbers(new_text))) & quoted, key=lambda s: value(s))
            gone = [g for g in gone if abs(value(g)) >= 10 or "." in g or "e" in g]
            if gone:
                print(f"  README quotes numbers the new table no longer has: {' '.join(gone)}")
        print(f"{name}: {len(moved)} number(s) moved, {len(measured)} measurement(s) changed")
        if moved and not a.write:
            status = 1
        if a.write:
            for f in os.listdir(out):
                if f != "README.md":
                    shutil.copy2(os.path.join(out, f), os.path.join(TOP, "studies", name, f))
            print(f"{name}: written into studies/{name}")
        shutil.rmtree(out, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
