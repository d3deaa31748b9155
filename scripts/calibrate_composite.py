#!/usr/bin/env python3
"""Calibrate the particle-binder composite of examples/composite: find the binder and contact
coefficients that give a packing a target Young's modulus E, Poisson's ratio nu, uniaxial
compressive strength UCS and tensile strength UTS (any subset), by running the small tests.

  calibrate_composite.py [--E E] [--nu NU] [--ucs UCS] [--uts UTS] [--shear linear|convected]
                         [--n 3000] [--data FILE] [--out DIR] [--tol 0.05]

Prints a table of each iteration (the coefficients and the four measured properties) and the
bond_coeff / pair_coeff lines of the result; says which target cannot be reached and why.
Importable: pack(), compress(), tension(), triaxial(), brazilian(), properties(), calibrate(),
e_window(), modulus(), dynamic(), calibrate_dynamic().

  calibrate_composite.py --dynamic TARGET [--shift "wlf C1 C2 TREF" --temp T] [--n 3000] [--data FILE]

fits the binders' relaxation series (prony all, shear linear) and their stiffness scale to a
target table of the composite's dynamic modulus |E*| and phase angle over frequency (rows of
frequency in cycles per time unit, |E*|, phase in degrees), runs the specimen with the result
at the target's frequencies (examples/composite/in.dynamic) and prints the target table with the
model's and the measured values and their errors, and what this model cannot reach.

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
    v = {k: params[k] for k in ("km", "kt", "ka", "ks", "kpp", "ec", "pc", "bc", "tc", "shear", "dt", "rate",
                                "damp", "dampt", "dampr")}
    # (frictional contacts and a Mohr-Coulomb strength: in.triaxial and in.brazilian only)
    for k in ("friction", "strength"):
        if params.get(k):
            v[k] = params[k]
    return v


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


def _drift(rows, balance, work):
    """the energy balance's largest change over the run, over the largest work"""
    return max(abs(r[balance] - rows[0][balance]) for r in rows) / max(max(abs(r[work]) for r in rows), 1e-300)


def triaxial(data, params, s3, np=1, emax=0.06, wd=None, tcons=20.0):
    """the triaxial test (in.triaxial) at the confining stress s3 (0: unconfined, the lateral
    walls left out): the peak axial stress sigma1, the lateral walls' stress sigma3 there (the
    servo's, measured), the axial strain at the peak, the crack initiation (sigma1 when 1% of the
    binders have broken, over the peak) and the energy balance's drift over the walls' work"""
    wd = wd or tempfile.mkdtemp(prefix="rrp-triaxial-")
    v = _variables(params)
    v["kpw"], v["ramp"] = params["kpw"], params["ramp"]
    lmp(wd, os.path.join(EX, "in.triaxial"), np, data=data, s3=s3, emax=emax, tcons=tcons, **v)
    rows = _rows(os.path.join(wd, "triaxial.dat"))
    ip = max(range(len(rows)), key=lambda k: rows[k][3])
    binders0 = rows[0][11] + rows[0][12]
    ic = next((k for k, r in enumerate(rows) if r[11] - rows[0][11] >= 0.01 * binders0), None)
    return {"sigma1": rows[ip][3], "sigma3": rows[ip][4], "strain_peak": rows[ip][2],
            "crack_init": rows[ic][3] / rows[ip][3] if ic is not None else float("nan"),
            "strain_init": rows[ic][2] if ic is not None else float("nan"),
            "balance": _drift(rows, 10, 9), "broken": rows[-1][11], "rows": rows, "dir": wd}


def split_peak(load):
    """the splitting peak of a Brazilian test's load curve: the row of the largest load before
    the load first falls below half of its largest so far (the disc has split; what follows is
    the halves crushed between the walls), or of the largest load when it never does. Drops
    before the load has reached a quarter of its overall largest (the walls' first touches of
    single spheres) do not count."""
    best, floor = 0, 0.25 * max(load)
    for k, p in enumerate(load):
        if p > load[best]:
            best = k
        elif load[best] >= floor and p < 0.5 * load[best]:
            return best
    return best


def split_seen(load, ip):
    """whether the load fell below half of the peak at row ip after it (the disc split)"""
    return any(p < 0.5 * load[ip] for p in load[ip + 1:])


