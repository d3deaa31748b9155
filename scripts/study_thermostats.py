#!/usr/bin/env python3
"""The thermostatted and barostatted RRP twins beside LAMMPS's own fixes, in one LAMMPS binary:
writes a table and figures into studies/thermostats/.

  study_thermostats.py [--quick] [--out studies/thermostats] [--jobs 2]

(a) the conserved quantity econserve = pe + ke + (rotational ke) + ecouple over a run, at a scan
    of time steps, for each twin beside LAMMPS's fix on the same system: a fluid of dipolar soft
    spheres (pair lj/sf/dipole/sf, update dipole; nvt/sphere, npt/sphere), a binder composite
    (rrp/binder, which LAMMPS's sphere fixes cannot integrate: the twin alone, on both orientation
    layouts), a 3D Gay-Berne fluid (nvt/asphere, npt/asphere) and a WCA fluid of 1,000 rigid 2x2
    clumps (rigid/nvt/small, rigid/nvt, and the npt and nph fixes); the largest excursion
    max |E(t) - E(0)| / |etot| after a warm-up, and the largest step of the scan within 1e-3;
(b) temperature and pressure means, with block-average error bars, of LAMMPS's inputs run as
    written and with the fix swapped (-sf rrp, or one line): examples/ellipse (npt/asphere, the
    NPT part), examples/rigid/in.rigid.tnr (rigid/nvt, rigid/npt, rigid/nph), the deposit example
    with rigid/nvt/small, and the clump fluid;
(c) fix langevin (omega yes, angmom yes) with fix rrp/nve and rrp/nve/asphere, and fix
    rrp/rigid/small's langevin keyword: the translational and rotational temperatures of ideal
    gases of 1,000 spheres, ellipsoids and clumps against the target (equipartition).
--quick shortens every run (for the test command). Progress goes to stderr."""
import argparse
import concurrent.futures
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402

TOP = rrplmp.TOP
PLUGIN = rrplmp.PLUGIN
ASPHERE = os.environ.get("RRP_ASPHERE_PLUGIN", os.path.join(TOP, "build", "plugin", "rrpasphereplugin.so"))
RIGID = os.environ.get("RRP_RIGID_PLUGIN", os.path.join(TOP, "build", "plugin", "rrprigidplugin.so"))
LOADS = f"plugin load {PLUGIN}\nplugin load {ASPHERE}\nplugin load {RIGID}\n"
BOUND = 1e-3    # the conserved quantity's excursion, relative to |etot|, that a step must keep
log = rrplmp.log


def lmp(text, wd=None, np=1, suffix=None, files=None):
    """Run lmp on the input text, with the named files beside it (in a new folder unless wd);
    returns the log's text (rrplmp.run_lmp)."""
    wd = wd or tempfile.mkdtemp(prefix="rrp-thermostats-")
    for name, content in dict(files or {}, **{"in.study": text}).items():
        with open(os.path.join(wd, name), "w") as fh:
            fh.write(content)
    return rrplmp.run_lmp(wd, "in.study", np=np, suffix=suffix)


def tables(out):
    """Every thermo table of a log: a list of {column: list of floats}."""
    result, cols = [], None
    for line in out.splitlines():
        w = line.split()
        if w and w[0] == "Step":
            cols = w
            result.append({c: [] for c in cols})
            continue
        if cols is None:
            continue
        try:
            vals = [float(x) for x in w]
        except ValueError:
            cols = None
            continue
        if len(vals) != len(cols):
            cols = None
            continue
        for c, v in zip(cols, vals):
            result[-1][c].append(v)
    return result


def excursion(table, econs="v_econs", etot="v_etot"):
    """max |E(t) - E(0)| / mean |etot| of a table"""
    e = table[econs]
    scale = sum(abs(x) for x in table[etot]) / len(table[etot])
    return max(abs(x - e[0]) for x in e) / scale


