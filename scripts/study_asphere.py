#!/usr/bin/env python3
"""fix rrp/nve/asphere beside LAMMPS's fix nve/asphere, in one LAMMPS binary: writes a table and
figures into studies/asphere/.

  study_asphere.py [--quick] [--out studies/asphere] [--jobs 2]

(a) a free asymmetric ellipsoid, principal moments (1, 2, 2.9), |L| = 1.03: rotational energy and
    |L| over 1e6 steps of h = 0.01 and of h = 0.005;
(b) LAMMPS's own examples/ellipse/in.ellipse.gayberne and in.ellipse.resquared, read from the
    LAMMPS source tree: the example's NPT equilibration as written, then its NVE part with each
    integrator at the example's time step for 1e5 steps: drift of the total energy (etotal, which
    is translational, plus erotate/asphere) per 1e5 steps, its largest excursion, the total
    angular momentum about z (compute rrp/momentum: orbital plus spin); and the largest stable
    time step (runs of 1e4 steps at growing steps; stable: no error and |E - E0|/|E0| < 1e-2);
(c) a 3D Gay-Berne liquid of 10206 ellipsoids (shape 3 1 1): cost of the integrator per
    atom-step, the Modify section of LAMMPS's timer, median of 3 repetitions.
--quick shortens every run (for the test command). Progress goes to stderr."""
import argparse
import concurrent.futures
import os
import re
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402

np = rrplmp.need("numpy")

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CACHE = os.environ.get("RRP_LAMMPS_CACHE",
                       os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
                                    "rrp-lammps", "lammps-20250204"))
LMP = os.environ.get("RRP_LMP", os.path.join(CACHE, "prefix", "bin", "lmp"))
PLUGIN = os.environ.get("RRP_PLUGIN", os.path.join(TOP, "build", "plugin", "rrpplugin.so"))
LAMMPS_EXAMPLES = os.environ.get("RRP_LAMMPS_EXAMPLES", os.path.join(CACHE, "src", "examples"))
INTEGRATORS = ("nve/asphere", "rrp/nve/asphere")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def lammps(script):
    """(completed without error, output) of lmp on the script, with the plugin loaded"""
    wd = tempfile.mkdtemp(prefix="rrp-asphere-")
    path = os.path.join(wd, "in.study")
    with open(path, "w") as fh:
        fh.write("plugin load " + PLUGIN + "\n" + script)
    p = subprocess.run([LMP, "-in", path, "-log", "none", "-echo", "none", "-nocite"], cwd=wd,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       stdin=subprocess.DEVNULL)
    return p.returncode == 0 and "ERROR" not in p.stdout, p.stdout


def last_thermo(out):
    """rows (arrays of floats) of the last thermo table of the output"""
    tables, rows, on = [], [], False
    for line in out.splitlines():
        s = line.split()
        if s and s[0] == "Step":
            rows, on = [], True
            tables.append(rows)
            continue
        if on:
            try:
                rows.append([float(x) for x in s])
            except ValueError:
                on = False
    return np.array(tables[-1]) if tables and tables[-1] else np.zeros((0, 0))


def must(ok_out, what):
    ok, out = ok_out
    if not ok:
        sys.exit(f"study_asphere: {what} failed:\n" + "\n".join(out.splitlines()[-20:]))
    return out


# ------------------------------------------------------------------ (a) a free ellipsoid

FREE = """
units lj
atom_style ellipsoid
boundary f f f
region box block -10 10 -10 10 -10 10
create_box 1 box
create_atoms 1 single 0 0 0
set atom 1 mass 1.0
set atom 1 shape 6.244997998398398 4.358898943540674 1.0
set atom 1 quat 0.3 0.5 0.8 37
set atom 1 angmom 0.3 0.9 0.4
compute rot all erotate/asphere
compute am all property/atom angmomx angmomy angmomz
compute ams all reduce sum c_am[1] c_am[2] c_am[3]
variable L equal sqrt(c_ams[1]^2+c_ams[2]^2+c_ams[3]^2)
pair_style zero 1.0
pair_coeff * *
neighbor 0 bin
fix 1 all {integ}
timestep {h}
thermo_style custom step c_rot v_L
thermo_modify format float %.17g
thermo {every}
run {steps}
"""