def brazilian(data, params, np=1, dmax=0.1, wd=None, axis="y", shift=0.0, halt=0.0):
    """the Brazilian test (in.brazilian, a disc with its axis along `axis` cut after the packing
    is moved by `shift` of its box): BTS = 2 P/(pi D t) at the splitting peak, the walls'
    approach over D there and the energy balance's drift over the walls' work. halt > 0 ends the
    run once that fraction of the disc's binders has broken; a run so ended that shows no split
    is run again in full."""
    wd = wd or tempfile.mkdtemp(prefix="rrp-brazilian-")
    v = _variables(params)
    v["kpw"], v["ramp"] = params["kpw"], params["ramp"]
    lmp(wd, os.path.join(EX, "in.brazilian"), np, data=data, dmax=dmax, axis=axis, shift=shift, halt=halt, **v)
    rows = _rows(os.path.join(wd, "brazilian.dat"))
    ip = split_peak([r[3] for r in rows])
    if halt > 0 and not split_seen([r[3] for r in rows], ip):
        return brazilian(data, params, np, dmax, wd, axis, shift, 0.0)
    return {"BTS": rows[ip][4], "load": rows[ip][3], "approach": rows[ip][2], "balance": _drift(rows, 9, 8),
            "broken": rows[ip][10], "rows": rows, "dir": wd, "peak_row": ip}


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


# ---------------------------------------------------------------------------------------------
# The dynamic modulus (in.dynamic) and the binder's relaxation series for a target |E*|, phase

def _solve(M, v):
    """x of M x = v, Gaussian elimination with partial pivoting (small dense systems)"""
    n = len(v)
    a = [list(M[i]) + [v[i]] for i in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        if a[c][c] == 0.0:
            raise ValueError("singular system")
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            for k in range(c, n + 1):
                a[r][k] -= f * a[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][k] * x[k] for k in range(r + 1, n))) / a[r][r]
    return x


def _lstsq(A, b):
    """least squares by the normal equations (a few well-scaled columns)"""
    m = len(A[0])
    N = [[sum(row[i] * row[j] for row in A) for j in range(m)] for i in range(m)]
    return _solve(N, [sum(row[i] * y for row, y in zip(A, b)) for i in range(m)])


def phasor(t, y, omega):
    """the complex amplitude Y of y(t) = c0 + c1 t + Re(Y exp(i omega t)) fitted over samples"""
    c0, c1, p, q = _lstsq([[1.0, tt, math.sin(omega * tt), math.cos(omega * tt)] for tt in t], y)
    return complex(q, -p)


def dynamic(data, params, periods, cycles, visco="", shift="none", temp=300.0, epre=0.003, amp=0.001,
            nper=100, hold=20.0, np=1, wd=None):
    """in.dynamic: the specimen seated at strain epre, then cycled by amp at each period in turn;
    per period its complex modulus over the last cycle (the stress's phasor over the strain's,
    both fitted with a mean and a drift): a dict with E1 (storage), E2 (loss), E (|E*|), phase
    (degrees), the binders broken, the work the binders dissipated in the last cycle and the energy
    balance's largest change in it"""
    wd = wd or tempfile.mkdtemp(prefix="rrp-dynamic-")
    v = _variables(params)
    for k in ("rate", "damp"):
        v.pop(k)
    v.update(kpw=params["kpw"], visco=visco, shift=shift, temp=temp, epre=epre, amp=amp, nper=nper, hold=hold,
             out="dynamic.dat")
    rrplmp.run_lmp(wd, os.path.join(EX, "in.dynamic"), np, data=data, period=[f"{p:.10g}" for p in periods],
                   cycles=list(cycles), **v)
    rows = _rows(os.path.join(wd, "dynamic.dat"))
    out = []
    for period, ncyc in zip(periods, cycles):
        mine = [r for r in rows if abs(r[0] - period) <= 1e-9 * period]
        last = [r for r in mine if r[2] >= (ncyc - 1) * period - 1e-9]
        omega = 2.0 * math.pi / period
        t = [r[2] for r in last]
        Z = phasor(t, [r[4] for r in last], omega) / phasor(t, [r[3] for r in last], omega)
        out.append({"period": period, "E1": Z.real, "E2": Z.imag, "E": abs(Z),
                    "phase": math.degrees(math.atan2(Z.imag, Z.real)), "broken": mine[-1][10],
                    "viscous": last[-1][6] - last[0][6], "balance": max(abs(r[9] - last[0][9]) for r in last),
                    "rows": len(last)})
    return out