def block_mean(x, blocks=10):
    """the mean of a series and its error bar: the standard error of the means of `blocks` blocks"""
    n = len(x) // blocks
    if n == 0:
        return sum(x) / len(x), float("inf")
    means = [sum(x[k * n:(k + 1) * n]) / n for k in range(blocks)]
    m = sum(means) / blocks
    sd = math.sqrt(sum((b - m) ** 2 for b in means) / (blocks - 1))
    return m, sd / math.sqrt(blocks)


# ------------------------------------------------------------------------------------------------
# (a) systems: each an input with {fix} (the whole fix command's style and arguments), {dt},
# {warm} and {steps}; a warm-up run with the same fix, then the measured run, whose thermo table
# has v_etot (the total energy) and v_econs (it plus ecouple)

MEASURE = """
timestep {dt}
thermo_style custom step temp press vol v_etot ecouple v_econs
thermo_modify norm no format float %.15g lost warn
thermo {every}
run {warm}
reset_timestep 0
run {steps}
"""

DIPOLE = LOADS + """
units lj
atom_style hybrid sphere dipole
lattice sc 0.7
region box block 0 8 0 8 0 8
create_box 1 box
create_atoms 1 box
set group all diameter 1.0
set group all mass 1.0
set group all dipole/random 98934 1.5
velocity all create 1.0 87287 loop geom
pair_style lj/sf/dipole/sf 2.5
pair_coeff * * 1.0 1.0
neighbor 0.3 bin
neigh_modify delay 0 every 1 check yes
fix 1 all {fix} update dipole
compute rot all erotate/sphere
variable etot equal pe+ke+c_rot
variable econs equal v_etot+ecouple
""" + MEASURE

BINDER = LOADS + rrplmp.binder_lattice("{style}", block="0 6 0 6 0 6", box="-4 10 -4 10 -4 10",
                                        newton="on") + """
fix 1 all {fix}
compute rot all erotate/sphere
variable etot equal pe+ke+c_rot
variable econs equal v_etot+ecouple
""" + MEASURE

GAYBERNE = LOADS + """
units lj
atom_style ellipsoid
lattice sc 0.03
region box block 0 8 0 8 0 8
create_box 1 box
create_atoms 1 box
set type 1 mass 1.0
set type 1 shape 3 1 1
set group all quat/random 18238
velocity all create 2.0 87287 loop geom
pair_style gayberne 1.0 3.0 1.0 4.0
pair_coeff 1 1 1.0 1.0 1 1 0.2 1 1 0.2
neighbor 0.8 bin
fix 1 all {fix}
compute rot all erotate/asphere
variable etot equal pe+ke+c_rot
variable econs equal v_etot+ecouple
""" + MEASURE

SQUARE = """2x2 square clump

4 atoms

Coords

1 0.0 0.0 0.0
2 1.0 0.0 0.0
3 0.0 1.0 0.0
4 1.0 1.0 0.0

Types

1 1
2 1
3 1
4 1
"""

# the clump fluid of the issue: 1,000 rigid 2x2 squares (WCA) on a lattice sc 0.1, T = 1.5
CLUMPS = LOADS + """
units lj
atom_style molecular
boundary p p p
lattice sc 0.1
region box block 0 10 0 10 0 10
create_box 1 box
molecule sq square.mol
create_atoms 0 region box mol sq 3467
mass 1 1.0
pair_style lj/cut 1.122462048309373
pair_modify shift yes
pair_coeff 1 1 1.0 1.0
neighbor 0.3 bin
neigh_modify exclude molecule/intra all
velocity all create 1.5 87287 loop geom
fix 1 all {fix}
variable etot equal etotal
variable econs equal econserve
""" + MEASURE

T_SPHERE = "temp 1.0 1.0 0.2"
T_GB = "temp 2.0 2.0 0.5"
T_CLUMP = "temp 1.5 1.5 0.5"
P_ISO = "iso {p} {p} 2.0"

