#!/usr/bin/env python3
"""The composite study (studies/composite): the example of examples/composite at two sizes, and
the rrp styles side by side with LAMMPS's BPM styles on the same packing and bonds.

  1. example: in.pack (n spheres packed, bonded, saved) and in.compress (a specimen compressed
     between two walls until it fails), at n = 3000 (the quick size of command A) and
     n = 20000 on 2 ranks; the stress-strain curve, breaks by mode, energy budget and damaged
     sample (scripts/plot_composite.py) of each, and a table of their figures
  2. side by side: the packing of n = 20000 (atom_style bpm/sphere) run free between its walls
     at rest for `steps` steps, under
       rrp:  fix rrp/nve + bond_style rrp/binder + pair_style rrp/hertz (rrp/read_data)
       bpm:  fix nve/bpm/sphere + bond_style bpm/rotational + pair_style granular hertz, at
             comparable stiffness (Kr = Ka, Ks = Ks, Kt = Kb = Km; the same Hertz contact),
             read from the same data file written without the rrp sections
     both with fix rrp/wall walls (a force law without orientations), on 1 and 2 ranks: the whole
     step and its breakdown, memory per rank, and what each conserves (total momentum along x,
     y; the energy: BPM tallies no bond energy, so only the rrp total can be checked)

  study_composite.py [--quick] [--out studies/composite]

Writes table.md and the figures into --out; --quick runs small sizes (for the test command)."""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402
from rrplmp import TOP, log  # noqa: E402
EX = os.path.join(TOP, "examples", "composite")


def lmp(wd, input_file, np=1, **variables):
    try:
        return rrplmp.run_lmp(wd, input_file, np, **variables)
    except RuntimeError as e:
        sys.exit(f"study_composite: {e}")


