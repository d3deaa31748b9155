#!/usr/bin/env python3
"""Calibrate the composite's strength envelope as a material, not as one packing: Young's
modulus, Poisson's ratio, the unconfined compressive strength UCS, the Brazilian tensile strength
BTS and the friction angle phi (any subset), measured on several packings (seeds), with each
property's mean and scatter; then the coefficients applied to fresh packings it never saw.

  calibrate_strength.py [--E E] [--nu NU] [--ucs UCS] [--bts BTS] [--phi DEG]
                        [--n 3000] [--seeds 3] [--fresh 3] [--discs 4] [--tol 0.05] [--out DIR]

The model (examples/composite, shear linear): binders that break on their Mohr-Coulomb strength
alone (bond_coeff ... 0 0 0 0 mohr SIGMA_C C PHI_B 1.0 mcf BETA: the combined criterion off,
C = 20 SIGMA_C, PHI_B = 30 degrees) and frictional contacts with rolling resistance
(pair_style rrp/hertz friction mindlin KT 0.5 rolling KR MUR, KT = KR = 18/7 Kpp). The tests
(one packing each, all run as quick tests of examples/composite): in.compress (E, nu: the
slopes between 20% and 50% of the peak), in.triaxial at s3 = 0 and at s3 = `--confine` times
the target UCS (the unconfined peak UCS, and phi from the two peaks: sigma1 = UCS + N sigma3,
N = (1 + sin phi)/(1 - sin phi)), in.brazilian (BTS at the splitting peak; a packing's BTS is the
mean of --discs discs cut from it, their axes y and x in turn and each pair split on other planes
of the periodic box: one disc of 2000 spheres scatters by about 20% from the next, the
splitting strength of a few binders near its centre; each run ends once a quarter of the disc's
binders have broken, and one that shows no split by then is run again in full).

How the coefficients are found: every property is the mean over the packings; E by the
stiffness scale s (every stiffness and strength times s, time by 1/sqrt(s): E, UCS and BTS scale
by s, nu and phi do not), computed; nu by Ks/Ka, BTS (or UCS alone) by SIGMA_C, phi by BETA
(the moments' share in the binders' strength: phi from about 27 degrees at BETA = 1 to 50 at 0);
when UCS and BTS are both targets, BETA sets the ratio UCS/BTS (a smaller share raises UCS more
than BTS) and phi takes the rolling resistance MUR; each by the secant method on its own
property, all together until every mean is within tol. A ratio UCS/BTS beyond what BETA reaches (measured at BETA = 0
and 1 before the iteration) cannot be met: the script says so, with the ratio's range and the
share of binders that break in tension in the unconfined test (the reason: compression splits a
packing of bonded spheres by the tension it makes in its binders).

Writes table.md (the iterations, the calibrated coefficients, the fresh packings' check, what
cannot be reached and why) and calibration.csv into --out; progress on stderr."""
import argparse
import math
import os
import statistics
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibrate_composite as cal  # noqa: E402
import rrplmp  # noqa: E402

PROPS = ("E", "nu", "UCS", "BTS", "phi")
SEED0 = 4928459     # in.pack's default seed: the calibration packings are SEED0 + 1000 k
FRESH0 = 7700001    # the fresh packings: FRESH0 + 1000 k
HALT = 0.25         # a Brazilian test ends once a quarter of its binders have broken (split)


def start(kpp=2100.0):
    """the model's starting coefficients (the example's stiffnesses)"""
    p = dict(cal.BASE, shear="linear", kt=cal.BASE["km"], ec=0.0, pc=0.0, bc=0.0, tc=0.0)
    p.update(sc=3.0, coh_ratio=20.0, phib=30.0, lam=1.0, mcf=0.0, kf=18.0 / 7.0 * kpp, mu=0.5, mur=0.3)
    return model(p)


def model(p):
    """the strength and friction words of p's numbers"""
    p["strength"] = f"mohr {p['sc']:.8g} {p['sc'] * p['coh_ratio']:.8g} {p['phib']:.8g} {p['lam']:.8g} mcf {p['mcf']:.8g}"
    p["friction"] = f"friction mindlin {p['kf']:.8g} {p['mu']:.8g} rolling {p['kf']:.8g} {p['mur']:.8g}"
    return p