def _nnls(A, b, iters=500):
    """min |A x - b|, x >= 0 (Lawson and Hanson's active-set method; small problems)"""
    n = len(A[0])
    x, passive = [0.0] * n, set()

    def grad(x):
        r = [bi - sum(a * xi for a, xi in zip(row, x)) for row, bi in zip(A, b)]
        return [sum(A[k][j] * r[k] for k in range(len(A))) for j in range(n)]

    for _ in range(iters):
        w = grad(x)
        cand = [j for j in range(n) if j not in passive and w[j] > 1e-12 * max(1.0, max(abs(v) for v in w))]
        if not cand:
            break
        passive.add(max(cand, key=lambda j: w[j]))
        while True:
            P = sorted(passive)
            z = dict(zip(P, _lstsq([[row[j] for j in P] for row in A], b)))
            if all(z[j] > 0.0 for j in P):
                x = [z.get(j, 0.0) for j in range(n)]
                break
            alpha = min(x[j] / (x[j] - z[j]) for j in P if z[j] <= 0.0)
            x = [x[j] + alpha * (z.get(j, 0.0) - x[j]) if j in passive else 0.0 for j in range(n)]
            passive = {j for j in passive if x[j] > 1e-15}
    return x


def fit_series(omegas, Z, taus):
    """the series whose complex stiffness factor z(w) = A0 + sum A_k i w tau_k/(1 + i w tau_k),
    A >= 0, is closest to Z(w) at each w, relatively: (scale s = A0 + sum A_k, g_inf, [(g_k,
    tau_k)] of the terms kept, the relative residual at each w)"""
    A, b = [], []
    for w, z in zip(omegas, Z):
        wt = 1.0 / abs(z)
        re = [wt] + [wt * (w * t) ** 2 / (1 + (w * t) ** 2) for t in taus]
        im = [0.0] + [wt * w * t / (1 + (w * t) ** 2) for t in taus]
        A += [re, im]
        b += [wt * z.real, wt * z.imag]
    x = _nnls(A, b)
    s = sum(x)
    terms = [(x[1 + k] / s, taus[k]) for k in range(len(taus)) if x[1 + k] > 1e-9 * s]
    model = [x[0] + sum(a * 1j * w * t / (1 + 1j * w * t) for a, t in zip(x[1:], taus)) for w in omegas]
    return s, x[0] / s, terms, [abs(m - z) / abs(z) for m, z in zip(model, Z)]


def read_target(path):
    """rows (frequency, |E*|, phase in degrees) of a whitespace or comma separated file; # comments"""
    rows = []
    for line in open(path):
        line = line.split("#")[0].replace(",", " ").strip()
        if line:
            f, e, ph = (float(v) for v in line.split()[:3])
            if not (f > 0 and e > 0 and 0 <= ph < 90):
                raise ValueError(f"{path}: row {line!r}: the frequency and |E*| must be > 0 and the phase in [0, 90)")
            rows.append((f, e, ph))
    if len(rows) < 2:
        raise ValueError(f"{path}: at least two rows (frequency |E*| phase) are needed")
    return sorted(rows)