def example(n, np, out, tag, quick):
    """in.pack + in.compress + plots; returns the summary lines and the PACK/COMPRESS lines"""
    wd = tempfile.mkdtemp(prefix=f"rrp-study-composite-{tag}-")
    log(f"example {tag}: packing {n} spheres on {np} rank(s)")
    extra = {"ncompact": 800, "nquench": 300, "nrelax": 200, "nbisect": 8} if quick else {}
    pack = lmp(wd, os.path.join(EX, "in.pack"), np, n=n, data="data.composite", **extra)
    log(f"example {tag}: compression")
    comp = lmp(wd, os.path.join(EX, "in.compress"), np, data="data.composite", **({"emax": 0.04} if quick else {}))
    p = subprocess.run([sys.executable, os.path.join(TOP, "scripts", "plot_composite.py"), wd],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        sys.exit("study_composite: plot failed:\n" + p.stdout)
    for f in ("composite-stress-strain.png", "composite-energy.png", "composite-damage.png"):
        shutil.copy(os.path.join(wd, f), os.path.join(out, f.replace("composite-", f"{tag}-")))
    line = lambda text, key: next(l for l in text.splitlines() if l.startswith(key))  # noqa: E731
    return wd, line(pack, "PACK"), line(comp, "compression:"), line(comp, "COMPRESS"), p.stdout.strip()


SIDE = """
plugin load ${plugin}
units           lj
atom_style      bpm/sphere
boundary        p p f
comm_modify     vel yes
${reader}       ${data}
special_bonds   lj/coul 1.0 1.0 1.0
neighbor        0.3 bin
neigh_modify    delay 0 every 1 check yes
comm_modify     cutoff 2.5
include         ${model}
fix             wlo all rrp/wall zlo $(zlo) 2100.0
fix             whi all rrp/wall zhi $(zhi) 2100.0
fix_modify      wlo energy yes
fix_modify      whi energy yes
compute         ke all ke
compute         rot all erotate/sphere
compute         pe all pe
variable        mvx atom mass*vx
variable        mvy atom mass*vy
compute         p all reduce sum v_mvx v_mvy
variable        etot equal c_ke+c_rot+c_pe
thermo_style    custom step c_ke c_rot c_pe v_etot ebond c_p[1] c_p[2]
thermo_modify   norm no format float %.15g
thermo          ${every}
timestep        0.005
run             ${steps}
"""
RRP = """bond_style      rrp/binder
bond_coeff      1 10.0 200.0 200.0
pair_style      rrp/hertz
pair_coeff      * * 2100.0
fix             int all rrp/nve
"""
# pair granular's hertz k_n (F = k_n sqrt(R* delta) delta) matched to rrp/hertz's Kpp (F = Kpp
# delta^(3/2) / (R_i + R_j)^(5/2)) for spheres of diameter 1: k_n = 2 Kpp
BPM = """bond_style      bpm/rotational break no smooth no overlay/pair yes
bond_coeff      1 200.0 200.0 10.0 10.0 1e6 1e6 1e6 1e6 0.0 0.0 0.0 0.0
pair_style      granular
pair_coeff      * * hertz 4200.0 0.0 tangential linear_nohistory 0.0 0.0 damping velocity
fix             int all nve/bpm/sphere
"""
CONVERT = """
plugin load ${plugin}
units           lj
atom_style      bpm/sphere
boundary        p p f
comm_modify     vel yes
rrp/read_data   data.composite
write_data      data.bpm nofix
"""


def side(wd, model, np, steps, every):
    text = lmp(wd, os.path.join(wd, "in.side"), np, model=os.path.join(wd, f"{model}.in"), steps=steps,
               every=every, reader="rrp/read_data" if model == "rrp" else "read_data",
               data="data.composite" if model == "rrp" else "data.bpm")
    mem = float(re.search(r"Per MPI rank memory allocation \(min/avg/max\) = \S+ \| (\S+) \|", text).group(1))
    loop = re.search(r"Loop time of (\S+) on \d+ procs for (\d+) steps with (\d+) atoms", text)
    atoms = int(loop.group(3))
    per = {"loop": float(loop.group(1))}
    for sec in ("Pair", "Bond", "Neigh", "Comm", "Modify"):
        m = re.search(r"^%s\s*\|\s*\S+\s*\|\s*(\S+)" % sec, text, re.M)
        per[sec] = float(m.group(1)) if m else 0.0
    rows = []
    for line in text.splitlines():
        w = line.split()
        if len(w) == 8 and w[0].isdigit():
            try:
                rows.append([float(v) for v in w])
            except ValueError:
                pass
    return mem, {k: 1e9 * v / (atoms * steps) for k, v in per.items()}, rows, atoms


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default=os.path.join(TOP, "studies", "composite"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    md = ["# Composite study: tables", "",
          f"Made by `scripts/study_composite.py{' --quick' if a.quick else ''}`.", ""]

    sizes = [(600, 1, "quick")] if a.quick else [(3000, 1, "n3000"), (20000, 2, "n20000")]
    md += ["## 1. The example: pack, save, read back, compress until failure", "",
           "| size | packing (in.pack) | specimen (in.compress) | result | plot summary |", "|---|---|---|---|---|"]
    packed = None
    for n, np, tag in sizes:
        wd, pack, comp, res, summ = example(n, np, a.out, tag, a.quick)
        md.append(f"| {tag} ({np} rank{'s' if np > 1 else ''}) | {pack} | {comp} | {res} | {summ.replace(chr(10), '; ')} |")
        packed = wd if packed is None or n == 20000 else packed
    md.append("")

    # side by side on the largest packing, written in atom_style bpm/sphere
    n_side, steps, every = (600, 40, 20) if a.quick else (20000, 500, 100)
    wd = tempfile.mkdtemp(prefix="rrp-study-composite-side-")
    log(f"side by side: packing {n_side} spheres (bpm/sphere)")
    extra = {"ncompact": 800, "nquench": 300, "nrelax": 200, "nbisect": 8} if a.quick else {}
    lmp(wd, os.path.join(EX, "in.pack"), 2, n=n_side, data="data.composite", astyle="bpm/sphere", **extra)
    with open(os.path.join(wd, "in.convert"), "w") as fh:
        fh.write(CONVERT)
    lmp(wd, os.path.join(wd, "in.convert"))
    for name, text in (("in.side", SIDE), ("rrp.in", RRP), ("bpm.in", BPM)):
        with open(os.path.join(wd, name), "w") as fh:
            fh.write(text)
    md += [f"## 2. Side by side with BPM: the packing of {n_side} spheres, {steps} steps free between its walls", "",
           "| ranks | model | MB per rank | ratio | whole step ns/atom-step | ratio | Pair | Bond | Modify | Comm | Neigh | "
           "max rel. change of KE+pe | max abs. change of P_x, P_y |", "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for np in ((1,) if a.quick else (1, 2)):
        base = None
        for model, label in (("bpm", "BPM: nve/bpm/sphere + bpm/rotational + granular hertz"),
                             ("rrp", "rrp/nve + rrp/binder + rrp/hertz")):
            log(f"side by side: {model} on {np} rank(s)")
            runs = [side(wd, model, np, steps, every) for _ in range(1 if a.quick else 3)]
            mem = runs[0][0]
            per = {k: statistics.median(r[1][k] for r in runs) for k in runs[0][1]}
            rows = runs[0][2]
            e0 = rows[0][4]
            de = max(abs(r[4] - e0) for r in rows) / abs(e0)
            dp = max(max(abs(r[6] - rows[0][6]), abs(r[7] - rows[0][7])) for r in rows)
            if base is None:
                base = (mem, per["loop"])
            md.append(f"| {np} | {label} | {mem:.1f} | {mem / base[0]:.3f} | {per['loop']:.1f} | "
                      f"{per['loop'] / base[1]:.2f} | {per['Pair']:.1f} | {per['Bond']:.1f} | {per['Modify']:.1f} | "
                      f"{per['Comm']:.1f} | {per['Neigh']:.1f} | {de:.2e}{' (no bond energy)' if model == 'bpm' else ''} | {dp:.1e} |")
    md.append("")
    with open(os.path.join(a.out, "table.md"), "w") as fh:
        fh.write("\n".join(md) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    main()