def scaled(p, s):
    """the same material with every stiffness and strength times s (cal.scaled: time by 1/sqrt s)"""
    q = cal.scaled(p, s)
    q["sc"], q["kf"] = p["sc"] * s, p["kf"] * s
    return model(q)


def one_packing(data, p, want, s3, wd):
    """the properties of want on one packing"""
    out, modes = {}, None
    if {"E", "nu"} & want:
        c = cal.compress(data, p, emax=0.08, wd=tempfile.mkdtemp(prefix="c-", dir=wd))
        out["E"], out["nu"] = c["E"], c["nu"]
    if {"UCS", "phi"} & want:
        u = cal.triaxial(data, p, 0.0, emax=0.1, wd=tempfile.mkdtemp(prefix="u-", dir=wd))
        out["UCS"] = u["sigma1"]
        modes = break_modes(os.path.join(u["dir"], "breaks.dump"))
    if "phi" in want:
        # (s3 < 0: that fraction of this packing's UCS)
        s3 = -s3 * out["UCS"] if s3 < 0 else s3
        t = cal.triaxial(data, p, round(s3, 8), emax=0.12, wd=tempfile.mkdtemp(prefix="t-", dir=wd))
        N = (t["sigma1"] - out["UCS"]) / t["sigma3"]
        out["phi"] = math.degrees(math.asin((N - 1) / (N + 1))) if N > 1 else 0.0
    return out, modes