def calibrate_dynamic(target, data, base=None, shift="none", temp=300.0, np=1, report=print, epre=0.003,
                      amp=0.001, cycles=3, iterations=3, tol=0.02):
    """the binder's relaxation series (prony all, shear linear) and stiffness scale for a target table
    of the composite's |E*| and phase over frequency (read_target's rows, frequency in cycles per
    time unit). The composite is a network of elastic contacts and binders whose stiffnesses all
    carry one complex factor z(w), the series': its modulus is a function M(z), taken as the
    quadratic through M at three real z (the elastic specimen with every binder stiffness times z:
    1, 0.5 and where the target needs it). The target asks of the binders z_j = M^-1(E*_j) at each
    frequency; a series of relaxation times one per half decade across the target's frequencies
    is fitted to them (fit_series), and the specimen with it is measured at the target's
    frequencies. Where it misses, each z_j moves by the miss over M'(z) and the series is fitted
    and measured again (at most `iterations` measurements, until every |E*| is within tol and
    every phase within 50 tol degrees). Returns (params, visco words, rows of the table of the
    last measurement, what cannot be reached, the fit's numbers)."""
    params = dict(base or BASE)
    params["shear"], params["kt"] = "linear", params["km"]
    periods = [1.0 / f for f, _, _ in target]
    # the elastic specimen's modulus hardly depends on the period once inertia is negligible: the
    # target's slowest, at most 50 time units (the specimen's first resonance is near 2)
    slow = [min(max(periods), 50.0)]
    omegas = [2 * math.pi * f for f, _, _ in target]
    Et = [e * complex(math.cos(math.radians(ph)), math.sin(math.radians(ph))) for _, e, ph in target]

    def elastic(z):
        p = dict(params)
        for k in ("km", "kt", "ka", "ks"):
            p[k] = params[k] * z
        m = dynamic(data, p, slow, [2], epre=epre, amp=amp, np=np)[0]["E1"]
        report(f"elastic binders x {z:.4g}: storage modulus {m:.5g} at period {slow[0]:.4g}")
        return m

    # 1. M(z): two points, the range the target needs, a third point there
    pts = {1.0: elastic(1.0), 0.5: elastic(0.5)}
    Mb1 = (pts[1.0] - pts[0.5]) / 0.5
    zmax = max(abs((e - (pts[1.0] - Mb1)) / Mb1) for e in Et)
    z3 = round(1.2 * zmax, 2) if zmax > 1.3 else 0.25
    pts[z3] = elastic(z3)
    (za, ma), (zb, mb), (zc, mc) = sorted(pts.items())
    # the quadratic through the three points (divided differences)
    d1, d2 = (mb - ma) / (zb - za), (mc - mb) / (zc - zb)
    M2 = (d2 - d1) / (zc - za)
    Mb = d1 - M2 * (za + zb)
    Mc = ma - Mb * za - M2 * za * za
    report(f"M(z) = {Mc:.5g} + {Mb:.5g} z + {M2:.5g} z^2 (z = {za:g}, {zb:g}, {zc:g})")

    def M(z):
        return Mc + Mb * z + M2 * z * z

    def Minv(e):
        return 2 * (e - Mc) / (Mb + (Mb * Mb + 4 * M2 * (e - Mc)) ** 0.5)

    unreachable = []
    for (f, e, ph) in target:
        if e * math.cos(math.radians(ph)) <= Mc:
            unreachable.append(f"frequency {f:g}: the target's storage modulus {e * math.cos(math.radians(ph)):.4g} "
                               f"is at or below the contacts' {Mc:.4g}: the elastic contacts hold the specimen at "
                               "least that stiff whatever the binders do")
    ok = [k for k, (_, e, ph) in enumerate(target) if e * math.cos(math.radians(ph)) > Mc]
    if not ok:
        raise ValueError("no row of the target is within reach: " + "; ".join(unreachable))
    Z = [Minv(e) for e in Et]
    lo, hi = min(omegas), max(omegas)
    n = max(2, min(RRP_VISCO_TERMS, int(round(2 * math.log10(hi / lo))) + 2))
    taus = [10 ** (math.log10(0.3 / hi) + k * (math.log10(3.0 / lo) - math.log10(0.3 / hi)) / (n - 1)) for k in range(n)]
    base_k = {k: params[k] for k in ("km", "kt", "ka", "ks")}
    history = []
    for it in range(iterations):
        s, ginf, terms, resid = fit_series([omegas[k] for k in ok], [Z[k] for k in ok], taus)
        for k in base_k:
            params[k] = base_k[k] * s
        visco = "prony all " + " ".join(f"{g:.6g} {t:.6g}" for g, t in terms)
        report(f"fit {it + 1}: binder stiffnesses x {s:.5g}, long-term part {ginf:.4g}: {visco}")
        got = dynamic(data, params, periods, [cycles] * len(periods), visco=visco, shift=shift, temp=temp,
                      epre=epre, amp=amp, np=np)
        rows = []
        for k, ((f, e, ph), g) in enumerate(zip(target, got)):
            w = omegas[k]
            zm = s * (ginf + sum(gk * 1j * w * tk / (1 + 1j * w * tk) for gk, tk in terms))
            m = M(zm)
            rows.append({"f": f, "E": e, "phase": ph, "model_E": abs(m), "model_phase": math.degrees(math.atan2(m.imag, m.real)),
                         "got_E": g["E"], "got_phase": g["phase"], "broken": g["broken"], "zm": zm, "got": g})
        worst_E = max(abs(rows[k]["got_E"] / rows[k]["E"] - 1) for k in ok)
        worst_ph = max(abs(rows[k]["got_phase"] - rows[k]["phase"]) for k in ok)
        history.append((it + 1, s, ginf, worst_E, worst_ph))
        report(f"measured: largest |E*| error {worst_E:.2%}, largest phase error {worst_ph:.2f} deg")
        if worst_E <= tol and worst_ph <= 50 * tol:
            break
        # each z_j moves by the miss over the slope of M there
        for k in ok:
            miss = Et[k] - complex(rows[k]["got"]["E1"], rows[k]["got"]["E2"])
            Z[k] = Z[k] + miss / (Mb + 2 * M2 * rows[k]["zm"])
    for k in ok:
        if resid[ok.index(k)] > 0.05:
            unreachable.append(f"frequency {target[k][0]:g}: the best series comes within {resid[ok.index(k)]:.1%} of "
                               "what the binders must do there (a sum of relaxations cannot follow a steeper change "
                               "of the modulus or the phase with frequency)")
    notes = [f"frequency {r['f']:g}: within a factor of 20 of the specimen's first resonance (period near 2): its "
             "inertia, which no binder series changes, is part of the measured modulus there" for r in rows
             if r["f"] * 2.0 > 0.05]
    return params, visco, rows, unreachable, {"Mc": Mc, "Mb": Mb, "M2": M2, "points": pts, "scale": s,
                                              "iterations": history, "notes": notes}


