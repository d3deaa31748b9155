#!/usr/bin/env python3
"""Calibrate the particle-binder composite of examples/composite: find the binder and contact
coefficients that give a packing a target Young's modulus E, Poisson's ratio nu, uniaxial
compressive strength UCS and tensile strength UTS (any subset), by running the small tests.

  calibrate_composite.py [--E E] [--nu NU] [--ucs UCS] [--uts UTS] [--shear linear|convected]
                         [--n 3000] [--data FILE] [--out DIR] [--tol 0.05]

Prints a table of each iteration (the coefficients and the four measured properties) and the
bond_coeff / pair_coeff lines of the result; says which target cannot be reached and why.
Importable: pack(), compress(), tension(), properties(), calibrate(), e_window(), modulus().

The tests (examples/composite): in.pack packs n spheres with binders once; in.compress carves a
specimen with free lateral faces and compresses it between two walls, quasi-statically (viscous
damping, rate 0.01: the peak stress moves by less than 2% at 1/2 and 1/4 of it), giving E (the
slope of stress against strain between 20% and 50% of the way from the initial to the peak
stress), nu (the lateral strain's slope against the axial one there) and UCS (the peak stress);
in.tension pulls the specimen by grips at its ends, giving UTS (the peak stress).

How the coefficients are found. The model has one stiffness scale: multiplying every stiffness
(Km, Kt, Ka, Ks, Kpp, Kpw) by s, the time step by 1/sqrt(s) and the wall speed and damping by
sqrt(s) runs the same trajectory in a scaled time, so E, UCS and UTS are multiplied by s and nu
does not change. The rest is dimensionless: nu is set by the shear-to-axial stiffness ratio
Ks/Ka (searched by the secant method on its logarithm), UCS/E and UTS/E by the critical values
(the axial strain eps_c mostly for UTS, the shear and bending angles mostly for UCS: a two-
dimensional secant (Broyden) iteration on their logarithms), and E by s, computed, not searched.
Needs numpy only for nothing: the standard library suffices."""
import argparse
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402

EX = os.path.join(rrplmp.TOP, "examples", "composite")

# the example's coefficients (in.compress), the start of every calibration
BASE = {"km": 10.0, "kt": 10.0, "ka": 200.0, "ks": 200.0, "kpp": 2100.0, "kpw": 2100.0,
        "ec": 0.02, "pc": 0.15, "bc": 0.15, "tc": 0.25, "shear": "convected",
        "dt": 0.005, "rate": 0.01, "ramp": 2.0, "damp": "viscous", "dampt": 0.5, "dampr": 0.05}
STIFFNESSES = ("km", "kt", "ka", "ks", "kpp", "kpw")
ANGLES = ("pc", "bc", "tc")


def lmp(wd, input_file, np=1, **variables):
    return rrplmp.run_lmp(wd, input_file, np, **variables)


def pack(n, wd=None, np=1, seed=4928459):
    """pack n spheres with binders (in.pack); the data file's path"""
    wd = wd or tempfile.mkdtemp(prefix="rrp-calibrate-")
    lmp(wd, os.path.join(EX, "in.pack"), np, n=n, data="data.composite", seed=seed)
    return os.path.join(wd, "data.composite")


def scaled(params, s):
    """the same material with every stiffness times s, run in time scaled by 1/sqrt(s)"""
    q = dict(params)
    for k in STIFFNESSES:
        q[k] = params[k] * s
    r = math.sqrt(s)
    q["dt"], q["ramp"], q["rate"] = params["dt"] / r, params["ramp"] / r, params["rate"] * r
    q["dampt"], q["dampr"] = params["dampt"] * r, params["dampr"] * r
    return q


def _variables(params):
    return {k: params[k] for k in ("km", "kt", "ka", "ks", "kpp", "ec", "pc", "bc", "tc", "shear", "dt", "rate",
                                   "damp", "dampt", "dampr")}


def _rows(path):
    return [[float(x) for x in l.split()] for l in open(path) if l.strip() and not l.startswith("#")]


