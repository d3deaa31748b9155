#!/usr/bin/env python3
"""The composite's strength envelope: triaxial compression at several confining stresses, the
Brazilian test and crack initiation, on the paper's binder and on shear linear, each with and
without friction between the spheres (studies/composite-strength).

  study_composite_strength.py [--quick] [--n 3000] [--data FILE] [--out DIR]

On one packing of examples/composite (in.pack, n spheres):
- in.triaxial at the confining stresses s3 = 0 (unconfined: the lateral walls left out) and
  0.1, 0.2 and 0.4 times that variant's unconfined strength (--quick: 0 and 0.2): the peak axial
  stress sigma1, the lateral walls' measured stress sigma3 there (their servos hold it), the
  axial strain at the peak, the crack initiation (sigma1 when 1% of the binders have broken,
  over the peak) and the energy balance (kinetic + potential + released + damped + friction -
  the walls' work) over the walls' work;
- the Mohr-Coulomb envelope fitted to the peaks, sigma1 = UCS' + N sigma3 by least squares,
  N = (1 + sin phi)/(1 - sin phi): the friction angle phi and the cohesion c = UCS'/(2 sqrt N);
- in.brazilian: a disc cut from the packing loaded across a diameter, BTS = 2 P/(pi D t) at
  the splitting peak (the largest load before it falls below half of it), and the crack pattern
  (the breaks' positions in the disc's plane).
The variants: the example's binders (Km = Kt = 10, Ka = Ks = 200, critical values 0.02 0.15
0.15 0.25) with the paper's shear form (convected) and with shear linear; friction: pair_style
rrp/hertz friction mindlin 5400 0.5 (Hertz-Mindlin with Poisson's ratio 0.25 for Kpp = 2100,
Coulomb mu = 0.5). Writes table.md, peaks.csv, envelope.csv and (with matplotlib)
envelope.png (the Mohr circles and envelopes), triaxial.png (the stress-strain curves) and
brazilian.png (load curves, crack patterns) into --out. Progress on stderr."""
import argparse
import math
import os
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibrate_composite as cal  # noqa: E402
import rrplmp  # noqa: E402

FRICTION = "friction mindlin 5400 0.5"
VARIANTS = (("paper", "convected", ""), ("paper + friction", "convected", FRICTION),
            ("linear", "linear", ""), ("linear + friction", "linear", FRICTION))
FRACTIONS = (0.1, 0.2, 0.4)


def mohr_fit(points):
    """least squares sigma1 = a + N sigma3 over (sigma3, sigma1) points: (a, N, phi in degrees,
    cohesion); phi and c are nan when N <= 1 (no frictional strengthening)"""
    n = len(points)
    mx = sum(p[0] for p in points) / n
    my = sum(p[1] for p in points) / n
    sxx = sum((p[0] - mx) ** 2 for p in points)
    N = sum((p[0] - mx) * (p[1] - my) for p in points) / sxx
    a = my - N * mx
    if N <= 1.0:
        return a, N, float("nan"), float("nan")
    return a, N, math.degrees(math.asin((N - 1.0) / (N + 1.0))), a / (2.0 * math.sqrt(N))


def breaks_xz(path, until):
    """(x, z) of every break up to the time `until` in a dump local file of in.brazilian"""
    pts, rows = [], False
    for line in open(path):
        if line.startswith("ITEM:"):
            rows = line.startswith("ITEM: ENTRIES")
            continue
        if rows:
            w = line.split()
            if float(w[2]) <= until:
                pts.append((float(w[3]), float(w[5])))
    return pts


def split_time(b):
    """the time the disc has split: the first row after the splitting peak with less than half
    its load (the last row when there is none)"""
    rows, ip = b["rows"], b["peak_row"]
    return next((r[1] for r in rows[ip:] if r[3] < 0.5 * rows[ip][3]), rows[-1][1])


