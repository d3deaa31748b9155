#!/usr/bin/env python3
"""The rigid-body study (studies/rigid): fix rrp/rigid/small and fix rrp/rigid beside LAMMPS's
fix rigid/small, rigid/nve/small, rigid and rigid/nve.

  1. free bodies (an asymmetric 4-atom clump, a dimer, a straight trimer), nsteps at h = 0.01:
     the largest relative change of the energy (compute ke/rigid + erotate/rigid) and of the
     angular momentum; the energy against time (figure free-bodies.png)
  2. LAMMPS's examples/rigid/in.rigid (9 clumps, LJ) with the fix line swapped, t = 1 at several
     dt: the energy error (largest excursion and the change over the run) and whether the run
     keeps its atoms (the largest stable dt)
  3. cost: 4000 rigid 4-atom chains with LJ, the Modify section per body-step, median of 3

  study_rigid.py [--quick] [--out studies/rigid]

Writes table.md and free-bodies.png into --out; --quick runs short versions (the test command)."""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rrplmp import LAMMPS_EXAMPLES as EXAMPLES, LMP, TOP, log  # noqa: E402

RIGID = os.environ.get("RRP_RIGID_PLUGIN", os.path.join(TOP, "build", "plugin", "rigid", "rrprigidplugin.so"))


