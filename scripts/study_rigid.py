#!/usr/bin/env python3
"""The rigid-body study (studies/rigid): fix rrp/rigid/small and fix rrp/rigid beside LAMMPS's
fix rigid/small, rigid/nve/small, rigid and rigid/nve.

  1. free bodies (an asymmetric 4-atom clump, a dimer, a straight trimer), 2e5 steps at h = 0.01:
     the largest relative change of the energy (compute ke/rigid + erotate/rigid) and of the
     angular momentum; the energy against time (free-bodies.png)
  2. a dilute gas of 64 such clumps (WCA), t = 500 at four h: the energy error (clump-gas.png)
  3. LAMMPS's inputs with the rigid fix swapped, run NVE at several dt (rigid/in.rigid,
     in.rigid.small, in.rigid.tnr, deposit/in.deposit.molecule.rigid-small): the energy error
     (largest excursion, change over the run) or how the run ended (lammps-inputs.png)
  4. pour/in.pour.2d.molecule (dissipative) to its end: atoms and kinetic energy at the end
  5. cost: 4000 rigid 4-atom bodies (straight chains; 2x2 squares) with LJ, the Modify section
     per body-step, all fixes in turn in one LAMMPS process, 5 rounds

  study_rigid.py [--quick] [--out studies/rigid]

Writes table.md and the figures into --out; --quick runs short versions (the test command)."""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402
from rrplmp import LAMMPS_EXAMPLES as EXAMPLES, LMP, TOP, log  # noqa: E402

RIGID = os.environ.get("RRP_RIGID_PLUGIN", os.path.join(TOP, "build", "plugin", "rrprigidplugin.so"))


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


# a dilute gas of the asymmetric clump of BODIES: 64 copies on a 4x4x4 lattice of spacing 7.5 in a
# periodic box, random atom velocities (so the clumps translate and spin), a soft repulsion
# (pair soft: smooth, so that the collisions' error is small) between clumps
GAS = """
plugin load {rigid}
units lj
atom_style molecular
atom_modify map array
boundary p p p
lattice sc 0.0023703703703703703
region box block 0 4 0 4 0 4
create_box 1 box
mass 1 1.0
molecule clump clump.mol
create_atoms 0 box mol clump 39745
velocity all create 1.0 4928 loop geom
pair_style soft 1.0
pair_coeff * * 1.0
neigh_modify exclude molecule/intra all
comm_modify cutoff 4.0
fix 1 all {fix} molecule
thermo_style custom step etotal
thermo_modify format float %.17g norm no
thermo {every}
timestep {h}
run {n}
"""




def clump_file(wd):
    """the asymmetric clump of BODIES as a LAMMPS molecule file"""
    pts = BODIES["asymmetric clump"]
    with open(os.path.join(wd, "clump.mol"), "w") as fh:
        fh.write(f"asymmetric clump\n\n{len(pts)} atoms\n\nCoords\n\n")
        fh.write("".join(f"{i + 1} {x} {y} {z}\n" for i, (x, y, z) in enumerate(pts)))
        fh.write("\nTypes\n\n" + "".join(f"{i + 1} 1\n" for i in range(len(pts))))
        fh.write("\nMolecules\n\n" + "".join(f"{i + 1} 1\n" for i in range(len(pts))))


def one_swap(text, old, new):
    """text with `old` (which must occur exactly once) replaced"""
    if text.count(old) != 1:
        sys.exit(f"study_rigid: {old!r} occurs {text.count(old)} times in a LAMMPS input")
    return text.replace(old, new)