def _fit(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx > 0 else float("nan")


def e_window(stress):
    """the E window of a compression curve (stress per output row, in.compress's column 4): the
    rows before the peak whose stress lies between 20% and 50% of the way from the first row's
    stress (the packing's prestress, before the carving releases it) to the peak stress; returns
    (the window's row indices, the peak's row index). E and nu are fitted over these rows
    (modulus, compress); scripts/plot_composite.py draws the same window."""
    ip = max(range(len(stress)), key=lambda k: stress[k])
    s0, sp = stress[0], stress[ip]
    return [k for k in range(ip) if s0 + 0.2 * (sp - s0) <= stress[k] <= s0 + 0.5 * (sp - s0)], ip


def modulus(strain, stress):
    """Young's modulus E: the least-squares slope of stress against strain over the E window
    (nan with fewer than 3 rows in it); returns (E, the window's row indices, the peak's index)"""
    window, ip = e_window(stress)
    E = _fit([strain[k] for k in window], [stress[k] for k in window]) if len(window) > 2 else float("nan")
    return E, window, ip


def compress(data, params, np=1, emax=None, wd=None):
    """the compression test: E, nu, UCS, the strain at the peak, the kinetic energy over the walls'
    work at the peak, and the energy balance's largest change over the walls' work"""
    wd = wd or tempfile.mkdtemp(prefix="rrp-compress-")
    v = _variables(params)
    v["kpw"], v["ramp"] = params["kpw"], params["ramp"]
    if emax:
        v["emax"] = emax
    lmp(wd, os.path.join(EX, "in.compress"), np, data=data, out="compress.dat", breaks="breaks.dump",
        dump="compress.dump", dumpevery=10 ** 8, final="final.dump", **v)
    rows = _rows(os.path.join(wd, "compress.dat"))
    strain = [r[2] for r in rows]
    stress = [r[3] for r in rows]
    E, window, ip = modulus(strain, stress)
    sp = stress[ip]
    nu = _fit([strain[k] for k in window], [rows[k][19] for k in window]) if len(window) > 2 else float("nan")
    work = rows[ip][11]
    drift = max(abs(r[12] - rows[0][12]) for r in rows) / max(rows[-1][11], 1e-300)
    return {"E": E, "nu": nu, "UCS": sp, "strain_peak": strain[ip], "ke_peak": rows[ip][4] / max(work, 1e-300),
            "balance": drift, "broken": sum(rows[-1][13:17]), "rows": rows, "dir": wd}


def tension(data, params, np=1, emax=None, wd=None):
    """the direct tension test: UTS and the strain at the peak"""
    wd = wd or tempfile.mkdtemp(prefix="rrp-tension-")
    v = _variables(params)
    if emax:
        v["emax"] = emax
    lmp(wd, os.path.join(EX, "in.tension"), np, data=data, out="tension.dat", **v)
    rows = _rows(os.path.join(wd, "tension.dat"))
    ip = max(range(len(rows)), key=lambda k: rows[k][3])
    return {"UTS": rows[ip][3], "strain_peak": rows[ip][2], "rows": rows, "dir": wd}


def properties(data, params, want=("E", "nu", "UCS", "UTS"), np=1):
    """the measured properties a calibration needs (the tension test only for UTS)"""
    out = {}
    if set(want) & {"E", "nu", "UCS"}:
        c = compress(data, params, np)
        out.update({k: c[k] for k in ("E", "nu", "UCS")})
    if "UTS" in want:
        out["UTS"] = tension(data, params, np)["UTS"]
    return out


def _row(it, what, params, got, targets):
    errs = [abs(got[k] / targets[k] - 1) for k in targets if k in got]
    cols = " | ".join(f"{got.get(k, float('nan')):.4g}" for k in ("E", "nu", "UCS", "UTS"))
    return (f"| {it} | {what} | {params['ks'] / params['ka']:.4g} | {params['ec']:.4g} | {params['pc']:.4g} | "
            f"{params['ka']:.4g} | {cols} | {max(errs) if errs else 0:.3f} |")


def calibrate(targets, data, shear="linear", tol=0.05, max_iter=8, np=1, report=print, base=None):
    """coefficients for the targets (a dict of any of E, nu, UCS, UTS); returns (params, measured,
    table lines, the targets that cannot be reached with their reason)"""
    params = dict(base or BASE)
    params["shear"] = shear
    params["kt"] = params["km"]
    want = tuple(k for k in ("E", "nu", "UCS", "UTS") if k in targets)
    need = set(want) | ({"E"} if set(want) & {"UCS", "UTS"} else set())
    table = ["| iteration | step | Ks/Ka | eps_c | phi_c = beta_c | Ka | E | nu | UCS | UTS | largest error |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    unreachable = {}
    it = [0]

    def measure(p, what):
        got = properties(data, p, tuple(need), np)
        table.append(_row(it[0], what, p, got, targets))
        report(table[-1])
        it[0] += 1
        return got

    def fit_nu(got):
        """the secant method on log(Ks/Ka): a larger Ks/Ka lowers nu"""
        x0, f0 = math.log(params["ks"] / params["ka"]), got["nu"] - targets["nu"]
        x1 = x0 + (-0.5 if f0 < 0 else 0.5)
        for _ in range(max_iter):
            params["ks"] = params["ka"] * math.exp(x1)
            got = measure(params, "nu: Ks/Ka")
            f1 = got["nu"] - targets["nu"]
            if abs(f1) <= tol * abs(targets["nu"]) or f1 == f0:
                break
            x0, x1, f0 = x1, x1 - f1 * (x1 - x0) / (f1 - f0), f1
            x1 = max(min(x1, x0 + 2.0), x0 - 2.0)
        return got

    def strength_error(g):
        return [math.log(g[k] / g["E"]) - math.log(targets[k] / targets.get("E", g["E"])) for k in strengths]

    def fit_strengths(got):
        """UCS/E and UTS/E by the critical values: with one of them a factor on all; with both a
        Broyden iteration on (log eps_c, log angles), the angles capped at pi"""
        base_c = {k: params[k] for k in ("ec",) + ANGLES}
        F = strength_error(got)
        if len(strengths) == 1:
            a0, r0, a1 = 0.0, F[0], -F[0]
            for _ in range(max_iter):
                for k in base_c:
                    params[k] = min(base_c[k] * math.exp(a1), math.pi if k in ANGLES else 10.0)
                got = measure(params, f"{strengths[0]}/E: critical values")
                r1 = strength_error(got)[0]
                if abs(r1) <= math.log(1 + tol) or r1 == r0:
                    break
                a0, a1, r0 = a1, a1 - r1 * (a1 - a0) / (r1 - r0), r1
            return got
        x = [0.0, 0.0]
        # d log UCS, d log UTS over d log eps_c, d log angles: measured on the example's packing
        # (both strengths follow eps_c; the angles move UCS a little, UTS hardly)
        J = [[0.8, 0.15], [1.0, 0.05]]
        best, stalled = max(abs(f) for f in F), 0
        for _ in range(2 * max_iter):
            det = J[0][0] * J[1][1] - J[0][1] * J[1][0]
            dx = [-(J[1][1] * F[0] - J[0][1] * F[1]) / det, -(-J[1][0] * F[0] + J[0][0] * F[1]) / det]
            step = max(abs(dx[0]), abs(dx[1]))
            if step > 1.0:
                dx = [d / step for d in dx]
            x = [x[0] + dx[0], x[1] + dx[1]]
            x[1] = min(x[1], math.log(math.pi / max(base_c[k] for k in ANGLES)))
            params["ec"] = base_c["ec"] * math.exp(x[0])
            for k in ANGLES:
                params[k] = min(base_c[k] * math.exp(x[1]), math.pi)
            got = measure(params, "UCS/E, UTS/E: eps_c, angles")
            F1 = strength_error(got)
            worst = max(abs(f) for f in F1)
            if worst <= math.log(1 + tol):
                return got
            stalled = stalled + 1 if worst > 0.9 * best else 0
            best = min(best, worst)
            if stalled >= 3:
                break
            dF = [F1[0] - F[0], F1[1] - F[1]]
            n2 = dx[0] ** 2 + dx[1] ** 2
            if n2 > 0:
                for i in range(2):
                    r = dF[i] - (J[i][0] * dx[0] + J[i][1] * dx[1])
                    J[i][0] += r * dx[0] / n2
                    J[i][1] += r * dx[1] / n2
            F = F1
        ratio_got, ratio_want = got["UCS"] / got["UTS"], targets["UCS"] / targets["UTS"]
        unreachable["UCS/UTS"] = (
            f"UCS/UTS = {ratio_got:.3g} where {ratio_want:.3g} is wanted. Compression breaks these binders mostly "
            "in tension too (the specimen widens), so eps_c sets both strengths; the shear and bending angles can "
            "only lower UCS, and with angles that never break the ratio stays near its largest value. Bonded-particle "
            "models are known for too low a ratio of compressive to tensile strength (Potyondy and Cundall 2004)")
        return got

    strengths = [k for k in ("UCS", "UTS") if k in targets]
    got = measure(params, "start")
    for _ in range(2):
        if "nu" in targets and abs(got["nu"] / targets["nu"] - 1) > tol:
            got = fit_nu(got)
        if strengths and max(abs(f) for f in strength_error(got)) > math.log(1 + tol) and "UCS/UTS" not in unreachable:
            got = fit_strengths(got)
        if "nu" not in targets or abs(got["nu"] / targets["nu"] - 1) <= tol:
            break
    if "nu" in targets and abs(got["nu"] / targets["nu"] - 1) > tol:
        unreachable["nu"] = (f"nu = {got['nu']:.3g} at Ks/Ka = {params['ks'] / params['ka']:.3g}: the packing's "
                             f"contacts and binders do not reach nu = {targets['nu']:.3g} by Ks/Ka")
    # the stiffness scale: exact
    if "E" in targets:
        s = targets["E"] / got["E"]
        params = scaled(params, s)
        got = measure(params, f"E: stiffness x {s:.4g}")
    return params, got, table, unreachable


def coefficient_lines(params):
    return [f"bond_style rrp/binder shear {params['shear']}",
            f"bond_coeff 1 {params['km']:.6g} {params['kt']:.6g} {params['ka']:.6g} {params['ks']:.6g} "
            f"{params['ec']:.6g} {params['pc']:.6g} {params['bc']:.6g} {params['tc']:.6g}",
            f"pair_coeff * * {params['kpp']:.6g}      # fix rrp/wall: Kpw {params['kpw']:.6g}",
            f"timestep {params['dt']:.6g}; walls at {params['rate']:.6g}; fix rrp/damping viscous "
            f"{params['dampt']:.6g} {params['dampr']:.6g}"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--E", type=float)
    ap.add_argument("--nu", type=float)
    ap.add_argument("--ucs", type=float)
    ap.add_argument("--uts", type=float)
    ap.add_argument("--shear", default="linear", choices=("linear", "convected"))
    ap.add_argument("--n", type=int, default=3000, help="spheres packed (the specimen keeps about 2/3)")
    ap.add_argument("--data", help="a data file of in.pack to use instead of packing")
    ap.add_argument("--tol", type=float, default=0.05)
    ap.add_argument("--out", help="write table.md there")
    args = ap.parse_args()
    targets = {k: v for k, v in (("E", args.E), ("nu", args.nu), ("UCS", args.ucs), ("UTS", args.uts)) if v}
    if not targets:
        sys.exit("calibrate_composite.py: give at least one target: --E, --nu, --ucs, --uts")
    if not os.path.exists(rrplmp.PLUGIN):
        sys.exit(f"error: plugin {rrplmp.PLUGIN} not found: build first (scripts/build.sh) or set RRP_PLUGIN")
    try:
        data = args.data or (rrplmp.log(f"packing {args.n} spheres (in.pack)") or pack(args.n))
        rrplmp.log("targets: " + ", ".join(f"{k} = {v:g}" for k, v in targets.items()))
        params, got, table, unreachable = calibrate(targets, data, args.shear, args.tol,
                                                    report=lambda l: rrplmp.log(l))
    except RuntimeError as e:
        sys.exit(f"calibrate_composite.py: {e}")
    lines = ["| target | wanted | measured | error |", "| --- | --- | --- | --- |"]
    lines += [f"| {k} | {v:g} | {got[k]:.4g} | {abs(got[k] / v - 1):.3f} |" for k, v in targets.items()]
    print("\n".join(table + [""] + lines + [""] + coefficient_lines(params)))
    for k, why in unreachable.items():
        print(f"cannot reach {k}: {why}")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        command = "scripts/calibrate_composite.py " + " ".join(a for a in sys.argv[1:] if not a.startswith("--out")
                                                                 and a != args.out)
        head = [f"# Calibration: {', '.join(f'{k} = {v:g}' for k, v in targets.items())} (shear {args.shear})", "",
                f"`{command}`", "", "Each iteration: the coefficients changed and the four properties measured "
                "(compression and tension of the specimen, see README.md).", ""]
        with open(os.path.join(args.out, "table.md"), "w") as fh:
            fh.write("\n".join(head + table + [""] + lines + ["", "```"] + coefficient_lines(params) + ["```"] +
                               [f"Cannot reach {k}: {w}" for k, w in unreachable.items()]) + "\n")
    ok = all(abs(got[k] / v - 1) <= args.tol for k, v in targets.items())
    sys.exit(0 if ok or unreachable else 1)


if __name__ == "__main__":
    main()
