#!/usr/bin/env python3
"""Long-time energy behaviour of the torus impact (Baker & Gonzalez 2021, Fig. 5) and the
energy-error order of the impact (Fig. 7 with contacts), run by LAMMPS with the plugin.

  study_torus_energy.py [--quick] [--out studies/torus-energy] [--lmp LMP] [--plugin SO]

For each time step h of a scan, runs the impact (examples/torus) to t_end (500; 50 with --quick)
with scheme newmark (and euler, exact at h = 1e-3) and records E(t) every 0.1 time units. Reports
max |E - E0|/E0, the drift (least-squares slope of E/E0 - 1 against t, per unit time, and
the change of the mean over the last fifth against the first fifth), whether the run stayed
finite, and the largest h whose energy stays within 0.4% of E0 with no trend. Then fits the
order of the energy error (38) of the impact over t = 2 for h = 2e-3 ... 2.5e-4.
Writes results.csv, energy.png and results.md (the tables) into --out; progress on stderr."""
import argparse
import math
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CACHE = os.environ.get("RRP_LAMMPS_CACHE",
                       os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
                                    "rrp-lammps", "lammps-20250204"))


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run_torus(lmp, plugin, scheme, dt, tend, every, data, contact12=1.0):
    """(times, energies, finished) of one impact run; E = KE_trans + KE_rot + PE."""
    wd = tempfile.mkdtemp(prefix="rrp-study-")
    subprocess.run([sys.executable, os.path.join(TOP, "examples", "torus", "make_torus.py"),
                    "--out", os.path.join(wd, "data.torus"), *data], check=True, stdout=subprocess.DEVNULL)
    cmd = [lmp, "-in", os.path.join(TOP, "examples", "torus", "in.torus"), "-log", "none",
           "-screen", "none", "-var", "plugin", plugin, "-var", "scheme", scheme, "-var", "dt", repr(dt),
           "-var", "tend", repr(tend), "-var", "every", str(every), "-var", "out", "torus.dat",
           "-var", "dumpevery", "0", "-var", "ehalt", "400",   # stop a blow-up at 10 E0
           "-var", "contact12", repr(contact12)]
    t0 = time.time()
    p = subprocess.run(cmd, cwd=wd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    times, energies = [], []
    path = os.path.join(wd, "torus.dat")
    if os.path.exists(path):
        with open(path) as fh:
            for line in fh:
                if line.startswith("#") or not line.strip():
                    continue
                v = line.split()
                times.append(float(v[1]))
                energies.append(float(v[10]))
    finite = all(math.isfinite(e) for e in energies)
    finished = p.returncode == 0 and finite and bool(times) and times[-1] > tend - 1.01 * dt * every
    log(f"  {scheme:8s} h = {dt:<8g} t = {tend:g} contact12 = {contact12:g}: {'finished' if finished else 'FAILED'} "
        f"in {time.time() - t0:.1f} s")
    return times, energies, finished


def drift_stats(times, energies):
    e0 = energies[0]
    rel = [e / e0 - 1.0 for e in energies]
    first100 = max(abs(r) for t, r in zip(times, rel) if t <= 100.0)
    n = len(rel)
    tm = sum(times) / n
    rm = sum(rel) / n
    slope = sum((t - tm) * (r - rm) for t, r in zip(times, rel)) / sum((t - tm) ** 2 for t in times)
    k = max(1, n // 5)
    change = sum(rel[-k:]) / k - sum(rel[:k]) / k
    return max(abs(r) for r in rel), first100, slope, change


def energy_error(times, energies):
    e0 = energies[0]
    h = times[1] - times[0]
    return math.sqrt(sum((e - e0) ** 2 for e in energies[1:]) * h) / (abs(e0) * math.sqrt(times[-1] - times[0]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="t_end = 50 and a shorter scan")
    ap.add_argument("--out", default=os.path.join(TOP, "studies", "torus-energy"))
    ap.add_argument("--lmp", default=os.path.join(CACHE, "prefix", "bin", "lmp"))
    ap.add_argument("--plugin", default=os.path.join(TOP, "build", "plugin", "rrpplugin.so"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    tend = 50.0 if a.quick else 500.0
    scan = [0.001, 0.002, 0.01] if a.quick else [0.0005, 0.00075, 0.001, 0.0015, 0.002, 0.003, 0.005, 0.01]
    runs = [("newmark", h, 1.0) for h in scan] + [("exact", 0.0005, 1.0), ("exact", 0.001, 1.0),
                                                 ("euler", 0.0005, 1.0), ("euler", 0.001, 1.0)]
    # the same without contacts between binder-bonded neighbours (special_bonds lj/coul 0 1 1)
    runs += [("newmark", h, 0.0) for h in ([0.001, 0.002] if a.quick else [0.001, 0.002, 0.003, 0.005])]

    log(f"long-time energy of the torus impact, t = {tend:g}")
    results = []
    for scheme, h, c12 in runs:
        every = max(1, int(round(0.1 / h)))
        times, energies, ok = run_torus(a.lmp, a.plugin, scheme, h, tend, every, [], c12)
        stats = drift_stats(times, energies) if ok else (float("nan"),) * 4
        results.append((scheme, h, c12, ok, times, energies) + tuple(stats))

    log("energy-error order of the impact over t = 2")
    orders = []
    for scheme in ("exact", "newmark", "euler"):
        hs, errs = [0.002, 0.001, 0.0005, 0.00025], []
        for h in hs:
            times, energies, ok = run_torus(a.lmp, a.plugin, scheme, h, 2.0, 1, [])
            errs.append(energy_error(times, energies) if ok else float("nan"))
        lx = [math.log(h) for h in hs]
        ly = [math.log(e) for e in errs]
        mx, my = sum(lx) / 4, sum(ly) / 4
        fit = sum((x - mx) * (y - my) for x, y in zip(lx, ly)) / sum((x - mx) ** 2 for x in lx)
        orders.append((scheme, errs, fit, math.log2(errs[2] / errs[3])))

    with open(os.path.join(a.out, "results.csv"), "w") as fh:
        fh.write("scheme,h,contact12,t_end,finished,max_rel_energy_error,max_rel_energy_error_t_le_100,"
                 "slope_per_time,mean_change_last_vs_first_fifth\n")
        for scheme, h, c12, ok, _, _, emax, e100, slope, change in results:
            fh.write(f"{scheme},{h},{c12:g},{tend},{int(ok)},{emax:.6e},{e100:.6e},{slope:.6e},{change:.6e}\n")

    plt = rrplmp.need_pyplot()
    fig, ax = plt.subplots(figsize=(10, 5))
    for scheme, h, c12, ok, times, energies, *_ in results:
        if ok and ((scheme == "newmark" and h <= 0.002) or h == 0.0005):
            e0 = energies[0]
            ax.plot(times, [100 * (e / e0 - 1) for e in energies], lw=0.7,
                    ls="-" if c12 else "--", label=f"{scheme}, h = {h:g}" + ("" if c12 else ", no 1-2 contact"))
    ax.set_xlabel("t")
    ax.set_ylabel("(E - E0)/E0  [%]")
    ax.set_title(f"Torus impact: total energy over t = {tend:g} (cf. Fig. 5)")
    ax.set_ylim(-2, 2)
    ax.legend(fontsize=7, ncol=3)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "energy.png"), dpi=100)

    def largest(c12):
        ok_h = [h for scheme, h, c, ok, _, _, emax, e100, slope, change in results
                if scheme == "newmark" and c == c12 and ok and emax < 0.004 and abs(change) < 0.001]
        return max(ok_h) if ok_h else "none"

    lines = [f"## Long-time energy of the torus impact (t = {tend:g}, E sampled every 0.1)", "",
             "contact12 = 1: binder-bonded neighbours also feel the Hertz contact (special_bonds 1 1 1); "
             "0: they do not (0 1 1).", "",
             "| scheme | h | contact12 | finished | max abs(E - E0)/E0 | same, t <= 100 | slope of E/E0 per unit time | mean of last fifth - first fifth |",
             "|---|---|---|---|---|---|---|---|"]
    for scheme, h, c12, ok, _, _, emax, e100, slope, change in results:
        lines.append(f"| {scheme} | {h:g} | {c12:g} | {'yes' if ok else 'no (blew up)'} | {emax:.3e} | {e100:.3e} | {slope:.3e} | {change:.3e} |")
    lines += ["", "Largest newmark h with max abs(E - E0)/E0 < 0.4% and no trend (mean change < 0.1%) over "
              f"t = {tend:g}: {largest(1.0)} with contacts between bonded neighbours, {largest(0.0)} without.", "",
              "## Energy-error order of the impact over t = 2 (E(t)-error (38))", "",
              "| scheme | h = 2e-3 | 1e-3 | 5e-4 | 2.5e-4 | least-squares order | order of the two finest |",
              "|---|---|---|---|---|---|---|"]
    for scheme, errs, fit, last in orders:
        lines.append(f"| {scheme} | " + " | ".join(f"{e:.3e}" for e in errs) + f" | {fit:.3f} | {last:.3f} |")
    with open(os.path.join(a.out, "results.md"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