RRP_VISCO_TERMS = 8    # terms of a series, at most (rrp/visco.h)


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
    ap.add_argument("--dynamic", metavar="FILE", help="fit the binders' relaxation series to a target table of the "
                    "composite's dynamic modulus: rows of frequency (cycles per time unit), |E*|, phase (degrees)")
    ap.add_argument("--shift", default="none", help="with --dynamic: the binders' shift (wlf C1 C2 TREF, ...)")
    ap.add_argument("--temp", type=float, default=300.0, help="with --dynamic: the temperature of the table")
    args = ap.parse_args()
    if args.dynamic:
        return main_dynamic(args)
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


def dynamic_table(rows, how):
    """the target table with the model's and the specimen's values and their errors"""
    lines = ["| frequency | target abs(E*) | M(z) | measured | error | target phase (deg) | M(z) | measured | "
             "error (deg) | binders broken |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        lines.append(f"| {r['f']:.4g} | {r['E']:.5g} | {r['model_E']:.5g} | {r['got_E']:.5g} | "
                     f"{r['got_E'] / r['E'] - 1:+.2%} | {r['phase']:.3g} | {r['model_phase']:.3g} | "
                     f"{r['got_phase']:.3g} | {r['got_phase'] - r['phase']:+.2f} | {r['broken']:g} |")
    pts = ", ".join(f"M({z:g}) = {m:.5g}" for z, m in sorted(how["points"].items()))
    its = ["| measurement | binder stiffness scale | long-term part | largest abs(E*) error | largest phase error (deg) |",
           "| --- | --- | --- | --- | --- |"] + [f"| {i} | {s:.5g} | {g:.4g} | {e:.2%} | {p:.2f} |"
                                                for i, s, g, e, p in how["iterations"]]
    return [f"The elastic specimen with every binder stiffness times z: {pts}; M(z) = {how['Mc']:.5g} + "
            f"{how['Mb']:.5g} z + {how['M2']:.5g} z^2 (M_c = {how['Mc']:.5g}: the contacts alone).", ""] + its + \
        ["", "The last measurement (M(z): the quadratic's value for the series, before the corrections by the "
            "measured misses):", ""] + lines


def main_dynamic(args):
    if not os.path.exists(rrplmp.PLUGIN):
        sys.exit(f"error: plugin {rrplmp.PLUGIN} not found: build first (scripts/build.sh) or set RRP_PLUGIN")
    try:
        target = read_target(args.dynamic)
        data = args.data or (rrplmp.log(f"packing {args.n} spheres (in.pack)") or pack(args.n))
        params, visco, rows, unreachable, how = calibrate_dynamic(target, data, shift=args.shift, temp=args.temp,
                                                                 report=lambda l: rrplmp.log(l))
    except (RuntimeError, ValueError) as e:
        sys.exit(f"calibrate_composite.py: {e}")
    table = dynamic_table(rows, how)
    lines = coefficient_lines(params)
    lines[1] += " " + visco
    print("\n".join(table + [""] + lines))
    for why in unreachable:
        print(f"cannot reach: {why}")
    for why in how["notes"]:
        print(f"note: {why}")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "dynamic-calibration.md"), "w") as fh:
            fh.write("\n".join([f"# Calibration to {os.path.basename(args.dynamic)}", ""] + table + ["", "```"] + lines +
                               ["```", ""] + [f"Cannot reach: {w}" for w in unreachable] +
                               [f"Note: {w}" for w in how["notes"]]) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