def run_variant(name, shear, friction, data, fractions, emax, keep):
    params = dict(cal.BASE, shear=shear, kt=cal.BASE["km"], friction=friction)
    rrplmp.log(f"{name}: unconfined")
    runs = [cal.triaxial(data, params, 0.0, emax=emax, wd=tempfile.mkdtemp(prefix="rrp-strength-"))]
    ucs = runs[0]["sigma1"]

    def one(s3):
        rrplmp.log(f"{name}: s3 {s3:.4g}")
        return cal.triaxial(data, params, s3, emax=emax, wd=tempfile.mkdtemp(prefix="rrp-strength-"))

    def disc():
        rrplmp.log(f"{name}: Brazilian")
        return cal.brazilian(data, params, wd=tempfile.mkdtemp(prefix="rrp-strength-"))

    with ThreadPoolExecutor(max_workers=2) as pool:
        jobs = [pool.submit(one, round(f * ucs, 6)) for f in fractions]
        bjob = pool.submit(disc)
        runs += [j.result() for j in jobs]
        braz = bjob.result()
    braz["cracks"] = breaks_xz(os.path.join(braz["dir"], "breaks.dump"), split_time(braz))
    if not keep:
        for r in runs + [braz]:
            shutil.rmtree(r["dir"], ignore_errors=True)
    return {"runs": runs, "brazilian": braz, "targets": [0.0] + [round(f * ucs, 6) for f in fractions]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="1500 spheres, two confining stresses")
    ap.add_argument("--n", type=int, default=3000, help="spheres packed")
    ap.add_argument("--data", help="a data file of in.pack to use instead of packing")
    ap.add_argument("--emax", type=float, default=0.1, help="final axial strain of the triaxial tests")
    ap.add_argument("--keep", action="store_true",
                    help="keep the runs' folders (their paths in peaks.csv and envelope.csv)")
    ap.add_argument("--out", default=os.path.join(rrplmp.TOP, "studies", "composite-strength"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if not os.path.exists(rrplmp.PLUGIN):
        sys.exit(f"error: plugin {rrplmp.PLUGIN} not found: build first (scripts/build.sh) or set RRP_PLUGIN")
    n = 1500 if args.quick else args.n
    fractions = (0.2,) if args.quick else FRACTIONS
    emax = 0.06 if args.quick else args.emax
    try:
        data = args.data
        if not data:
            rrplmp.log(f"packing {n} spheres")
            data = cal.pack(n)
        results = {name: run_variant(name, shear, friction, data, fractions, emax, args.keep)
                   for name, shear, friction in VARIANTS}
    except RuntimeError as e:
        sys.exit(f"study_composite_strength.py: {e}")

    table = ["# The composite's strength envelope: triaxial, Brazilian, crack initiation", "",
             "Generated by `scripts/study_composite_strength.py" + (" --quick" if args.quick else "") + "`"
             f" on one packing of {n} spheres (examples/composite/in.pack): in.triaxial (six walls, the four "
             "lateral ones held at s3 by servos, after an isotropic consolidation at s3) and in.brazilian "
             "(a disc of diameter 0.9 of the box, its axis along y), wall speed 0.01, viscous damping 0.5 "
             f"0.05, time step 0.005. Friction: `pair_style rrp/hertz {FRICTION}`.", "",
             "## Peaks", "",
             "sigma3: the lateral walls' stress at the peak (measured; the servo's target in brackets). "
             "Crack initiation: sigma1 when 1% of the binders have broken, over the peak. Balance: the "
             "largest change of kinetic + potential + released + damped + friction - the walls' work, over "
             f"the walls' work. A peak marked >= is the run's last rows (strain {emax:g}): the specimen still "
             "hardens there, and its strength is at least that.", "",
             "| variant | s3 (target) | sigma1 peak | strain at peak | crack initiation | broken at the end | balance |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    peaks = ["variant,s3_target,sigma3,sigma1,strain_peak,crack_init,strain_init,balance,broken,dir"]
    for name, res in results.items():
        for target, r in zip(res["targets"], res["runs"]):
            last = r["strain_peak"] >= r["rows"][-1][2] - 0.002
            table.append(f"| {name} | {r['sigma3']:.4g} ({target:.4g}) | {'>= ' if last else ''}{r['sigma1']:.4g} "
                         f"| {r['strain_peak']:.4f} "
                         f"| {r['crack_init']:.3f} | {r['broken']:.0f} | {r['balance']:.2g} |")
            peaks.append(f"{name},{target!r},{r['sigma3']!r},{r['sigma1']!r},{r['strain_peak']!r},"
                         f"{r['crack_init']!r},{r['strain_init']!r},{r['balance']!r},{r['broken']:.0f},"
                         f"{r['dir'] if args.keep else ''}")
    table += ["", "## Envelopes and the Brazilian strength", "",
              "UCS: the unconfined peak. phi, c: the Mohr-Coulomb envelope fitted to the peaks "
              "(sigma1 = UCS' + N sigma3, N = (1 + sin phi)/(1 - sin phi), c = UCS'/(2 sqrt N)); its "
              "residual: the largest |sigma1 - fit| over UCS. BTS at the splitting peak (approach: the "
              "walls' approach over D there).", "",
              "| variant | UCS | phi (deg) | c | fit residual | BTS | approach | UCS/BTS | Brazilian balance |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    env = ["variant,UCS,N,UCS_fit,phi,c,residual,BTS,approach,balance,dir"]
    for name, res in results.items():
        pts = [(r["sigma3"], r["sigma1"]) for r in res["runs"]]
        a, N, phi, c = mohr_fit(pts)
        ucs = res["runs"][0]["sigma1"]
        resid = max(abs(s1 - (a + N * s3)) for s3, s1 in pts) / ucs
        b = res["brazilian"]
        res["fit"] = (a, N, phi, c)
        table.append(f"| {name} | {ucs:.4g} | {phi:.1f} | {c:.4g} | {resid:.3f} | {b['BTS']:.4g} | "
                     f"{b['approach']:.4f} | {ucs / b['BTS']:.2f} | {b['balance']:.2g} |")
        env.append(f"{name},{ucs!r},{N!r},{a!r},{phi!r},{c!r},{resid!r},{b['BTS']!r},{b['approach']!r},"
                   f"{b['balance']!r},{b['dir'] if args.keep else ''}")
    table.append("")
    rrplmp.write_lines(args.out, {"table.md": table, "peaks.csv": peaks, "envelope.csv": env})
    figures(results, args.out)
    rrplmp.log(f"wrote {args.out}/table.md")


def figures(results, out):
    plt = rrplmp.pyplot()
    if not plt:
        return
    names = list(results)
    fig, ax = plt.subplots(1, len(names), figsize=(4.2 * len(names), 4))
    for k, name in enumerate(names):
        res = results[name]
        a, N, phi, c = res["fit"]
        top = 0.0
        for r in res["runs"]:
            s1, s3 = r["sigma1"], r["sigma3"]
            centre, radius = 0.5 * (s1 + s3), 0.5 * (s1 - s3)
            th = [math.pi * i / 90 for i in range(91)]
            ax[k].plot([centre + radius * math.cos(t) for t in th], [radius * math.sin(t) for t in th],
                       label=f"s3 {s3:.3g}")
            top = max(top, s1)
        if phi == phi:
            xs = [0.0, top]
            ax[k].plot(xs, [c + x * math.tan(math.radians(phi)) for x in xs], "k--",
                       label=f"phi {phi:.1f} deg, c {c:.3g}")
        ax[k].set_xlim(0, top * 1.05)
        ax[k].set_ylim(0, top * 0.6)
        ax[k].set_title(name)
        ax[k].set_xlabel("normal stress")
        ax[k].set_ylabel("shear stress")
        ax[k].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "envelope.png"), dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(1, len(names), figsize=(4.2 * len(names), 4))
    for k, name in enumerate(names):
        for target, r in zip(results[name]["targets"], results[name]["runs"]):
            ax[k].plot([q[2] for q in r["rows"]], [q[3] for q in r["rows"]], label=f"s3 {target:.3g}")
        ax[k].set_title(name)
        ax[k].set_xlabel("axial strain")
        ax[k].set_ylabel("sigma1")
        ax[k].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "triaxial.png"), dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(2, len(names), figsize=(4.2 * len(names), 8))
    for k, name in enumerate(names):
        b = results[name]["brazilian"]
        ax[0][k].plot([q[2] for q in b["rows"]], [q[4] for q in b["rows"]])
        ax[0][k].plot([b["approach"]], [b["BTS"]], "ro", label=f"BTS {b['BTS']:.3g}")
        ax[0][k].set_title(f"{name}: Brazilian")
        ax[0][k].set_xlabel("walls' approach / D")
        ax[0][k].set_ylabel("2 P/(pi D t)")
        ax[0][k].legend(fontsize=7)
        pts = b["cracks"]
        ax[1][k].scatter([p[0] for p in pts], [p[1] for p in pts], s=6)
        ax[1][k].set_aspect("equal")
        ax[1][k].set_title(f"{len(pts)} breaks (x, z) to the split, load along z")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "brazilian.png"), dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