# LAMMPS's inputs, run NVE with the rigid fix swapped: each with the fix line, what to change to
# make it NVE, and the step sizes (the input's first)
# (pair_modify shift yes: the energy without the jumps of a truncated pair potential; the forces,
# and so the motion, are unchanged)
ENERGY = "pair_modify shift yes\nthermo_style custom step etotal\nthermo_modify format float %.15g norm no lost warn\n"
INPUTS = {
    "rigid/in.rigid": dict(
        dir="rigid", file="in.rigid", links=("data.rigid",), fixes=("rigid", "rigid/nve", "rrp/rigid"),
        what="9 clumps, LJ, T = 100", dts=(1e-4, 2e-4, 4e-4), t=1.0, quick_t=0.1,
        swaps=(("fix 1 all rigid group 9", "fix 1 all {fix} group 9"),),
        tail="timestep        0.0001\nthermo          50\nrun             10000"),
    "rigid/in.rigid.small": dict(
        dir="rigid", file="in.rigid.small", links=("data.rigid.small",),
        fixes=("rigid/small", "rigid/nve/small", "rrp/rigid/small"),
        what="the same 9 clumps as molecules", dts=(1e-4, 2e-4, 4e-4), t=1.0, quick_t=0.1,
        swaps=(("fix 1 all rigid/small molecule", "fix 1 all {fix} molecule"),),
        tail="timestep        0.0001\nthermo          50\nrun             10000"),
    "rigid/in.rigid.tnr": dict(
        dir="rigid", file="in.rigid.tnr", links=("data.rigid.tnr",), fixes=("rigid", "rigid/nve", "rrp/rigid"),
        what="800 tethered nanorods, 5600 atoms: 1000 steps of the input's fix rigid + langevin, then NVE with "
             "the tethers' fix nve and the rods' fix under test", dts=(0.005, 0.01, 0.02), t=25.0, quick_t=1.0,
        swaps=(("run	5000", "run 1000\nunfix 1\nunfix 3\nfix 1 rods {fix} molecule\nreset_timestep 0"),),
        cut="# Replace fix rigid and fix langevin with new ones", tail=None),
    "deposit/in.deposit.molecule.rigid-small": dict(
        dir="deposit", file="in.deposit.molecule.rigid-small", links=("molecule.dimer",),
        fixes=("rigid/small", "rigid/nve/small", "rrp/rigid/small"),
        what="the input's deposition of 100 rigid dimers with fix rigid/small and langevin, then NVE with the "
             "substrate's fix nve and the dimers' fix under test", dts=(0.005, 0.01, 0.02), t=100.0, quick_t=5.0,
        swaps=(("run             10000",
                "run 10000\nunfix 4\nunfix 2\nunfix 1\nfix 1 addatoms {fix} molecule\nreset_timestep 0"),
               ("thermo_modify	temp add lost/bond ignore lost warn", "thermo_modify lost/bond ignore lost warn")),
        tail=None),
}


def stop_reason(out):
    """how a LAMMPS run that stopped with an ERROR ended, in a few words"""
    m = re.search(r"ERROR[^:]*: (.*)", out)
    if not m:
        return "failed"
    if "has no solution" in m[1]:
        step = re.search(r"on step (\d+)", m[1])
        return f"the map has no solution at step {step[1] if step else '?'} (ERROR naming the body)"
    return m[1].split(" (src/")[0][:70]


def run_input(spec, fix, dt, tend):
    """one LAMMPS input of INPUTS under `fix` at dt for a time tend: (rc, output, energy rows)"""
    wd = tempfile.mkdtemp(prefix="rrp-study-rigid-")
    for f in spec["links"]:
        os.symlink(os.path.join(EXAMPLES, spec["dir"], f), os.path.join(wd, f))
    with open(os.path.join(EXAMPLES, spec["dir"], spec["file"])) as fh:
        text = fh.read()
    if spec.get("cut"):
        text = text[:text.index(spec["cut"])]
    text = f"plugin load {RIGID}\n" + text
    for old, new in spec["swaps"]:
        text = one_swap(text, old, new.format(fix=fix))
    n = int(round(tend / dt))
    run = ENERGY + f"timestep {dt}\nthermo {max(1, n // 200)}\nrun {n}\n"
    text = one_swap(text, spec["tail"], run) if spec["tail"] else text + "\n" + run
    rc, out = lmp(text, wd, ok_fail=True)
    after = out[out.rindex("Step"):] if "Step" in out else ""
    return rc, out, rows(after, 2)


# the bodies of the cost runs: 4 atoms each on a simple cubic lattice, the molecule ID from the
# position (straight chains along x, or 2x2 squares in xy: non-degenerate bodies)
COST_SHAPES = {
    "straight 4-atom chains (linear bodies)": "1+floor((x+0.5*xlat)/(4*xlat))+10*(floor((y+0.5*ylat)/ylat)+NY*floor((z+0.5*zlat)/zlat))",
    "2x2 squares (planar bodies, moments I, I, 2I)": "1+floor((x+0.5*xlat)/(2*xlat))+20*(floor((y+0.5*ylat)/(2*ylat))+NY*floor((z+0.5*zlat)/zlat))",
}