# name: (input, fixes to compare [(LAMMPS's, ours)] or [(None, ours)], arguments, files, dts)
SYSTEMS = {
    "dipolar spheres, NVT": (DIPOLE, [("nvt/sphere", "rrp/nvt/sphere")], T_SPHERE, {}, (0.002, 0.004, 0.006, 0.008)),
    "dipolar spheres, NPT": (DIPOLE, [("npt/sphere", "rrp/npt/sphere")], T_SPHERE + " " + P_ISO.format(p=2.0), {},
                             (0.002, 0.004, 0.006, 0.008)),
    "binder composite, NVT (sphere)": (BINDER.replace("{style}", "hybrid sphere bond"), [(None, "rrp/nvt/sphere")],
                                       "temp 0.02 0.02 0.5", {}, (0.002, 0.005, 0.01, 0.02)),
    "binder composite, NVT (bpm/sphere)": (BINDER.replace("{style}", "bpm/sphere"), [(None, "rrp/nvt/sphere")],
                                           "temp 0.02 0.02 0.5", {}, (0.002, 0.005, 0.01, 0.02)),
    "Gay-Berne fluid, NVT": (GAYBERNE, [("nvt/asphere", "rrp/nvt/asphere")], T_GB, {}, (0.001, 0.002, 0.004, 0.006)),
    "Gay-Berne fluid, NPT": (GAYBERNE, [("npt/asphere", "rrp/npt/asphere")], T_GB + " " + P_ISO.format(p=1.0), {},
                             (0.001, 0.002, 0.004, 0.006)),
    "clump fluid, NVT": (CLUMPS, [("rigid/nvt/small", "rrp/rigid/nvt/small"), ("rigid/nvt", "rrp/rigid/nvt")],
                         "molecule " + T_CLUMP, {"square.mol": SQUARE}, (0.0025, 0.005, 0.0075, 0.01)),
    "clump fluid, NPT": (CLUMPS, [("rigid/npt/small", "rrp/rigid/npt/small"), ("rigid/npt", "rrp/rigid/npt")],
                         "molecule " + T_CLUMP + " " + P_ISO.format(p=0.3), {"square.mol": SQUARE}, (0.005,)),
    "clump fluid, NPH": (CLUMPS, [("rigid/nph/small", "rrp/rigid/nph/small"), ("rigid/nph", "rrp/rigid/nph")],
                         "molecule " + P_ISO.format(p=0.3), {"square.mol": SQUARE}, (0.005,)),
}


def run_system(name, fix, dt, warm, steps, every):
    text, _, args, files, _ = SYSTEMS[name]
    out = lmp(text.format(fix=f"{fix} {args}", dt=dt, warm=warm, steps=steps, every=every), files=files)
    tab = tables(out)[-1]
    return tab


def conservation(pool, quick, names=None):
    """(a): {name: [(fix, dt, excursion, table)]}"""
    warm, steps, every = (200, 1000, 50) if quick else (1000, 4000, 50)
    jobs = {}
    for name, (_, pairs, _, _, dts) in SYSTEMS.items():
        if names and name not in names:
            continue
        for dt in (dts[:2] if quick else dts):
            for pair in pairs:
                for fix in pair:
                    if fix:
                        jobs[(name, fix, dt)] = pool.submit(run_system, name, fix, dt, warm, steps, every)
    res = {}
    for (name, fix, dt), job in jobs.items():
        try:
            tab = job.result()
            e = excursion(tab)
        except RuntimeError as err:
            tab, e = None, float("nan")
            log(f"{name}, fix {fix}, dt {dt}: {str(err).splitlines()[0]}")
        res.setdefault(name, []).append((fix, dt, e, tab))
        log(f"{name}: fix {fix} dt {dt}: max |dE|/|etot| {e:.3g}")
    return res


# ------------------------------------------------------------------------------------------------
# (b) LAMMPS's inputs: temperature and pressure means of each run segment, as written and switched

def example_runs(rel, swaps=(), suffix=None, links=()):
    """run LAMMPS's example rel (examples/...), with text swaps or the -sf suffix, in a folder
    with its data files linked; returns the thermo tables"""
    path = os.path.join(rrplmp.LAMMPS_EXAMPLES, rel)
    with open(path) as fh:
        text = fh.read()
    for old, new in swaps:
        if old not in text:
            raise RuntimeError(f"{rel}: {old!r} not found")
        text = text.replace(old, new)
    wd = tempfile.mkdtemp(prefix="rrp-thermostats-")
    for name in links:
        os.symlink(os.path.join(os.path.dirname(path), name), os.path.join(wd, name))
    return tables(lmp(LOADS + text, wd=wd, suffix=suffix))