def lmp(text, wd=None, ok_fail=False):
    wd = wd or tempfile.mkdtemp(prefix="rrp-study-rigid-")
    path = os.path.join(wd, "in.study")
    with open(path, "w") as fh:
        fh.write(text)
    p = subprocess.run([LMP, "-in", path, "-log", "none", "-echo", "none", "-nocite"], cwd=wd,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if not ok_fail and (p.returncode != 0 or "ERROR" in p.stdout):
        sys.exit("study_rigid: LAMMPS failed:\n" + "\n".join(p.stdout.splitlines()[-20:]))
    return p.returncode, p.stdout


# a free body of atoms at the given places, under `fix` (its body keyword in `body`): energy
# (compute ke/rigid + erotate/rigid) and angular momentum every `every` steps (the test command
# runs the same input, tests/lammps/test_rigid.py)
FREE = """
plugin load {rigid}
units lj
atom_style atomic
atom_modify map array
comm_modify cutoff 6.0
boundary f f f
region box block -10 10 -10 10 -10 10
create_box 1 box
mass 1 1.0
{atoms}
velocity all create 1.0 4928 loop geom
variable one atom 1
fix 1 all {fix} {body}
compute ke all ke/rigid 1
compute er all erotate/rigid 1
variable E equal c_ke+c_er
variable Lx equal angmom(all,x)
variable Ly equal angmom(all,y)
variable Lz equal angmom(all,z)
thermo_style custom step v_E v_Lx v_Ly v_Lz
thermo_modify format float %.17g
thermo {every}
timestep 0.01
run {n}
"""
BODIES = {
    "asymmetric clump": [(0, 0, 0), (1, 0, 0), (0, 1.7, 0), (0.3, 0.2, 2.3)],
    "dimer": [(0, 0, 0), (1.3, 0, 0)],
    "straight trimer": [(0, 0, 0), (1, 0, 0), (2, 0, 0)],
}
SMALL = ("rigid/small", "rigid/nve/small", "rrp/rigid/small")


def free_input(atoms, fix, body, every, n, rigid=RIGID):
    """FREE for the atoms (a list of points) under fix `fix`"""
    return FREE.format(rigid=rigid, atoms="\n".join(f"create_atoms 1 single {x} {y} {z}" for x, y, z in atoms),
                       fix=fix, body=body, every=every, n=n)


def rows(out, ncols):
    r = []
    for line in out.splitlines():
        w = line.split()
        if len(w) == ncols and w[0].isdigit():
            try:
                r.append([float(v) for v in w])
            except ValueError:
                pass
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default=os.path.join(TOP, "studies", "rigid"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    md = ["# Rigid-body study: tables", "", f"Made by `scripts/study_rigid.py{' --quick' if a.quick else ''}`.", ""]

    # 1. free bodies
    n = 2000 if a.quick else 200000
    every = n // 200
    md += [f"## 1. Free bodies, {n} steps at h = 0.01: largest relative change of energy / angular momentum", "",
           "| body | " + " | ".join(SMALL) + " |", "|---|" + "---|" * len(SMALL)]
    fig, axes = plt.subplots(1, len(BODIES), figsize=(13, 3.8))
    for ax, (name, atoms) in zip(axes, BODIES.items()):
        cells = []
        for fix in SMALL:
            log(f"free {name}: {fix}")
            text = free_input(atoms, fix, "custom v_one", every, n)
            r = rows(lmp(text)[1], 5)
            E0, L0 = r[0][1], r[0][2:5]
            nL = sum(v * v for v in L0) ** 0.5
            dE = max(abs(x[1] - E0) for x in r) / abs(E0)
            dL = max(max(abs(x[2 + k] - L0[k]) for k in range(3)) for x in r) / nL
            cells.append(f"{dE:.2g} / {dL:.2g}")
            ax.semilogy([x[0] * 0.01 for x in r[1:]], [max(abs(x[1] - E0) / abs(E0), 1e-17) for x in r[1:]], label=fix)
        md.append(f"| {name} | " + " | ".join(cells) + " |")
        ax.set_title(f"free {name}")
        ax.set_xlabel("t")
        ax.set_ylabel("|E - E0| / E0")
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "free-bodies.png"), dpi=100)
    md.append("")

    # 2. examples/rigid/in.rigid at several dt, t = 1 (quick: t = 0.1)
    src = os.path.join(EXAMPLES, "rigid", "in.rigid")
    with open(src) as fh:
        base = fh.read()
    tend = 0.1 if a.quick else 1.0
    dts = (1e-4, 4e-4) if a.quick else (1e-4, 2e-4, 4e-4, 8e-4)
    md += [f"## 2. examples/rigid/in.rigid (9 clumps, LJ), t = {tend}: energy error, largest excursion and change over the run "
           "(relative), or the step where the run failed", "", "| dt | rigid | rigid/nve | rrp/rigid |", "|---|---|---|---|"]
    for dt in dts:
        cells = []
        for fix in ("rigid", "rigid/nve", "rrp/rigid"):
            log(f"in.rigid dt {dt}: {fix}")
            wd = tempfile.mkdtemp(prefix="rrp-study-rigid-")
            os.symlink(os.path.join(EXAMPLES, "rigid", "data.rigid"), os.path.join(wd, "data.rigid"))
            text = base.replace("fix 1 all rigid group 9", f"plugin load {RIGID}\nfix 1 all {fix} group 9")
            text = text.replace("timestep        0.0001\nthermo          50\nrun             10000",
                                f"timestep        {dt}\nthermo_style custom step etotal\nthermo_modify format float %.15g "
                                f"lost warn\nthermo {max(1, int(round(tend / dt / 100)))}\nrun {int(round(tend / dt))}")
            rc, out = lmp(text, wd, ok_fail=True)
            r = rows(out, 2)
            lost = "Lost atoms" in out or rc != 0
            if not r or lost:
                cells.append("lost atoms" if lost else "failed")
                continue
            E0 = r[0][1]
            cells.append(f"{max(abs(x[1] - E0) for x in r) / abs(E0):.2g}, {(r[-1][1] - E0) / abs(E0):.2g}")
        md.append(f"| {dt:g} | " + " | ".join(cells) + " |")
    md.append("")

    # 3. cost
    chains = 1000 if a.quick else 4000
    nx, ny = (20, 10) if a.quick else (40, 20)    # chains along x: nx a multiple of 4
    md += [f"## 3. Cost: {chains} rigid 4-atom chains with LJ, Modify section per body-step (median of 3)", "",
           "| fix | ns / body-step | ratio to rigid/small |", "|---|---|---|"]
    cost = {}
    for fix in SMALL:
        text = f"""plugin load {RIGID}
units lj
atom_style molecular
atom_modify map array
boundary p p p
lattice sc 0.5
region box block 0 {nx} 0 {ny} 0 20
create_box 1 box
create_atoms 1 box
mass 1 1.0
variable m atom floor((id-1)/4)+1
set group all mol v_m
velocity all create 1.0 4928 loop geom
pair_style lj/cut 1.5
pair_coeff * * 0.2 1.0
neigh_modify exclude molecule/intra all
comm_modify cutoff 6.0
fix 1 all {fix} molecule
timestep 0.002
thermo 0
run 50
""" + "run 200\n" * 3
        log(f"cost: {fix}")
        out = lmp(text)[1]
        mods = [float(m) for m in re.findall(r"^Modify\s*\|\s*\S+\s*\|\s*(\S+)", out, re.M)][1:]
        bodies = int(re.search(r"(\d+) rigid bodies", out).group(1))
        cost[fix] = statistics.median(mods) * 1e9 / (bodies * 200)
    for fix in SMALL:
        md.append(f"| {fix} | {cost[fix]:.0f} | {cost[fix] / cost['rigid/small']:.2f} |")
    md.append("")
    with open(os.path.join(a.out, "table.md"), "w") as fh:
        fh.write("\n".join(md) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    main()