def free_body_jobs(quick, pool):
    steps = 20000 if quick else 1000000
    jobs = {}
    for h in (0.01, 0.005):
        for integ in INTEGRATORS:
            script = FREE.format(integ=integ, h=h, steps=steps, every=steps // 1000)
            jobs[(integ, h)] = pool.submit(lammps, script)
    return jobs, steps


def free_body(jobs, steps):
    res = {}
    for key, job in jobs.items():
        rows = last_thermo(must(job.result(), f"free ellipsoid {key}"))
        E, L = rows[:, 1], rows[:, 2]
        res[key] = {"t": rows[:, 0] * key[1], "rel": np.abs(E - E[0]) / E[0],
                    "dE": float(np.max(np.abs(E - E[0])) / E[0]), "end": float((E[-1] - E[0]) / E[0]),
                    "dL": float(np.max(np.abs(L - L[0])) / L[0]), "steps": steps}
    return res


# ------------------------------------------------------------------ (b) LAMMPS's ellipse examples

def example_script(name, integ, dt, steps, every):
    """examples/ellipse/in.ellipse.<name> with its NVE part run by `integ` at `dt` for `steps`;
    dumps commented out (with their continuation lines)"""
    with open(os.path.join(LAMMPS_EXAMPLES, "ellipse", f"in.ellipse.{name}")) as fh:
        text = fh.read()
    old = "fix          1 all nve/asphere"
    assert text.count(old) == 1, f"in.ellipse.{name}: the NVE fix line changed upstream"
    text = text.replace(old, f"""fix          1 all {integ}
timestep     {dt}
compute      erot all erotate/asphere
compute      mom all rrp/momentum
variable     etot equal etotal+c_erot
thermo_style custom step etotal c_erot v_etot c_mom[6]
thermo_modify norm no format float %.15g
thermo       {every}""")
    head, sep, tail = text.rpartition("run          2000")
    assert sep, f"in.ellipse.{name}: no final run line"
    text = head + f"run          {steps}" + tail
    return re.sub(r"(?m)^(dump|dump_modify)(.*&\n)?", r"#\1\2#", text)


def example_jobs(quick, pool):
    steps = 2000 if quick else 100000
    scan_steps = 500 if quick else 10000
    dts = [0.002, 0.008] if quick else [0.002, 0.004, 0.006, 0.008, 0.010, 0.012, 0.014, 0.016, 0.020]
    hs = [0.002, 0.001] if quick else [0.002, 0.001, 0.0005]
    tconv = 1.0 if quick else 20.0
    jobs = {}
    for name in ("gayberne", "resquared"):
        for integ in INTEGRATORS:
            for h in hs:
                n = int(round(tconv / h))
                jobs[(name, integ, ("h", h))] = pool.submit(lammps, example_script(name, integ, h, n, n // 100))
            jobs[(name, integ, "nve")] = pool.submit(lammps, example_script(name, integ, 0.002, steps,
                                                                            max(steps // 200, 1)))
            for dt in dts:
                jobs[(name, integ, dt)] = pool.submit(
                    lammps, example_script(name, integ, dt, scan_steps, max(scan_steps // 100, 1)))
    return jobs, steps


def examples(jobs, steps):
    res = {}
    for (name, integ, what), job in jobs.items():
        entry = res.setdefault((name, integ), {"stable": {}, "by_h": {}})
        ok, out = job.result()
        if isinstance(what, tuple):
            rows = last_thermo(must((ok, out), f"in.ellipse.{name} with {integ}, h = {what[1]}"))
            E = rows[:, 3]
            entry["by_h"][what[1]] = float(np.max(np.abs(E - E[0])) / abs(E[0]))
            entry["t_by_h"] = float((rows[-1, 0] - rows[0, 0]) * what[1])
        elif what == "nve":
            rows = last_thermo(must((ok, out), f"in.ellipse.{name} with {integ}"))
            E, Lz = rows[:, 3], rows[:, 4]
            slope = np.polyfit(rows[:, 0] - rows[0, 0], E, 1)[0]
            entry.update({"step": rows[:, 0] - rows[0, 0], "E": (E - E[0]) / abs(E[0]),
                          "drift": float(abs(slope) * 1e5 / abs(E[0])),
                          "dE": float(np.max(np.abs(E - E[0])) / abs(E[0])),
                          "dLz": float(np.max(np.abs(Lz - Lz[0]))), "Lz0": float(Lz[0]),
                          "steps": steps})
        else:
            rows = last_thermo(out) if ok else np.zeros((0, 0))
            good = ok and rows.shape[0] > 1 and np.all(np.isfinite(rows))
            if good:
                E = rows[:, 3]
                good = float(np.max(np.abs(E - E[0])) / abs(E[0])) < 1e-2
            entry["stable"][what] = bool(good)
    for entry in res.values():
        largest = None
        for dt in sorted(entry["stable"]):
            if not entry["stable"][dt]:
                break
            largest = dt
        entry["largest_dt"] = largest
    return res


# ------------------------------------------------------------------ (c) cost in a 3D GB liquid

GB3D = """
units lj
atom_style ellipsoid
lattice custom {rho} a1 3.6 0 0 a2 0 1.6 0 a3 0 0 1.6 basis 0 0 0
region box block 0 {nx} 0 {ny} 0 {ny}
create_box 1 box
create_atoms 1 box
set type 1 mass 1.0
set type 1 shape 3 1 1
velocity all create 2.0 87287 loop geom
pair_style gayberne 1.0 3.0 1.0 4.0
pair_coeff 1 1 1.0 1.0 1 1 0.2 1 1 0.2
neighbor 0.8 bin
timestep 0.002
thermo 0
"""


def cost(quick, reps):
    nx, ny = (5, 10) if quick else (14, 27)
    steps = 10 if quick else 100
    script = GB3D.format(rho=1.0 / (3.6 * 1.6 * 1.6), nx=nx, ny=ny)
    for r in range(reps):
        for integ in INTEGRATORS:
            script += f"fix 1 all {integ}\nprint \"BENCH {integ}\"\nrun {steps}\nunfix 1\n"
    out = must(lammps(script), "3D Gay-Berne liquid")
    per, label = {}, None
    for line in out.splitlines():
        m = re.match(r"^BENCH (\S+)", line)
        if m:
            label = m.group(1)
        m = re.match(r"^Loop time of [\d.e+-]+ on \d+ procs for (\d+) steps with (\d+) atoms", line)
        if m:
            n = int(m.group(1)) * int(m.group(2))
        m = re.match(r"^Modify\s*\|\s*[\d.e+-]+\s*\|\s*([\d.e+-]+)", line)
        if m and label:
            per.setdefault(label, []).append(1e9 * float(m.group(1)) / n)
            label = None
    atoms = nx * ny * ny
    return {k: statistics.median(v) for k, v in per.items()}, atoms, steps


# ------------------------------------------------------------------ output

def figures(out, free, ex):
    plt = rrplmp.need_pyplot()
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for (integ, h), r in sorted(free.items()):
        ax.semilogy(r["t"], np.maximum(r["rel"], 1e-17), lw=0.8,
                    ls="-" if integ == "rrp/nve/asphere" else "--", label=f"{integ}, h = {h:g}")
    ax.set_xlabel("t")
    ax.set_ylabel("|E - E0| / E0")
    ax.set_title(f"free asymmetric ellipsoid, I = (1, 2, 2.9): {free[(INTEGRATORS[0], 0.01)]['steps']} steps")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "free-ellipsoid.png"), dpi=100)
    plt.close(fig)
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.2))
    for ax, name in zip(axes, ("gayberne", "resquared")):
        for integ in INTEGRATORS:
            r = ex[(name, integ)]
            ax.plot(r["step"], r["E"], lw=0.7, ls="-" if integ == "rrp/nve/asphere" else "--", label=integ)
        ax.set_title(f"in.ellipse.{name}, NVE part, h = 0.002")
        ax.set_xlabel("steps")
        ax.set_ylabel("(E - E0)/|E0|, E = etotal + erotate/asphere")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "ellipse-examples.png"), dpi=100)
    plt.close(fig)


def write_table(out, free, ex, costs, atoms, steps, quick):
    lines = ["# fix rrp/nve/asphere beside fix nve/asphere", "",
             "Generated by `scripts/study_asphere.py`" + (" --quick (shortened runs)" if quick else "")
             + " on this machine; every number is measured in that run.", "",
             "## (a) Free asymmetric ellipsoid, principal moments (1, 2, 2.9), |L| = 1.03", "",
             "| integrator | h | steps | max abs(E - E0)/E0 | (E_end - E0)/E0 | max abs(abs(L) - abs(L0))/abs(L0) |",
             "|---|---|---|---|---|---|"]
    for (integ, h), r in sorted(free.items(), key=lambda kv: (-kv[0][1], kv[0][0])):
        lines.append(f"| {integ} | {h:g} | {r['steps']} | {r['dE']:.3g} | {r['end']:.3g} | {r['dL']:.3g} |")
    lines += ["", "## (b) LAMMPS's examples/ellipse, NVE part (after the example's own NPT equilibration)", "",
              "E = etotal (translational) + erotate/asphere; drift = fitted slope of E over the run, "
              "per 1e5 steps, relative to abs(E0); L_z = compute rrp/momentum's total angular "
              "momentum about z (orbital with unwrapped coordinates plus spin); in a periodic box it "
              "is not a conserved quantity for any integrator. Largest stable step: the largest of "
              "the steps tried up to which every run of " + ("500" if quick else "1e4") +
              " steps completed with abs(E - E0)/abs(E0) < 1e-2.", "",
              "| example | integrator | h | steps | drift per 1e5 steps | max abs(E - E0)/abs(E0) | max abs(L_z - L_z0) | largest stable h |",
              "|---|---|---|---|---|---|---|---|"]
    for (name, integ), r in ex.items():
        lines.append(f"| in.ellipse.{name} | {integ} | 0.002 | {r['steps']} | {r['drift']:.3g} | "
                     f"{r['dE']:.3g} | {r['dLz']:.3g} | {r['largest_dt']} |")
    lines += ["", f"Steps tried: {', '.join(f'{dt:g}' for dt in sorted(next(iter(ex.values()))['stable']))}.", "",
              "The energy error against the time step (runs of t = "
              f"{next(iter(ex.values()))['t_by_h']:g} from the same equilibrated state): a second-order "
              "integrator's error falls 4x per halving of h; a flat column is an error set by "
              "something else than the integrator (the pair style's truncation at its cutoff).", "",
              "| example | integrator | " + " | ".join(f"h = {h:g}" for h in sorted(next(iter(ex.values()))["by_h"], reverse=True)) + " |",
              "|---|---|" + "---|" * len(next(iter(ex.values()))["by_h"])]
    for (name, integ), r in ex.items():
        lines.append(f"| in.ellipse.{name} | {integ} | " +
                     " | ".join(f"{r['by_h'][h]:.3g}" for h in sorted(r["by_h"], reverse=True)) + " |")
    lines += ["",
              f"## (c) Cost per atom-step, 3D Gay-Berne liquid of {atoms} ellipsoids", "",
              f"Modify section of LAMMPS's timer (the integrator alone), {steps} steps, median of the "
              "repetitions, this machine.", "",
              "| integrator | ns per atom-step | ratio to nve/asphere |", "|---|---|---|"]
    for integ in INTEGRATORS:
        lines.append(f"| {integ} | {costs[integ]:.1f} | {costs[integ] / costs['nve/asphere']:.2f} |")
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "table.md"), "w") as fh:
        fh.write(text)
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default=os.path.join(TOP, "studies", "asphere"))
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        log("(a) free ellipsoid and (b) ellipse examples")
        fj = free_body_jobs(a.quick, pool)
        ej = example_jobs(a.quick, pool)
        free = free_body(*fj)
        ex = examples(*ej)
    log("(c) cost in a 3D Gay-Berne liquid (alone on the machine)")
    costs, atoms, steps = cost(a.quick, 1 if a.quick else 3)
    figures(a.out, free, ex)
    print(write_table(a.out, free, ex, costs, atoms, steps, a.quick))


if __name__ == "__main__":
    main()