def lattice_bodies(rigid, mol, nx, ny, nz):
    """the cost runs' system, up to its fix line `fix 1 all FIX molecule`: nx x ny x nz atoms of
    a simple cubic lattice with LJ between bodies, grouped into bodies by mol (a COST_SHAPES
    formula), the rigid plugin loaded from rigid"""
    return f"""plugin load {rigid}
units lj
atom_style molecular
atom_modify map array
boundary p p p
lattice sc 0.5
region box block 0 {nx} 0 {ny} 0 {nz}
create_box 1 box
create_atoms 1 box
mass 1 1.0
variable m atom {mol.replace("NY", str(ny))}
set group all mol v_m
velocity all create 1.0 4928 loop geom
pair_style lj/cut 1.5
pair_coeff * * 0.2 1.0
neigh_modify exclude molecule/intra all
comm_modify cutoff 6.0
fix 1 all FIX molecule
"""


def cost_rounds(mol, fixes, reps, bodies, steps=300, runner=None):
    """Modify ns per body-step of each fix, one value per round, in one LAMMPS process (bodies a
    multiple of 200; runner(text) -> output runs LAMMPS, by default this study's lmp())"""
    nx, nz = 40, bodies * 4 // (40 * 20)
    one = "clear\n" + lattice_bodies(RIGID, mol, nx, 20, nz) + "timestep 0.002\nthermo 0\nrun 10\nrun STEPS\n"
    text = "".join(one.replace("FIX", fix).replace("STEPS", str(steps)) for _ in range(reps) for fix in fixes)
    out = runner(text) if runner else lmp(text)[1]
    nb = [int(v) for v in re.findall(r"(\d+) rigid bodies", out)]
    if any(v != bodies for v in nb):
        sys.exit(f"study_rigid: cost runs made {set(nb)} bodies, not {bodies}")
    mods = [float(m) for m in re.findall(r"^Modify\s*\|\s*\S+\s*\|\s*(\S+)", out, re.M)][1::2]
    per = {fix: [] for fix in fixes}
    for i, m in enumerate(mods):
        per[fixes[i % len(fixes)]].append(m * 1e9 / (bodies * steps))
    return per