EXAMPLES = {
    # name: (example, swaps for ours, suffix for ours, data files, columns of T and P, segments)
    "ellipse/in.ellipse.gayberne (npt/asphere)": (
        "ellipse/in.ellipse.gayberne", [("all npt/asphere", "all rrp/npt/asphere")], None, (),
        ("c_rot", "Press"), (0,)),
    "ellipse/in.ellipse.resquared (npt/asphere)": (
        "ellipse/in.ellipse.resquared", [("all npt/asphere", "all rrp/npt/asphere")], None, (),
        ("c_rot", "Press"), (0,)),
    "rigid/in.rigid.tnr (rigid/nvt, npt, nph; -sf rrp)": (
        "rigid/in.rigid.tnr", [], "rrp", ("data.rigid.tnr",), ("Temp", "Press"), (2, 3, 4, 5, 6)),
    "deposit/in.deposit.molecule.rigid-nvt-small (-sf rrp)": (
        "deposit/in.deposit.molecule.rigid-nvt-small", [], "rrp", ("molecule.dimer",), ("Temp", "Press"), (0,)),
}


def example_means(pool, quick):
    """(b): {name: [(segment, (T, dT), (T', dT'), (P, dP), (P', dP'))]}"""
    jobs = {}
    for name, (rel, swaps, suffix, links, _, _) in EXAMPLES.items():
        jobs[name] = (pool.submit(example_runs, rel, (), None, links),
                      pool.submit(example_runs, rel, swaps, suffix, links))
    res = {}
    for name, (a, b) in jobs.items():
        _, _, _, _, (tc, pc), segs = EXAMPLES[name]
        ta, tb = a.result(), b.result()
        rows = []
        for s in segs:
            half = lambda x: x[len(x) // 2:]  # noqa: E731  (the second half of the segment)
            rows.append((s, block_mean(half(ta[s][tc]), 5), block_mean(half(tb[s][tc]), 5),
                         block_mean(half(ta[s][pc]), 5), block_mean(half(tb[s][pc]), 5)))
        res[name] = rows
        log(f"{name}: " + "; ".join(f"segment {r[0]}: T {r[1][0]:.4g}/{r[2][0]:.4g}, P {r[3][0]:.4g}/{r[4][0]:.4g}"
                                    for r in rows))
    return res


def clump_means(pool, quick):
    """(b) on the clump fluid: temperature and pressure means, LAMMPS's fix and the twin"""
    steps = 4000 if quick else 40000
    jobs = {}
    for theirs, ours, args in (("rigid/nvt/small", "rrp/rigid/nvt/small", "molecule " + T_CLUMP),
                               ("rigid/npt/small", "rrp/rigid/npt/small", "molecule " + T_CLUMP + " iso 0.3 0.3 2.0")):
        for fix in (theirs, ours):
            text = CLUMPS.format(fix=f"{fix} {args}", dt=0.005, warm=2000, steps=steps, every=20)
            jobs[(theirs, fix)] = pool.submit(lambda t: tables(lmp(t, files={"square.mol": SQUARE}))[-1], text)
    res = {}
    for (theirs, fix), job in jobs.items():
        tab = job.result()
        res.setdefault(theirs, []).append((fix, block_mean(tab["Temp"]), block_mean(tab["Press"]), block_mean(tab["Volume"])))
    for k, v in res.items():
        log(f"clump fluid {k}: " + "; ".join(f"{f}: T {t[0]:.4f}+-{t[1]:.4f} P {p[0]:.4f}+-{p[1]:.4f}" for f, t, p, _ in v))
    return res


# ------------------------------------------------------------------------------------------------
# (c) Langevin equipartition: ideal gases of 1,000 bodies, T = 1.5

LANGEVIN = {
    "spheres: fix langevin omega yes + fix rrp/nve": LOADS + """
units lj
atom_style sphere
lattice sc 0.1
region box block 0 10 0 10 0 10
create_box 1 box
create_atoms 1 box
set group all diameter 1.0
set group all density 1.9
pair_style zero 1.0
pair_coeff * *
fix 1 all rrp/nve
fix 2 all langevin 1.5 1.5 0.5 48279 omega yes
compute tr all temp
compute rot all erotate/sphere
variable trot equal c_rot/(1.5*atoms)
""",
    "ellipsoids: fix langevin angmom 3.333 + fix rrp/nve/asphere": LOADS + """
units lj
atom_style ellipsoid
lattice sc 0.1
region box block 0 10 0 10 0 10
create_box 1 box
create_atoms 1 box
set type 1 mass 1.0
set type 1 shape 3 1.5 1
set group all quat/random 18238
pair_style zero 1.0
pair_coeff * *
fix 1 all rrp/nve/asphere
fix 2 all langevin 1.5 1.5 0.5 48279 angmom 3.333
compute tr all temp
compute rot all erotate/asphere
variable trot equal c_rot/(1.5*atoms)
""",
    "clumps: fix rrp/rigid/small langevin": LOADS + """
units lj
atom_style molecular
lattice sc 0.1
region box block 0 10 0 10 0 10
create_box 1 box
molecule sq square.mol
create_atoms 0 region box mol sq 3467
mass 1 1.0
pair_style zero 1.0
pair_coeff * *
neigh_modify exclude molecule/intra all
comm_modify cutoff 3.0
fix 1 all rrp/rigid/small molecule langevin 1.5 1.5 0.5 48279
variable nb equal atoms/4
compute ket all ke/rigid 1
compute ker all erotate/rigid 1
variable ttr equal c_ket/(1.5*v_nb)
variable trot equal c_ker/(1.5*v_nb)
""",
}


def langevin_one(name, steps):
    text = LANGEVIN[name]
    tr = "v_ttr" if "variable ttr" in text else "c_tr"
    text += f"""
timestep 0.005
thermo_style custom step {tr} v_trot
thermo_modify format float %.15g
thermo 100
run 2000
reset_timestep 0
run {steps}
"""
    tab = tables(lmp(text, files={"square.mol": SQUARE}))[-1]
    return block_mean(tab[tr], 20), block_mean(tab["v_trot"], 20)


def equipartition(pool, quick):
    """(c): {name: ((Ttrans, err), (Trot, err))}"""
    steps = 20000 if quick else 200000
    jobs = {name: pool.submit(langevin_one, name, steps) for name in LANGEVIN}
    res = {name: job.result() for name, job in jobs.items()}
    for name, ((t, dt), (r, dr)) in res.items():
        log(f"{name}: T_trans {t:.4f} +- {dt:.4f}, T_rot {r:.4f} +- {dr:.4f} (target 1.5)")
    return res


# ------------------------------------------------------------------------------------------------

def largest_dt(rows, fix):
    ok = [dt for f, dt, e, _ in rows if f == fix and e <= BOUND]
    bad = [dt for f, dt, e, _ in rows if f == fix and not e <= BOUND]
    good = [dt for dt in ok if not any(b < dt for b in bad)]
    return max(good) if good else None


def write_table(out, cons, ex, clumps, lang, quick):
    L = ["# The thermostatted and barostatted twins beside LAMMPS's fixes", "",
         "Made by `scripts/study_thermostats.py" + (" --quick" if quick else "") + "` (LAMMPS 4Feb2025, one binary). "
         "Each system is run with LAMMPS's fix and with its RRP twin on the same input.", "",
         "## (a) The conserved quantity", "",
         "econserve = pe + ke + rotational ke + ecouple (for the rigid fixes thermo's etotal holds the bodies' "
         "kinetic energy, and econserve is LAMMPS's). Largest excursion max |E(t) - E(0)| / |etot| over the "
         f"measured run (after a warm-up with the same fix); the last column: the largest step of the scan within "
         f"{BOUND:g}.", "",
         "| system | fix | " + " | ".join(["dt: excursion"] * 1) + " | largest dt within bound |", "| --- | --- | --- | --- |"]
    for name, rows in cons.items():
        for fix in dict.fromkeys(f for f, _, _, _ in rows):
            cells = ", ".join(f"{dt:g}: {e:.2g}" for f, dt, e, _ in rows if f == fix)
            big = largest_dt(rows, fix)
            L.append(f"| {name} | {fix} | {cells} | {big if big is not None else 'none of the scan'} |")
    L += ["", "## (b) Temperature and pressure means", "",
          "Means of the second half of each run segment, error bars from 5 blocks; LAMMPS's fix / the twin.", "",
          "| input | segment | T (LAMMPS) | T (twin) | P (LAMMPS) | P (twin) |", "| --- | --- | --- | --- | --- | --- |"]
    for name, rows in ex.items():
        for s, ta, tb, pa, pb in rows:
            L.append(f"| {name} | {s} | {ta[0]:.4g} +- {ta[1]:.2g} | {tb[0]:.4g} +- {tb[1]:.2g} | "
                     f"{pa[0]:.4g} +- {pa[1]:.2g} | {pb[0]:.4g} +- {pb[1]:.2g} |")
    for theirs, rows in clumps.items():
        (_, ta, pa, _), (ours, tb, pb, _) = rows
        L.append(f"| clump fluid (1,000 clumps, dt 0.005), fix {theirs} and {ours} | whole run | {ta[0]:.4f} +- {ta[1]:.2g} | "
                 f"{tb[0]:.4f} +- {tb[1]:.2g} | {pa[0]:.4f} +- {pa[1]:.2g} | {pb[0]:.4f} +- {pb[1]:.2g} |")
    L += ["", "## (c) Langevin: equipartition (target T = 1.5)", "",
          "| bodies | T translational | T rotational | largest deviation |", "| --- | --- | --- | --- |"]
    for name, ((t, dt), (r, dr)) in lang.items():
        dev = max(abs(t - 1.5), abs(r - 1.5)) / 1.5
        L.append(f"| {name} | {t:.4f} +- {dt:.2g} | {r:.4f} +- {dr:.2g} | {100 * dev:.2f}% |")
    rrplmp.write_lines(out, {"table.md": L})


def figures(out, cons):
    plt = rrplmp.pyplot()
    if plt is None:
        return
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
    for ax, name in zip(axes, ("clump fluid, NVT", "dipolar spheres, NVT", "Gay-Berne fluid, NVT")):
        rows = cons.get(name, [])
        dt0 = min((dt for _, dt, _, tab in rows if tab), default=None)
        for fix, dt, e, tab in rows:
            if tab and dt == dt0:
                t = [s * dt for s in tab["Step"]]
                ax.plot(t, [(x - tab["v_econs"][0]) / abs(tab["v_etot"][0]) for x in tab["v_econs"]], label=fix)
        ax.set_title(f"{name}, dt {dt0}")
        ax.set_xlabel("time")
        ax.set_ylabel("(E - E0) / |etot|")
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "conserved.png"), dpi=110)
    fig, ax = plt.subplots(figsize=(6, 4))
    for name, rows in cons.items():
        for fix in dict.fromkeys(f for f, _, _, _ in rows):
            pts = [(dt, e) for f, dt, e, _ in rows if f == fix and e == e]
            if len(pts) > 1:
                ax.loglog(*zip(*pts), "o-" if fix.startswith("rrp") else "s--", label=f"{name}: {fix}")
    ax.axhline(BOUND, color="k", lw=0.5)
    ax.set_xlabel("dt")
    ax.set_ylabel("max |E - E0| / |etot|")
    ax.legend(fontsize=5)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "dt_scan.png"), dpi=110)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default=os.path.join(TOP, "studies", "thermostats"))
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        cons = conservation(pool, a.quick)
        ex = example_means(pool, a.quick)
        clumps = clump_means(pool, a.quick)
        lang = equipartition(pool, a.quick)
    write_table(a.out, cons, ex, clumps, lang, a.quick)
    figures(a.out, cons)
    log(f"wrote {a.out}/table.md")


if __name__ == "__main__":
    main()