def disc(k, discs):
    """the k-th of a packing's discs: (axis, shift). The discs' axes alternate between y and x,
    their centres (and the planes they split on) step across the periodic box: each splits
    across other binders, and a packing's BTS is their mean"""
    return ("y", "x")[k % 2], (k // 2) / ((discs + 1) // 2)


def one_disc(data, p, k, discs, wd):
    axis, shift = disc(k, discs)
    return cal.brazilian(data, p, wd=tempfile.mkdtemp(prefix="b-", dir=wd), axis=axis, shift=shift,
                         halt=HALT)["BTS"]


def break_modes(path):
    """the breaks of a dump local file by mode (1 axial/tension, 2 shear, ...)"""
    counts, rows = {}, False
    for line in open(path):
        if line.startswith("ITEM:"):
            rows = line.startswith("ITEM: ENTRIES")
            continue
        if rows:
            m = int(float(line.split()[6]))
            counts[m] = counts.get(m, 0) + 1
    return counts


def measure(datas, p, want, s3, wd, discs=1):
    """each property of want on every packing: {prop: [values]} (BTS the mean of the packing's
    discs; their values in "BTS discs"), and the unconfined tests' break modes summed"""
    with ThreadPoolExecutor(max_workers=2) as pool:
        jobs = [pool.submit(one_packing, d, p, set(want) - {"BTS"}, s3, wd) for d in datas]
        bts = [[pool.submit(one_disc, d, p, k, discs, wd) for k in range(discs)] for d in datas] \
            if "BTS" in want else []
        res = [j.result() for j in jobs]
        bts = [[j.result() for j in b] for b in bts]
    for r, b in zip(res, bts):
        r[0]["BTS"] = statistics.fmean(b)
        r[0]["BTS discs"] = b
    values = {k: [r[0][k] for r in res] for k in want}
    if bts:
        values["BTS discs"] = [v for b in bts for v in b]
    modes = {}
    for _, m in res:
        for k, v in (m or {}).items():
            modes[k] = modes.get(k, 0) + v
    return values, modes


def stats(v):
    m = statistics.fmean(v)
    return m, (statistics.stdev(v) / abs(m) if len(v) > 1 and m else 0.0)


def calibrate(targets, datas, tol=0.05, max_iter=10, s3_frac=0.2, report=rrplmp.log, wd=None, discs=1):
    """coefficients for the targets; returns (params, the last means, table rows, unreachable)"""
    wd = wd or tempfile.mkdtemp(prefix="rrp-strength-cal-")
    want = set(targets) | ({"E"} if set(targets) & {"UCS", "BTS"} else set())
    if "phi" in targets:
        want |= {"UCS"}
    p = start()
    rows, unreachable = [], {}
    # the knobs: (parameter, property, transform of the parameter, of the property, first slope)
    # the knobs: (parameter, property, its scale log|lin, the property's, first slope, bounds)
    ratio = "UCS" in targets and "BTS" in targets
    knobs = []
    if "nu" in targets:
        knobs.append(("ks", "nu", "log", "lin", -0.08, (1e-3, 1e3)))
    if "BTS" in targets or ("UCS" in targets and "BTS" not in targets):
        knobs.append(("sc", "BTS" if "BTS" in targets else "UCS", "log", "log", 1.2, (1e-9, 1e9)))
    if "phi" in targets:
        # the share of the moments in the binders' strength moves phi most (from about 27 degrees
        # at mcf 1 to 50 at 0 on the example's packing); with UCS/BTS a target it sets the ratio,
        # and phi takes the contacts' rolling resistance
        if ratio:
            knobs.append(("mur", "phi", "log", "lin", 4.0, (1e-3, 3.0)))
        else:
            knobs.append(("mcf", "phi", "lin", "lin", -25.0, (0.0, 1.0)))
    history = {k[0]: [] for k in knobs}
    if ratio:
        history["mcf"] = []

    done_runs = {}

    def run(label):
        # the confined test at s3_frac of the target UCS, or of each packing's own UCS
        s3 = s3_frac * targets["UCS"] if "UCS" in targets else -s3_frac
        key = repr(sorted(p.items()))
        if key not in done_runs:    # (the same coefficients again: their measures)
            done_runs[key] = measure(datas, p, want, s3, wd, discs)
        vals, modes = done_runs[key]
        means = {k: stats(v)[0] for k, v in vals.items()}
        scat = {k: stats(v)[1] for k, v in vals.items()}
        errs = {k: (means[k] - targets[k]) / targets[k] for k in targets}
        rows.append((len(rows), label, dict(p), means, scat, errs))
        report(f"{len(rows) - 1} {label}: " + ", ".join(f"{k} {means[k]:.4g} (+-{scat[k]:.1%})" for k in sorted(means)
                                                       if k in PROPS)
               + "; errors " + ", ".join(f"{k} {e:+.3f}" for k, e in errs.items()))
        return vals, means, modes

    vals, means, modes = run("start")
    if ratio:
        # the reach of UCS/BTS: BETA = 0 (start) and 1
        r0 = means["UCS"] / means["BTS"]
        keep = p["mcf"]
        p["mcf"] = 1.0
        model(p)
        _, m1, _ = run("UCS/BTS at mcf 1")
        r1 = m1["UCS"] / m1["BTS"]
        p["mcf"] = keep
        model(p)
        lo, hi = min(r0, r1), max(r0, r1)
        want_ratio = targets["UCS"] / targets["BTS"]
        if not lo / (1 + tol) <= want_ratio <= hi * (1 + tol):
            tension = modes.get(1, 0) / max(sum(modes.values()), 1)
            unreachable["UCS"] = (
                f"UCS/BTS = {want_ratio:.4g} is outside what this model reaches on these packings, "
                f"{lo:.4g} to {hi:.4g} (the moment factor mcf from 1 to 0; contact friction and rolling "
                f"resistance move UCS and BTS together). In the unconfined tests {tension:.0%} of the "
                f"{sum(modes.values())} broken binders broke in tension: compression splits a packing of "
                "bonded spheres by the tension it makes in the binders, so UCS follows the binders' tensile "
                "strength as BTS does (the parallel bond's known limit, UCS/BTS of 3 to 5; flat joints or "
                "clumped grains are needed beyond it). BTS is calibrated; UCS follows from it.")
            report(unreachable["UCS"])
            if want_ratio > hi:
                p["mcf"] = 0.0 if r0 >= r1 else 1.0
            else:
                p["mcf"] = 1.0 if r0 >= r1 else 0.0
            model(p)
            ratio = False
            history.pop("mcf")
            vals, means, modes = run("ratio at its limit")
        else:
            history["mcf"] = [(0.0, math.log(r0)), (1.0, math.log(r1))]
    for it in range(max_iter):
        # E: the stiffness scale, exact (the same trajectories in a scaled time: E, UCS and BTS
        # times s), computed; a row of the table says so
        if "E" in targets:
            s = targets["E"] / means["E"]
            if abs(s - 1) > 1e-12:
                q = scaled(p, s)
                p.clear()
                p.update(q)
                means = dict(means)
                for k in ("E", "UCS", "BTS"):
                    if k in means:
                        means[k] *= s
                scat = rows[-1][4]
                rows.append((len(rows), f"stiffness scale x {s:.4g} (computed)", dict(p), means, scat,
                             {k: (means[k] - targets[k]) / targets[k] for k in targets}))
        done = all(abs((means[k] - targets[k]) / targets[k]) <= tol for k in targets if k not in unreachable)
        if done:
            break
        for par, prop, xt, yt, slope, (lo, hi) in knobs:
            x = math.log(p[par]) if xt == "log" else p[par]
            y = math.log(means[prop]) if yt == "log" else means[prop]
            yw = math.log(targets[prop]) if yt == "log" else targets[prop]
            h = history[par]
            h.append((x, y))
            if len(h) >= 2 and h[-1][0] != h[-2][0] and h[-1][1] != h[-2][1]:
                measured = (h[-1][1] - h[-2][1]) / (h[-1][0] - h[-2][0])
                if (measured > 0) == (slope > 0):    # (a slope of the wrong sign is noise)
                    slope = measured
            dx = (yw - y) / slope
            if xt == "log":
                dx = max(min(dx, 1.0), -1.0)
            xn = x + dx
            p[par] = min(max(math.exp(xn) if xt == "log" else xn, lo), hi)
        if ratio:
            h = history["mcf"]
            yw = math.log(targets["UCS"] / targets["BTS"])
            y = math.log(means["UCS"] / means["BTS"])
            h.append((p["mcf"], y))
            (xa, ya), (xb, yb) = h[-2], h[-1]
            slope = (yb - ya) / (xb - xa) if xb != xa and yb != ya else -0.2
            p["mcf"] = min(max(p["mcf"] + (yw - y) / slope, 0.0), 1.0)
        model(p)
        vals, means, modes = run(f"iteration {it + 1}")
    return p, means, rows, unreachable


def coefficient_lines(p):
    return [f"bond_style rrp/binder shear {p['shear']}",
            f"bond_coeff 1 {p['km']:.6g} {p['kt']:.6g} {p['ka']:.6g} {p['ks']:.6g} 0 0 0 0 {p['strength']}",
            f"pair_style rrp/hertz {p['friction']}",
            f"pair_coeff * * {p['kpp']:.6g}",
            f"fix ... rrp/wall ... {p['kpw']:.6g}   (wall stiffness)",
            f"timestep {p['dt']:.6g}   (the stiffness scale's)"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--E", type=float)
    ap.add_argument("--nu", type=float)
    ap.add_argument("--ucs", type=float)
    ap.add_argument("--bts", type=float)
    ap.add_argument("--phi", type=float, help="friction angle (degrees)")
    ap.add_argument("--n", type=int, default=3000, help="spheres per packing")
    ap.add_argument("--seeds", type=int, default=3, help="packings the calibration measures")
    ap.add_argument("--fresh", type=int, default=3, help="fresh packings the result is checked on (0: none)")
    ap.add_argument("--discs", type=int, default=4, help="Brazilian discs per packing (axes y and x in turn, "
                    "each pair split on other planes): a packing's BTS is their mean")
    ap.add_argument("--confine", type=float, default=0.2, help="the confined test's s3 over UCS")
    ap.add_argument("--tol", type=float, default=0.05)
    ap.add_argument("--max-iter", type=int, default=10)
    ap.add_argument("--out", help="write table.md and calibration.csv there")
    args = ap.parse_args()
    targets = {k: v for k, v in (("E", args.E), ("nu", args.nu), ("UCS", args.ucs), ("BTS", args.bts),
                                 ("phi", args.phi)) if v}
    if not targets:
        sys.exit("calibrate_strength.py: give at least one target: --E, --nu, --ucs, --bts, --phi")
    if args.discs < 1 or args.seeds < 1 or args.fresh < 0:
        sys.exit(f"calibrate_strength.py: --discs {args.discs}, --seeds {args.seeds}, --fresh {args.fresh}: "
                 "give at least 1 disc and 1 packing (and no negative count of fresh ones)")
    for k, v in targets.items():
        if not (v > 0 and math.isfinite(v)) or (k == "nu" and v >= 0.5) or (k == "phi" and v >= 90):
            sys.exit(f"calibrate_strength.py: target {k} = {v:g} is out of range")
    if not os.path.exists(rrplmp.PLUGIN):
        sys.exit(f"error: plugin {rrplmp.PLUGIN} not found: build first (scripts/build.sh) or set RRP_PLUGIN")
    wd = tempfile.mkdtemp(prefix="rrp-strength-cal-")
    try:
        def packings(seed0, k):
            rrplmp.log(f"packing {k} x {args.n} spheres (seeds {seed0} + 1000 k)")
            with ThreadPoolExecutor(max_workers=2) as pool:
                return list(pool.map(lambda j: cal.pack(args.n, wd=tempfile.mkdtemp(dir=wd), seed=seed0 + 1000 * j),
                                     range(k)))
        datas = packings(SEED0, args.seeds)
        rrplmp.log("targets: " + ", ".join(f"{k} = {v:g}" for k, v in targets.items()))
        p, means, rows, unreachable = calibrate(targets, datas, args.tol, args.max_iter, args.confine, wd=wd,
                                                discs=args.discs)
        vals = {}
        if args.fresh > 0:
            fresh = packings(FRESH0, args.fresh)
            s3 = args.confine * targets["UCS"] if "UCS" in targets else -args.confine
            vals, _ = measure(fresh, p, set(PROPS), s3, wd, args.discs)
    except RuntimeError as e:
        sys.exit(f"calibrate_strength.py: {e}")
    table = [f"# Strength calibration: {', '.join(f'{k} = {v:g}' for k, v in targets.items())}", "",
             f"`scripts/calibrate_strength.py {' '.join(a for a in sys.argv[1:])}`", "",
             f"{args.seeds} packings of {args.n} spheres measured (seeds {SEED0} + 1000 k); the means and their "
             "scatter (sample standard deviation over the mean) at each step. A packing's BTS is the mean of "
             f"{args.discs} Brazilian discs cut from it (axes y and x in turn, each pair split on other planes "
             "of the periodic box: in.brazilian's axis and shift).", "",
             "| step | what | mcf | SIGMA_C | MUR | Ks/Ka | " + " | ".join(PROPS) + " |",
             "| --- | --- | --- | --- | --- | --- | " + " | ".join("---" for _ in PROPS) + " |"]
    for it, label, q, m, sc_, _ in rows:
        cells = " | ".join(f"{m[k]:.4g} +-{sc_[k]:.1%}" if k in m else "" for k in PROPS)
        table.append(f"| {it} | {label} | {q['mcf']:.3g} | {q['sc']:.4g} | {q['mur']:.4g} | {q['ks'] / q['ka']:.4g} | {cells} |")
    table += ["", "The coefficients:", "", "```"] + coefficient_lines(p) + ["```", ""]
    if vals:
        table += [f"## On {args.fresh} fresh packings of {args.n} spheres (seeds {FRESH0} + 1000 k), never seen by "
                  "the calibration", "",
                  "| property | target | mean | scatter | standard error of the mean | error of the mean | each packing |",
                  "| --- | --- | --- | --- | --- | --- | --- |"]
    csv = ["property,target,mean,scatter,error,values"]
    for k in (PROPS if vals else ()):
        m, sd = stats(vals[k])
        t = targets.get(k)
        err = (m - t) / t if t else float("nan")
        table.append(f"| {k} | {t if t else ''} | {m:.4g} | {sd:.1%} | {sd / math.sqrt(len(vals[k])):.1%} | "
                     f"{'' if t is None else f'{err:+.3f}'} | "
                     + ", ".join(f"{v:.4g}" for v in vals[k]) + " |")
        csv.append(f"{k},{t if t else ''},{m!r},{sd!r},{err!r}," + " ".join(repr(v) for v in vals[k]))
    if vals:
        d = vals["BTS discs"]
        m, sd = stats(d)
        table += ["", f"The {len(d)} discs' BTS scatter by {sd:.1%} one from the next (from {min(d):.4g} to "
                  f"{max(d):.4g}): the standard error of their mean is {sd / math.sqrt(len(d)):.1%}, of the "
                  f"calibration's own mean (its {args.seeds * args.discs} discs) about "
                  f"{sd / math.sqrt(args.seeds * args.discs):.1%}."]
        csv.append("BTS discs,,,,," + " ".join(repr(v) for v in d))
    table += [""] + [f"Cannot reach {k}: {w}" for k, w in unreachable.items()]
    print("\n".join(table))
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        rrplmp.write_lines(args.out, {"table.md": table, "calibration.csv": csv})
    last = rows[-1][3]
    ok = all(abs((stats(vals[k])[0] if vals else last[k]) / v - 1) <= args.tol for k, v in targets.items()
             if k not in unreachable)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