def cost_section(nbodies, reps):
    """section 5 of the tables: the cost runs of both shapes, every fix (markdown lines)"""
    md = [f"## 5. Cost: {nbodies} rigid 4-atom bodies with LJ, Modify section per body-step; one LAMMPS process "
          f"runs the fixes in turn, {reps} rounds; median, and the median of the per-round ratios", ""]
    for shape, mol in COST_SHAPES.items():
        fixes = SMALL + ("rigid", "rrp/rigid")
        per = cost_rounds(mol, fixes, reps, nbodies)
        md += [f"### {shape}", "", "| fix | ns / body-step | ratio to rigid/small (per round) |", "|---|---|---|"]
        for fix in fixes:
            ratios = [x / y for x, y in zip(per[fix], per["rigid/small"])]
            md.append(f"| {fix} | {statistics.median(per[fix]):.0f} | {statistics.median(ratios):.2f} "
                      f"({' '.join(f'{x:.2f}' for x in ratios)}) |")
        md.append("")
    return md


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default=os.path.join(TOP, "studies", "rigid"))
    a = ap.parse_args()
    plt = rrplmp.need_pyplot()    # the figures (the bench imports this module for its cost runs only)
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

    # 2. a dilute gas of the asymmetric clumps: free flight and spin, rare WCA collisions
    tgas = 50.0 if a.quick else 500.0
    gdts = (0.01,) if a.quick else (0.005, 0.01, 0.02, 0.04)
    md += [f"## 2. A gas of 64 asymmetric 4-atom clumps (soft repulsion, periodic), t = {tgas:g}: largest relative energy "
           "excursion, change over the run", "", "| h | " + " | ".join(SMALL) + " |", "|---|" + "---|" * len(SMALL)]
    fig, ax = plt.subplots(figsize=(6.5, 4))
    for h in gdts:
        cells = []
        for fix in SMALL:
            log(f"clump gas h {h}: {fix}")
            n = int(round(tgas / h))
            wd = tempfile.mkdtemp(prefix="rrp-study-rigid-")
            clump_file(wd)
            r = rows(lmp(GAS.format(rigid=RIGID, fix=fix, h=h, every=max(1, n // 400), n=n), wd)[1], 2)
            E0 = r[0][1]
            cells.append(f"{max(abs(x[1] - E0) for x in r) / abs(E0):.2g}, {(r[-1][1] - E0) / abs(E0):.2g}")
            if h == 0.01:
                ax.semilogy([x[0] * h for x in r[1:]], [max(abs(x[1] - E0) / abs(E0), 1e-17) for x in r[1:]], label=fix)
        md.append(f"| {h:g} | " + " | ".join(cells) + " |")
    ax.set_title("gas of 64 clumps, h = 0.01")
    ax.set_xlabel("t")
    ax.set_ylabel("|E - E0| / E0")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "clump-gas.png"), dpi=100)
    md.append("")

    # 3. LAMMPS's own inputs, NVE, at several dt
    md += ["## 3. LAMMPS's inputs with the rigid fix swapped, NVE: largest relative energy excursion, change "
           "over the run; or how the run ended", ""]
    fig, axes = plt.subplots(1, len(INPUTS), figsize=(4.3 * len(INPUTS), 3.8))
    for ax, (name, spec) in zip(axes, INPUTS.items()):
        fixes, dts, tend = spec["fixes"], spec["dts"], spec["t"]
        if a.quick:
            dts, tend = dts[:1], spec["quick_t"]
        md += [f"### {name} (t = {tend:g}; {spec['what']})", "", "| dt | " + " | ".join(fixes) + " |",
               "|---|" + "---|" * len(fixes)]
        stable = {fix: None for fix in fixes}
        for dt in dts:
            cells = []
            for fix in fixes:
                log(f"{name} dt {dt}: {fix}")
                rc, out, r = run_input(spec, fix, dt, tend)
                if "Lost atoms" in out or "lost atoms" in out:
                    cells.append("lost atoms")
                elif rc != 0 or not r:
                    cells.append("stopped: " + stop_reason(out))
                else:
                    E0 = r[0][1]
                    err = max(abs(x[1] - E0) for x in r) / abs(E0)
                    cells.append(f"{err:.2g}, {(r[-1][1] - E0) / abs(E0):.2g}")
                    if err < 0.1:
                        stable[fix] = dt
                    if dt == dts[0]:
                        ax.plot([x[0] for x in r], [(x[1] - E0) / abs(E0) for x in r], label=fix, lw=1)
            md.append(f"| {dt:g} | " + " | ".join(cells) + " |")
        md.append("| largest dt run to its end, error < 0.1 | " +
                  " | ".join(f"{stable[f]:g}" if stable[f] else "none" for f in fixes) + " |")
        md.append("")
        ax.set_title(f"{name}, dt = {dts[0]:g}", fontsize=9)
        ax.set_xlabel("step")
        ax.set_ylabel("(E - E0) / E0")
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "lammps-inputs.png"), dpi=100)

    # 4. pour/in.pour.2d.molecule: dissipative (granular damping), so no energy error
    steps = 5000 if a.quick else 25000
    md += [f"## 4. pour/in.pour.2d.molecule (fix pour of rigid V shapes, granular damping), {steps} steps", "",
           "| fix | atoms at the end | kinetic energy at the end | Modify s |", "|---|---|---|---|"]
    for fix in SMALL:
        log(f"pour.2d.molecule: {fix}")
        wd = tempfile.mkdtemp(prefix="rrp-study-rigid-")
        for f in ("molecule.vshape",):
            os.symlink(os.path.join(EXAMPLES, "pour", f), os.path.join(wd, f))
        with open(os.path.join(EXAMPLES, "pour", "in.pour.2d.molecule")) as fh:
            text = fh.read()
        text = one_swap(text, "fix             3 all rigid/small molecule mol object",
                        f"plugin load {RIGID}\nfix             3 all {fix} molecule mol object")
        text = one_swap(text, "run	        25000", f"run {steps}")
        out = lmp(text, wd)[1]
        last = [w for w in (line.split() for line in out.splitlines()) if len(w) == 5 and w[0] == str(steps)][-1]
        mod = re.findall(r"^Modify\s*\|\s*\S+\s*\|\s*(\S+)", out, re.M)[-1]
        md.append(f"| {fix} | {last[1]} | {float(last[2]):.4g} | {float(mod):.3g} |")
    md.append("")

    # 5. cost, each fix in turn in one LAMMPS process (clear between), median of the ratios
    reps = 3 if a.quick else 5
    nbodies = 1000 if a.quick else 4000
    md += cost_section(nbodies, reps)
    with open(os.path.join(a.out, "table.md"), "w") as fh:
        fh.write("\n".join(md) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    main()
