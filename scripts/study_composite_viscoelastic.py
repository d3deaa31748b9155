#!/usr/bin/env python3
"""The particle-binder composite with viscoelastic binders: its dynamic modulus over frequency
and temperature, creep and recovery, strength against loading rate, cyclic loading
(studies/composite-viscoelastic).

  study_composite_viscoelastic.py [--quick] [--n 1000] [--jobs 1] [--out DIR] [--data FILE]

The specimen of examples/composite (in.pack packs n spheres and binds them; each test carves the
specimen with free lateral faces), with the example's stiffnesses as the binders' instantaneous
ones (Km = Kt = 10, Ka = Ks = 200, shear linear, Kpp = Kpw = 2100, critical values 0.02 0.15 0.15
0.25) and the series `prony all 0.35 2.0 0.35 20.0` (g_inf = 0.3) at the reference temperature
300 of the shift `wlf 8.86 101.6 300` (a_T = 9.28, 1, 0.161 at 290, 300, 310). Every test holds
the carved specimen first at 340 (a_T = 0.0032: the branches relax within it), then runs at its
temperature.

1. dynamic modulus (in.dynamic): seated at the strain 0.003, then, undamped, a sinusoidal strain
   of amplitude 0.001 at 6 periods over 3 decades (4000 ... 4; quick: 4 periods, 125 ... 4, at
   310 only), at 290, 300 and 310, dt 0.01. s0 + s1 t + a sin + b cos is fitted to the stress and
   to the strain over the last cycle of each period: E* is the ratio of their complex amplitudes,
   |E*| and the phase; the same fit a quarter cycle earlier says how much of a transient is left. References from the same seated state: frozen branches (210,
   a_T = 5e68: the glassy, elastic specimen; its |E*| against period is the specimen's inertia,
   its phase the method's floor), relaxed ones (500, a_T = 1.3e-6), frozen with the seating's
   damping kept (the loss fix rrp/damping would add). The parallel model E_r + (E_g - E_r)
   (e*(w a_T) - g_inf)/(1 - g_inf), from these two moduli and the series alone, is the
   prediction the curves are held against; the master curve's spread is measured between the
   temperatures.
2. creep and recovery (in.creep): the top wall driven by a force, seated at 0.05, the stress
   stepped by 0.05, 0.1 and 0.3 (quick: 0.05, 0.1; ramp 10, quick 5), held 300 and removed for
   300 (quick: 60, 60), dt 0.01: J(t) at each level, their ratios, the recovered fraction, and
   J(t) of the parallel model.
3. strength against rate (in.compress): walls at 0.02 ... 0.0002 (quick: 0.02, 0.002) each,
   viscous damping 0.5 0.05 as the example's: the peak stress of the viscous binder and of the
   elastic one (the same instantaneous stiffnesses, no series).
4. cycles (in.cyclic): to strains 0.008 0.016 0.024 0.03 0.036 at 0.004 (quick 0.02), a rest of
   200 (quick 50) off the walls, a reload to 0.05: loops, softening, the energy of each cycle
   split into the dashpots' (compute rrp/energy 13), the ruptures' (6) and the damping's, and the
   budget's closure; the elastic binder beside it.

Writes table.md, dynamic.csv, creep.csv, rates.csv, cycles.csv and (with matplotlib)
dynamic.png, creep.png, rates.png, cycles.png into --out. Progress on stderr. Needs numpy."""
import argparse
import cmath
import math
import os
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402

np = rrplmp.need("numpy")

EX = os.path.join(rrplmp.TOP, "examples", "composite")
SERIES = ((0.35, 2.0), (0.35, 20.0))    # g_k, tau_k at TREF
GINF = 1.0 - sum(g for g, _ in SERIES)
VISCO = "prony all " + " ".join(f"{g:g} {tau:g}" for g, tau in SERIES)
WLF = (8.86, 101.6, 300.0)             # C1, C2, TREF
SHIFT = "wlf {:g} {:g} {:g}".format(*WLF)
TSEAT = 340.0                          # the holds' temperature: the branches relax within them
FROZEN, RELAXED = 210.0, 500.0         # a_T = 5e68 (glassy), 1.3e-6 (relaxed)
BASE = {"km": 10.0, "kt": 10.0, "ka": 200.0, "ks": 200.0, "kpp": 2100.0, "kpw": 2100.0,
        "ec": 0.02, "pc": 0.15, "bc": 0.15, "tc": 0.25, "shear": "linear"}
EPRE, AMP = 0.003, 0.001               # in.dynamic: seated strain, amplitude
DT_SMALL = 0.01                        # dt of the small-strain tests (dynamic, creep)
QS = 0.02                              # quasi-static: the frozen specimen's inertia below 2%


def shift_factor(temp):
    c1, c2, tref = WLF
    return 10.0 ** (-c1 * (temp - tref) / (c2 + temp - tref))


def estar(omega, at):
    """the series' complex modulus at omega, temperature shift at: a fraction of the instantaneous"""
    return GINF + sum(g * 1j * omega * tau * at / (1.0 + 1j * omega * tau * at) for g, tau in SERIES)


def parallel(er, eg, omega, at):
    """the parallel model: the contacts' network beside the binders', from the relaxed and the
    glassy moduli"""
    return er + (eg - er) * (estar(omega, at) - GINF) / (1.0 - GINF)


def creep_parallel(er, eg, t):
    """J(t) of the parallel model, a generalized Maxwell solid E(t) = er + sum E_k exp(-t/tau_k):
    sE(s) = P(s)/Q(s), J(s) = Q(s)/(s P(s)), inverted by partial fractions over P's roots"""
    ek = [(eg - er) * g / (1.0 - GINF) for g, _ in SERIES]
    taus = [tau for _, tau in SERIES]
    Q = np.poly1d([1.0])
    for tau in taus:
        Q = Q * np.poly1d([tau, 1.0])
    P = er * Q
    for e, tau in zip(ek, taus):
        other = np.poly1d([1.0])
        for t2 in taus:
            if t2 != tau:
                other = other * np.poly1d([t2, 1.0])
        P = P + np.poly1d([e * tau, 0.0]) * other
    roots = P.roots
    t = np.asarray(t, dtype=float)
    J = np.full_like(t, Q(0.0) / P(0.0))     # the residue at s = 0: 1/er
    dP = P.deriv()
    for r in roots:
        J = J + (Q(r) / (r * dP(r)) * np.exp(r * t)).real
    return J


# ---------------------------------------------------------------------------------------------
# running LAMMPS

def lmp(wd, input_file, **variables):
    """lmp on input_file in wd with the plugin and the variables (a list: an index variable of
    several values); the log's text (rrplmp.run_lmp: RuntimeError with the first ERROR line)"""
    return rrplmp.run_lmp(wd, input_file, 1, **variables)


def workdir(tag):
    return tempfile.mkdtemp(prefix=f"rrp-cve-{tag}-")


def rows_of(path):
    return np.array(rrplmp.read_rows(path), ndmin=2)


def field(text, key, word):
    """the number after `word` on the line starting with `key`"""
    line = next(l for l in text.splitlines() if l.startswith(key))
    w = line.replace(",", " ").split()
    return float(w[w.index(word) + 1])


# ---------------------------------------------------------------------------------------------
# 1. dynamic modulus

def sweep(data, temp, periods, cycles, keepdamp=0):
    """in.dynamic at temp: per period the fit of the last cycle and one a quarter cycle earlier"""
    wd = workdir(f"dyn{temp:g}")
    v = dict(BASE, data=data, visco=VISCO, shift=SHIFT, temp=temp, tseat=TSEAT, epre=EPRE, amp=AMP,
             period=[f"{p:g}" for p in periods], cycles=[f"{c:g}" for c in cycles], nper=100, hold=20.0,
             dt=DT_SMALL, keepdamp=keepdamp, out="dynamic.dat")
    text = lmp(wd, os.path.join(EX, "in.dynamic"), **v)
    V0 = field(text, "DYNAMIC specimen", "height") * field(text, "DYNAMIC specimen", "cross-section")
    d = rows_of(os.path.join(wd, "dynamic.dat"))
    out = []
    for period, ncyc in zip(periods, cycles):
        r = d[np.abs(d[:, 0] - period) < 1e-9 * period]
        # one row per step: a run's first row repeats the step before it
        _, first = np.unique(r[:, 1], return_index=True)
        r = r[np.sort(first)]
        w = 2.0 * math.pi / period
        tend = ncyc * period
        fits = []
        for back in (0.0, 0.25):
            m = (r[:, 2] >= tend - (1.0 + back) * period - 1e-9) & (r[:, 2] <= tend - back * period + 1e-9)
            t = r[m, 2]
            A = np.column_stack([np.ones_like(t), t - t.mean(), np.sin(w * t), np.cos(w * t)])
            # the complex amplitudes X (x = Re(X exp(i w t)) + s0 + s1 t) of the stress and the strain
            cs, *_ = np.linalg.lstsq(A, r[m, 4], rcond=None)
            ce, *_ = np.linalg.lstsq(A, r[m, 3], rcond=None)
            Z = complex(cs[3], -cs[2]) / complex(ce[3], -ce[2])
            E, delta = abs(Z), math.degrees(cmath.phase(Z))
            resid = float(np.sqrt(np.mean((r[m, 4] - A @ cs) ** 2))) / abs(complex(cs[3], cs[2]))
            fits.append((E, delta, resid, abs(complex(ce[3], ce[2]))))
        (E, delta, resid, amp), (E2, delta2, _, _) = fits
        # the energy of the last cycle (the cumulative values interpolated at its two ends): the
        # walls' work and the dashpots'
        ends = [tend - period, tend]
        work = float(np.diff(np.interp(ends, r[:, 2], r[:, 8]))[0])
        viscous = float(np.diff(np.interp(ends, r[:, 2], r[:, 6]))[0])
        loss = math.pi * amp ** 2 * E * math.sin(math.radians(delta)) * V0
        out.append({"temp": temp, "period": period, "cycles": ncyc, "omega": w, "aT": shift_factor(temp),
                    "E": E, "phase": delta, "E_early": E2, "phase_early": delta2, "resid": resid,
                    "work_cycle": work, "viscous_cycle": viscous, "loss_fit": loss,
                    "balance": float(np.max(np.abs(r[:, 9]))), "broken": int(d[-1, 10]),
                    "V0": V0, "rows": r})
    sweep_viscous = d[-1, 6] - d[0, 6]
    for o in out:
        o["sweep_viscous"] = sweep_viscous
    return out


def dynamic(data, quick, jobs):
    if quick:
        temps, periods, cycles = [310.0], [125.0, 32.0, 10.0, 4.0], [1.5, 2.5, 3, 3]
        fper, fcyc = [32.0, 10.0, 4.0], [2, 3, 3]
    else:
        temps, periods, cycles = [290.0, 300.0, 310.0], [4000.0, 1000.0, 250.0, 63.0, 16.0, 4.0], \
            [1.5, 2.5, 4, 4, 4, 4]
        fper, fcyc = [250.0, 63.0, 16.0, 4.0], [2, 2, 3, 3]
    tasks = [("T", T, periods, cycles, 0) for T in temps]
    tasks += [("frozen", FROZEN, fper, fcyc, 0), ("relaxed", RELAXED, fper[:1], fcyc[:1], 0),
              ("damped", FROZEN, fper, fcyc, 1)]

    def one(task):
        kind, T, p, c, kd = task
        rrplmp.log(f"dynamic: {kind} sweep at {T:g}, periods {' '.join(f'{x:g}' for x in p)}")
        return kind, sweep(data, T, p, c, kd)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        done = list(pool.map(one, tasks))
    res = {"sweeps": [s for k, s in done if k == "T"], "temps": temps}
    res["frozen"] = next(s for k, s in done if k == "frozen")
    res["relaxed"] = next(s for k, s in done if k == "relaxed")
    res["damped"] = next(s for k, s in done if k == "damped")
    eg, er = res["frozen"][0]["E"], res["relaxed"][0]["E"]
    res["Eg"], res["Er"] = eg, er
    # inertia: the frozen (elastic) specimen's |E*| against its slowest period
    inertia = {f["period"]: f["E"] / eg for f in res["frozen"]}
    pmax = max(inertia)

    def quasi_static(period):
        return period > pmax or abs(inertia.get(period, 1.0) - 1.0) < QS
    res["inertia"], res["quasi_static"] = inertia, quasi_static
    for s in res["sweeps"]:
        for o in s:
            z = parallel(er, eg, o["omega"], o["aT"])
            o["E_pred"], o["phase_pred"] = abs(z), math.degrees(cmath.phase(z))
            o["inertia"] = inertia.get(o["period"], 1.0)
            o["qs"] = quasi_static(o["period"])
    res["spread"] = master_spread(res["sweeps"], lambda o: True)
    res["spread_qs"] = master_spread(res["sweeps"], lambda o: o["qs"])
    res["spread_guided"] = master_spread(res["sweeps"], lambda o: True, guided=True)
    res["spread_qs_guided"] = master_spread(res["sweeps"], lambda o: o["qs"], guided=True)
    return res


def master_spread(sweeps, keep, guided=False):
    """how far the temperatures' curves lie from one another against w a_T: each point of one
    within another's range of reduced frequency, against that one's curve interpolated linearly in
    log(w a_T) (log |E*|, and the phase); the largest and rms relative |E*| and phase differences.
    guided: what is interpolated is the curve's departure from the parallel model (log |E*| over
    the model's, the phase less the model's), a function of w a_T alone for a model that
    superposes exactly; so a peak between two points is followed, not cut by a chord"""
    def val(o):
        if guided:
            return math.log10(o["E"] / o["E_pred"]), o["phase"] - o["phase_pred"]
        return math.log10(o["E"]), o["phase"]
    dE, dd = [], []
    for a in sweeps:
        for b in sweeps:
            if a is b:
                continue
            pts = sorted((math.log10(o["omega"] * o["aT"]),) + val(o) for o in b if keep(o))
            if len(pts) < 2:
                continue
            xb, lb, pb = (np.array(c) for c in zip(*pts))
            for o in a:
                x = math.log10(o["omega"] * o["aT"])
                if not keep(o) or x < xb[0] or x > xb[-1]:
                    continue
                la, pa = val(o)
                dE.append(10.0 ** (la - np.interp(x, xb, lb)) - 1.0)
                dd.append(pa - np.interp(x, xb, pb))
    if not dE:
        return {"n": 0}
    dE, dd = np.array(dE), np.array(dd)
    return {"n": len(dE), "E_max": float(np.max(np.abs(dE))), "E_rms": float(np.sqrt(np.mean(dE ** 2))),
            "phase_max": float(np.max(np.abs(dd))), "phase_rms": float(np.sqrt(np.mean(dd ** 2)))}


# ---------------------------------------------------------------------------------------------
# 2. creep and recovery

def creep(data, quick, jobs):
    ramp, hold, tc, tr = (5.0, 20.0, 60.0, 60.0) if quick else (10.0, 50.0, 300.0, 300.0)
    levels = (0.05, 0.1) if quick else (0.05, 0.1, 0.3)

    def one(stress):
        rrplmp.log(f"creep: stress {stress:g}, held {tc:g}, recovery {tr:g}")
        wd = workdir("creep")
        v = dict(BASE, data=data, visco=VISCO, shift=SHIFT, temp=WLF[2], tseat=TSEAT, seat=0.05, stress=stress,
                 mwall=10.0, ramp=ramp, hold=hold, tcreep=tc, trecover=tr, dt=DT_SMALL, every=50,
                 out="creep.dat")
        text = lmp(wd, os.path.join(EX, "in.creep"), **v)
        d = rows_of(os.path.join(wd, "creep.dat"))
        _, first = np.unique(d[:, 1], return_index=True)
        d = d[np.sort(first)]
        return {"stress": stress, "rows": d, "seated": field(text, "CREEP specimen", "stress"),
                "work": float(np.max(np.abs(d[:, 8]))), "balance": float(np.max(np.abs(d[:, 9]))),
                "broken": int(d[-1, 10])}

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = list(pool.map(one, levels))
    # J(t) = strain/stress from the start of the ramp; sampled on log-spaced times after it
    times = np.unique(np.round(np.geomspace(ramp, ramp + tc, 12 if quick else 16), 6))
    for r in runs:
        d = r["rows"]
        c = d[d[:, 0] == 2]
        r["J"] = np.interp(times, c[:, 1], c[:, 2]) / r["stress"]
        rec = d[d[:, 0] == 3]
        top = np.interp(ramp + tc, c[:, 1], c[:, 2])
        r["strain_top"] = top
        r["strain_end"] = rec[-1, 2]
        r["recovered"] = 1.0 - rec[-1, 2] / top
        tt = rec[:, 1] - (ramp + tc)
        r["recovery"] = (tt, rec[:, 2] / top)
        # the wall's velocity after the ramp (its ringing), as a strain rate
        late = c[c[:, 1] >= 2 * ramp]
        r["ringing"] = float(np.max(np.abs(late[:, 11])))
    return {"runs": runs, "times": times, "ramp": ramp, "tcreep": tc, "trecover": tr}


# ---------------------------------------------------------------------------------------------
# 3. strength against rate

def rates(data, quick, jobs):
    speeds = [0.02, 0.002] if quick else [0.02, 0.0063, 0.002, 0.00063, 0.0002]
    tasks = [(visco, rate) for visco in (VISCO, "") for rate in speeds]

    def one(task):
        visco, rate = task
        rrplmp.log(f"compression at {rate:g}, {'viscoelastic' if visco else 'elastic'} binders")
        wd = workdir("rate")
        v = dict(BASE, data=data, visco=visco, shift=SHIFT, temp=WLF[2], tseat=TSEAT, hold=20.0, rate=rate,
                 emax=0.05, damp="viscous", dampt=0.5, dampr=0.05, dumpevery=10 ** 9, out="compress.dat",
                 breaks="breaks.dump", dump="compress.dump", final="final.dump")
        lmp(wd, os.path.join(EX, "in.compress"), **v)
        d = rows_of(os.path.join(wd, "compress.dat"))
        _, first = np.unique(d[:, 0], return_index=True)
        d = d[np.sort(first)]
        load = d[d[:, 2] > 0]      # after the hold
        ip = int(np.argmax(load[:, 3]))
        work = load[ip, 11]
        return {"visco": bool(visco), "rate": rate, "peak": load[ip, 3], "strain_peak": load[ip, 2],
                "ke_peak": load[ip, 4] / work, "balance": float(np.max(np.abs(d[:, 12] - d[0, 12]))) / d[-1, 11],
                "broken": int(np.sum(d[-1, 13:17])), "viscous": d[-1, 20], "curve": load[:, 2:4],
                "tf": load[ip, 1] - load[0, 1]}

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, tasks))


# ---------------------------------------------------------------------------------------------
# 4. cycles

PEAKS = (0.008, 0.016, 0.024, 0.03, 0.036)


def cycles(data, quick, jobs):
    """the cycles with viscoelastic and with elastic binders, each with rupture and without (the
    critical values 0: the same path, no binder breaks), which tells the ruptures' softening"""
    rate, trest, hold = (0.02, 50.0, 10.0) if quick else (0.004, 200.0, 20.0)

    def one(task):
        visco, breaking = task
        rrplmp.log(f"cycles, {'viscoelastic' if visco else 'elastic'} binders, walls at {rate:g}"
                   + ("" if breaking else ", no rupture"))
        wd = workdir("cyc")
        v = dict(BASE, data=data, visco=visco, shift=SHIFT, temp=WLF[2], tseat=TSEAT, peaks=list(PEAKS), rate=rate,
                 erest=-0.01, trest=trest, reload=0.05, hold=hold, out="cyclic.dat")
        if not breaking:
            v.update(ec=0.0, pc=0.0, bc=0.0, tc=0.0)
        lmp(wd, os.path.join(EX, "in.cyclic"), **v)
        d = rows_of(os.path.join(wd, "cyclic.dat"))
        _, first = np.unique(d[:, 1], return_index=True)
        out = analyse_cycles(d[np.sort(first)], bool(visco))
        out["breaking"] = breaking
        return out

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = list(pool.map(one, ((VISCO, True), (VISCO, False), ("", True), ("", False))))
    for r in runs:
        if not r["breaking"]:
            continue
        intact = next(q for q in runs if q["visco"] == r["visco"] and not q["breaking"])
        for p, q in zip(r["cycles"], intact["cycles"]):
            p["softening"] = 1.0 - p["peak"] / q["peak"]
        r["rest_softening"] = 1.0 - r["reload_at_last_peak"] / intact["reload_at_last_peak"]
    return [r for r in runs if r["breaking"]] + [r for r in runs if not r["breaking"]]


def analyse_cycles(d, visco):
    """per cycle (legs 2k-1 up, 2k down): the walls' work, its parts, the peak, the softening"""
    # columns: leg step time strain stress ke pe released viscous damped work balance broken binders
    legs = {int(l): d[d[:, 0] == l] for l in np.unique(d[:, 0])}
    out = {"visco": visco, "rows": d, "cycles": []}
    n = len(PEAKS)
    for k in range(1, n + 1):
        up, down = legs[2 * k - 1], legs[2 * k]
        # the cycle from the row before its first leg (the end of the one before) to its last row
        before = legs[2 * k - 2][-1]
        end = down[-1]
        delta = end - before
        parts = {"work": delta[10], "viscous": delta[8], "released": delta[7], "damped": delta[9],
                 "stored": delta[5] + delta[6], "broken": int(delta[12])}
        parts["closure"] = (parts["work"] - parts["viscous"] - parts["released"] - parts["damped"] -
                            parts["stored"])
        ip = int(np.argmax(up[:, 4]))
        parts["peak_strain"], parts["peak"] = up[ip, 3], up[ip, 4]
        # the reloading: the stress at the strain of the cycle before's peak, against that peak
        if k > 1:
            prev = out["cycles"][-1]
            parts["reload_ratio"] = float(np.interp(prev["peak_strain"], up[:, 3], up[:, 4])) / prev["peak"]
        # the set: the strain where the unloading's stress falls below 1% of the peak
        off = down[down[:, 4] < 0.01 * parts["peak"]]
        parts["set"] = float(off[0, 3]) if len(off) else 0.0
        out["cycles"].append(parts)
    # the rest and the reload
    last = out["cycles"][-1]
    reload = legs[max(legs)]
    out["reload_at_last_peak"] = float(np.interp(last["peak_strain"], reload[:, 3], reload[:, 4]))
    out["rest_reload_ratio"] = out["reload_at_last_peak"] / last["peak"]
    on = reload[reload[:, 4] > 0.01 * last["peak"]]
    out["rest_set"] = float(on[0, 3]) if len(on) else float("nan")
    up5 = legs[2 * n - 1]
    on5 = up5[up5[:, 4] > 0.01 * last["peak"]]
    out["set_before_rest"] = float(on5[0, 3]) if len(on5) else float("nan")
    out["reload_peak"] = float(np.max(reload[:, 4]))
    # (the balance column counts from the end of the hold, leg 0)
    out["balance"] = float(np.max(np.abs(d[d[:, 0] >= 1, 11]))) / max(float(d[-1, 10]), 1e-300)
    out["balance_cycles"] = float(np.max(np.abs(d[(d[:, 0] >= 1) & (d[:, 0] <= 2 * n), 11]))) / \
        max(float(legs[2 * n][-1, 10]), 1e-300)
    return out


# ---------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="600 spheres, fewer periods, one temperature, "
                    "shorter holds (the test command)")
    ap.add_argument("--n", type=int, help="spheres packed (default 1000; quick 600)")
    ap.add_argument("--data", help="a data file of in.pack to use instead of packing")
    ap.add_argument("--jobs", type=int, default=1, help="LAMMPS runs at a time (each on one core)")
    ap.add_argument("--out", default=os.path.join(rrplmp.TOP, "studies", "composite-viscoelastic"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if not os.path.exists(rrplmp.PLUGIN):
        sys.exit(f"error: plugin {rrplmp.PLUGIN} not found: build first (scripts/build.sh) or set RRP_PLUGIN")
    n = args.n or (600 if args.quick else 1000)
    start = time.time()
    try:
        data = args.data
        if not data:
            rrplmp.log(f"packing {n} spheres")
            wd = workdir("pack")
            lmp(wd, os.path.join(EX, "in.pack"), n=n, data="data.composite")
            data = os.path.join(wd, "data.composite")
        dyn = dynamic(data, args.quick, args.jobs)
        cr = creep(data, args.quick, args.jobs)
        rt = rates(data, args.quick, args.jobs)
        cy = cycles(data, args.quick, args.jobs)
    except RuntimeError as e:
        sys.exit(f"study_composite_viscoelastic.py: {e}")
    elapsed = time.time() - start
    write_outputs(args, n, dyn, cr, rt, cy, elapsed)
    rrplmp.log(f"wrote {args.out}/table.md ({elapsed:.0f} s)")


def write_outputs(args, n, dyn, cr, rt, cy, elapsed):
    cmd = "scripts/study_composite_viscoelastic.py" + (" --quick" if args.quick else "")
    t = [f"# The composite with viscoelastic binders", "",
         f"Generated by `{cmd}` ({n} spheres packed, {elapsed / 60:.1f} min with {args.jobs} job(s)): "
         f"examples/composite, binders `shear linear`, Km = Kt = 10, Ka = Ks = 200 (instantaneous), "
         f"`{VISCO}` (g_inf = {GINF:g}), shift `{SHIFT}`, Kpp = Kpw = 2100, critical values 0.02 0.15 0.15 "
         f"0.25; each test held first at {TSEAT:g} (a_T = {shift_factor(TSEAT):.2g}) so that it starts "
         "relaxed. See README.md for what each number means.", ""]
    # ---- 1
    s0 = dyn["sweeps"][0][0]
    t += ["## 1. Dynamic modulus", "",
          f"Seated at strain {EPRE:g}, amplitude {AMP:g}, dt {DT_SMALL:g}, no damping; fit over the last cycle; "
          f"specimen volume {s0['V0']:.5g}. Glassy |E*| (branches frozen, {FROZEN:g}) E_g = {dyn['Eg']:.5g}, "
          f"relaxed ({RELAXED:g}) E_r = {dyn['Er']:.5g} (at period {dyn['frozen'][0]['period']:g}). "
          "Prediction: the parallel model from E_r, E_g and the series. Transient: the change of the fit "
          "a quarter cycle earlier. Loss check: the walls' work over the last cycle against "
          "pi amp^2 |E*| sin(phase) V0 and the dashpots' work (element 13) over it.", "",
          "| T | a_T | period | cycles | |E*| | phase (deg) | predicted |E*| | predicted phase | inertia | "
          "transient |E*|, phase | walls' work/cycle | pi e0^2 E'' V0 | dashpots/cycle | broken |",
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    csv = ["temp,aT,period,cycles,omega,omega_aT,E,phase,E_pred,phase_pred,inertia,quasi_static,E_early,"
           "phase_early,resid,work_cycle,loss_fit,viscous_cycle,balance,sweep_viscous,broken,kind"]

    def row(o, kind):
        csv.append(f"{o['temp']:g},{o['aT']:.6g},{o['period']:g},{o['cycles']:g},{o['omega']:.8g},"
                   f"{o['omega'] * o['aT']:.8g},{o['E']:.8g},{o['phase']:.6g},{o.get('E_pred', float('nan')):.8g},"
                   f"{o.get('phase_pred', float('nan')):.6g},{o.get('inertia', float('nan')):.6g},"
                   f"{int(o.get('qs', 0))},{o['E_early']:.8g},{o['phase_early']:.6g},{o['resid']:.4g},"
                   f"{o['work_cycle']:.8g},{o['loss_fit']:.8g},{o['viscous_cycle']:.8g},{o['balance']:.4g},"
                   f"{o['sweep_viscous']:.8g},{o['broken']},{kind}")
    for s in dyn["sweeps"]:
        for o in s:
            row(o, "sweep")
            t.append(f"| {o['temp']:g} | {o['aT']:.3g} | {o['period']:g} | {o['cycles']:g} | {o['E']:.4g} | "
                     f"{o['phase']:.2f} | {o['E_pred']:.4g} | {o['phase_pred']:.2f} | {o['inertia']:.3f} | "
                     f"{o['E_early'] / o['E'] - 1:+.1e}, {o['phase_early'] - o['phase']:+.2f} | "
                     f"{o['work_cycle']:.4g} | {o['loss_fit']:.4g} | {o['viscous_cycle']:.4g} | {o['broken']} |")
    for kind in ("frozen", "relaxed", "damped"):
        for o in dyn[kind]:
            row(o, kind)
    t += ["", "References from the same seated state (period, |E*|, phase):", ""]
    for kind, what in (("frozen", f"frozen branches ({FROZEN:g}): the glassy specimen, elastic; |E*| over "
                        "its slowest period is the inertia factor, the phase the fit's floor"),
                       ("relaxed", f"relaxed branches ({RELAXED:g})"),
                       ("damped", "frozen, with the seating's fix rrp/damping viscous 0.5 0.05 kept on: the "
                        "phase is the loss the damping alone adds")):
        t.append(f"- {what}: " + "; ".join(f"{o['period']:g}: {o['E']:.4g}, {o['phase']:.3f} deg"
                                            for o in dyn[kind]))
    t += ["", "Energy balance of each sweep (kinetic + potential + released + dashpots - walls' work, from the "
          "sweep's start), largest over the dashpots' work in the sweep: " +
          ", ".join(f"{s[0]['temp']:g}: {max(o['balance'] for o in s) / s[0]['sweep_viscous']:.2g}"
                    for s in dyn["sweeps"])]
    t += ["", "Master curve (each temperature's points against the others' curves where they overlap in w a_T; "
          "chords: linear in log(w a_T) between the points; guided: the departure from the parallel model "
          "interpolated, so that the loss peak between two points is followed):", "",
          "| points | interpolation | comparisons | |E*| largest | |E*| rms | phase largest (deg) | phase rms |",
          "| --- | --- | --- | --- | --- | --- | --- |"]
    for key, pts, how in (("spread", "all", "chords"), ("spread_qs", "quasi-static", "chords"),
                          ("spread_guided", "all", "guided"), ("spread_qs_guided", "quasi-static", "guided")):
        sp = dyn[key]
        if sp["n"]:
            t.append(f"| {pts} | {how} | {sp['n']} | {sp['E_max']:.3f} | {sp['E_rms']:.3f} | {sp['phase_max']:.2f} | "
                     f"{sp['phase_rms']:.2f} |")
    t.append("")
    t.append(f"(quasi-static: the frozen specimen's inertia below {QS:g})")
    qs = [o for s in dyn["sweeps"] for o in s if o["qs"]]
    if qs:
        t.append(f"- against the parallel model, quasi-static points: |E*| within "
                 f"{max(abs(o['E'] / o['E_pred'] - 1) for o in qs):.3f}, phase within "
                 f"{max(abs(o['phase'] - o['phase_pred']) for o in qs):.2f} deg")
    rrplmp.write_lines(args.out, {"dynamic.csv": csv})

    # ---- 2
    t += ["", "## 2. Creep and recovery", "",
          f"Top wall driven by a force (mass 10), seated at stress 0.05, the stress stepped up within "
          f"{cr['ramp']:g}, held {cr['tcreep']:g}, stepped back and held {cr['trecover']:g}; dt {DT_SMALL:g}, "
          "no damping after the seating. J(t) = strain/stress from the start of the ramp.", "",
          "| t | " + " | ".join(f"J at {r['stress']:g}" for r in cr["runs"]) + " | largest over smallest | "
          "parallel model |",
          "| --- | " + " | ".join("---" for _ in cr["runs"]) + " | --- | --- |"]
    Jp = creep_parallel(dyn["Er"], dyn["Eg"], cr["times"])
    ccsv = ["t," + ",".join(f"J_{r['stress']:g}" for r in cr["runs"]) + ",J_parallel"]
    for k, tt in enumerate(cr["times"]):
        js = [r["J"][k] for r in cr["runs"]]
        t.append(f"| {tt:.4g} | " + " | ".join(f"{j:.5g}" for j in js) + f" | {js[-1] / js[0]:.4f} | {Jp[k]:.5g} |")
        ccsv.append(f"{tt:.8g}," + ",".join(f"{j:.10g}" for j in js) + f",{Jp[k]:.10g}")
    t.append("")
    for r in cr["runs"]:
        t.append(f"- stress {r['stress']:g}: strain at the end of the hold {r['strain_top']:.5g}, after "
                 f"{cr['trecover']:g} of recovery {r['strain_end']:.3g} (recovered {r['recovered']:.4f}); "
                 f"the wall's largest speed after 2 ramps {r['ringing']:.2g}; energy balance within "
                 f"{r['balance']:.2g} (load's work {r['work']:.4g}); {r['broken']} binders broken")
    for r in cr["runs"][1:]:
        ratio = [r2 / r1 for r1, r2 in zip(cr["runs"][0]["J"], r["J"])]
        t.append(f"- linearity: J at {r['stress']:g} over J at {cr['runs'][0]['stress']:g} from "
                 f"{min(ratio):.4f} to {max(ratio):.4f}")
    ccsv.append("# recovered," + ",".join(f"{r['recovered']:.8g}" for r in cr["runs"]))
    ccsv.append("# balance_over_work," + ",".join(f"{r['balance'] / r['work']:.4g}" for r in cr["runs"]))
    ccsv.append("# broken," + ",".join(str(r["broken"]) for r in cr["runs"]))
    rrplmp.write_lines(args.out, {"creep.csv": ccsv})

    # ---- 3
    t += ["", "## 3. Strength against loading rate", "",
          "in.compress, walls at the speed given each, viscous damping 0.5 0.05 (the example's), dt 0.005, "
          "after a hold of 20 at 340. t_f: time from the start of the walls to the peak.", "",
          "| wall speed | peak, viscoelastic | strain | t_f / tau_2 | KE/W | balance | peak, elastic | strain | "
          "KE/W | balance |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    rcsv = ["rate,binder,peak,strain_peak,tf,ke_peak,balance,broken,viscous"]
    speeds = sorted({r["rate"] for r in rt}, reverse=True)
    for rate in speeds:
        v = next(r for r in rt if r["rate"] == rate and r["visco"])
        e = next(r for r in rt if r["rate"] == rate and not r["visco"])
        t.append(f"| {rate:g} | {v['peak']:.4g} | {v['strain_peak']:.4f} | {v['tf'] / SERIES[-1][1]:.3g} | "
                 f"{v['ke_peak']:.3f} | {v['balance']:.2g} | {e['peak']:.4g} | {e['strain_peak']:.4f} | "
                 f"{e['ke_peak']:.3f} | {e['balance']:.2g} |")
    for r in rt:
        rcsv.append(f"{r['rate']:g},{'viscoelastic' if r['visco'] else 'elastic'},{r['peak']:.8g},"
                    f"{r['strain_peak']:.6g},{r['tf']:.6g},{r['ke_peak']:.4g},{r['balance']:.4g},{r['broken']},"
                    f"{r['viscous']:.8g}")
    rrplmp.write_lines(args.out, {"rates.csv": rcsv})

    # ---- 4
    t += ["", "## 4. Cycles", "",
          f"in.cyclic: to the strains {' '.join(f'{p:g}' for p in PEAKS)}, walls' top speed "
          f"{'0.02' if args.quick else '0.004'}, viscous damping 0.5 0.05, a rest off the walls, a reload to 0.05. "
          "Energies of each cycle (from the end of the cycle before to the end of its unloading): the walls' "
          "work = dashpots + ruptures + damping + stored (kinetic + potential change) + closure.", "",
          "Softening: 1 - the peak stress over the same cycle's without rupture (critical values 0, the same "
          "path).", "",
          "| binder | cycle | peak strain | peak stress | softening | reload / last peak | walls' work | dashpots | "
          "ruptures | damping | stored | closure | binders broken | set |",
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    ycsv = ["binder,rupture,cycle,peak_strain,peak,softening,reload_ratio,work,viscous,released,damped,stored,closure,"
            "broken,set"]
    for c in cy:
        name = ("viscoelastic" if c["visco"] else "elastic")
        for k, p in enumerate(c["cycles"], 1):
            rr = p.get("reload_ratio", float("nan"))
            sf = p.get("softening", float("nan"))
            if c["breaking"]:
                t.append(f"| {name} | {k} | {p['peak_strain']:.4f} | {p['peak']:.4g} | {sf:.4f} | {rr:.4f} | "
                         f"{p['work']:.4g} | {p['viscous']:.4g} | {p['released']:.4g} | {p['damped']:.4g} | "
                         f"{p['stored']:.4g} | {p['closure']:.2g} | {p['broken']} | {p['set']:.5f} |")
            ycsv.append(f"{name},{int(c['breaking'])},{k},{p['peak_strain']:.8g},{p['peak']:.8g},{sf:.8g},{rr:.8g},"
                        f"{p['work']:.8g},{p['viscous']:.8g},{p['released']:.8g},{p['damped']:.8g},{p['stored']:.8g},"
                        f"{p['closure']:.6g},{p['broken']},{p['set']:.8g}")
        ycsv.append(f"# {name}{'' if c['breaking'] else '-intact'} rest_reload_ratio {c['rest_reload_ratio']:.8g} "
                    f"set_before_rest {c['set_before_rest']:.8g} rest_set {c['rest_set']:.8g} reload_peak "
                    f"{c['reload_peak']:.8g} balance_cycles {c['balance_cycles']:.4g} balance {c['balance']:.4g}"
                    + (f" rest_softening {c['rest_softening']:.8g}" if c["breaking"] else ""))
    t.append("")
    for c in cy:
        if not c["breaking"]:
            continue
        name = "viscoelastic" if c["visco"] else "elastic"
        intact = next(q for q in cy if q["visco"] == c["visco"] and not q["breaking"])
        t.append(f"- {name}, without rupture: peaks " + ", ".join(f"{p['peak']:.4g}" for p in intact["cycles"]) +
                 f"; dashpots' work per cycle " + ", ".join(f"{p['viscous']:.4g}" for p in intact["cycles"]) +
                 f"; after the rest the reload reaches {intact['rest_reload_ratio']:.4f} of the last peak, the stress "
                 f"rising from strain {intact['rest_set']:.5f} (before the rest {intact['set_before_rest']:.5f})")
    for c in cy:
        if not c["breaking"]:
            continue
        name = "viscoelastic" if c["visco"] else "elastic"
        t.append(f"- {name}: after the rest, the reload reaches {c['rest_reload_ratio']:.4f} of the last cycle's "
                 f"peak stress at its strain (the immediate reloads: "
                 + ", ".join(f"{p['reload_ratio']:.4f}" for p in c["cycles"][1:]) +
                 f"); the stress rises from strain {c['rest_set']:.5f} (before the rest {c['set_before_rest']:.5f}); "
                 f"reload peak {c['reload_peak']:.4g}; at the last peak's strain the reload is softer than without "
                 f"rupture by {c['rest_softening']:.4f}; the budget closes within {c['balance_cycles']:.2g} of the walls' "
                 f"work over the cycles, {c['balance']:.2g} to the end (the reload breaks the specimen)")
    rrplmp.write_lines(args.out, {"cycles.csv": ycsv, "table.md": t})
    figures(args.out, dyn, cr, rt, cy, Jp)


def figures(out, dyn, cr, rt, cy, Jp):
    plt = rrplmp.pyplot()
    if not plt:
        return
    colors = {290.0: "tab:blue", 300.0: "tab:green", 310.0: "tab:red"}
    fig, ax = plt.subplots(2, 2, figsize=(12, 8.5))
    wfine = np.geomspace(1e-4, 1e2, 300)
    for s in dyn["sweeps"]:
        T = s[0]["temp"]
        c = colors.get(T, "k")
        w = np.array([o["omega"] for o in s])
        at = s[0]["aT"]
        E = np.array([o["E"] for o in s])
        ph = np.array([o["phase"] for o in s])
        qs = np.array([o["qs"] for o in s])
        z = np.array([parallel(dyn["Er"], dyn["Eg"], x, at) for x in wfine])
        for k, (x, y) in enumerate(((w, E), (w, ph))):
            ax[0][k].plot(x[qs], y[qs], "o", color=c, label=f"T = {T:g} (a_T = {at:.3g})")
            ax[0][k].plot(x[~qs], y[~qs], "o", mfc="none", color=c)
            ax[0][k].plot(wfine, np.abs(z) if k == 0 else np.degrees(np.angle(z)), "-", color=c, lw=0.8)
            ax[1][k].plot(x * at, y, "o", color=c, label=f"T = {T:g}")
    zm = np.array([parallel(dyn["Er"], dyn["Eg"], x, 1.0) for x in wfine])
    ax[1][0].plot(wfine, np.abs(zm), "k-", lw=0.8, label="parallel model")
    ax[1][1].plot(wfine, np.degrees(np.angle(zm)), "k-", lw=0.8, label="parallel model")
    wf = np.array([o["omega"] for o in dyn["frozen"]])
    ax[0][0].plot(wf, [o["E"] for o in dyn["frozen"]], "ks--", ms=4, label="branches frozen (inertia)")
    ax[0][1].plot(wf, [o["phase"] for o in dyn["damped"]], "k^--", ms=4, label="frozen + fix rrp/damping")
    ax[0][1].plot(wf, [o["phase"] for o in dyn["frozen"]], "ks--", ms=4, label="frozen")
    for a in ax.flat:
        a.set_xscale("log")
        a.legend(fontsize=7)
    ax[0][0].set_ylabel("|E*|")
    ax[0][1].set_ylabel("phase angle (degrees)")
    ax[1][0].set_ylabel("|E*|")
    ax[1][1].set_ylabel("phase angle (degrees)")
    ax[0][0].set_xlabel("omega")
    ax[0][1].set_xlabel("omega")
    ax[1][0].set_xlabel("omega a_T (reduced, T_ref = 300)")
    ax[1][1].set_xlabel("omega a_T (reduced, T_ref = 300)")
    ax[0][0].set_title("dynamic modulus (open: inertia above 2%; lines: parallel model)", fontsize=9)
    ax[1][0].set_title("master curve", fontsize=9)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "dynamic.png"), dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(1, 2, figsize=(12, 4.3))
    for r in cr["runs"]:
        d = r["rows"]
        c = d[d[:, 0] == 2]
        ax[0].plot(c[:, 1], c[:, 2] / r["stress"], label=f"stress {r['stress']:g}")
        tt, y = r["recovery"]
        ax[1].plot(tt, y, label=f"stress {r['stress']:g}")
    ax[0].plot(cr["times"], Jp, "k--", lw=0.8, label="parallel model (from E_r, E_g of the sweep)")
    ax[0].set_xscale("log")
    ax[0].set_xlabel("t (from the start of the ramp)")
    ax[0].set_ylabel("J(t) = strain/stress")
    ax[0].set_title("creep compliance", fontsize=9)
    ax[1].set_xlabel("t after the unloading's start")
    ax[1].set_ylabel("strain / strain at unloading")
    ax[1].set_title("recovery", fontsize=9)
    for a in ax:
        a.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "creep.png"), dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(1, 2, figsize=(12, 4.3))
    for visco, c in ((True, "tab:red"), (False, "tab:blue")):
        rr = sorted((r for r in rt if r["visco"] == visco), key=lambda r: r["rate"])
        ax[0].plot([r["rate"] for r in rr], [r["peak"] for r in rr], "o-", color=c,
                   label="viscoelastic" if visco else "elastic")
        for r in rr:
            ax[1].plot(r["curve"][:, 0], r["curve"][:, 1], color=c, lw=0.8,
                       alpha=min(1.0, 0.35 + 0.65 * math.log10(r["rate"] / min(q["rate"] for q in rr)) / 2.0))
    ax[0].set_xscale("log")
    ax[0].set_xlabel("wall speed")
    ax[0].set_ylabel("peak stress")
    ax[0].legend(fontsize=7)
    ax[1].set_xlabel("strain")
    ax[1].set_ylabel("stress")
    ax[1].set_title("red: viscoelastic, blue: elastic; darker: faster", fontsize=9)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "rates.png"), dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(1, 2, figsize=(12, 4.3))
    for c in cy:
        d = c["rows"]
        m = d[:, 0] >= 1
        ax[0].plot(d[m, 3], d[m, 4], color="tab:red" if c["visco"] else "tab:blue", lw=0.8 if c["breaking"] else 0.6,
                   ls="-" if c["breaking"] else ":",
                   label=("viscoelastic" if c["visco"] else "elastic") + ("" if c["breaking"] else ", no rupture"))
    ax[0].set_xlabel("strain")
    ax[0].set_ylabel("stress")
    ax[0].set_title("cycles, rest, reload", fontsize=9)
    ax[0].legend(fontsize=7)
    v = next(c for c in cy if c["visco"] and c["breaking"])
    k = np.arange(1, len(v["cycles"]) + 1)
    bottom = np.zeros(len(k))
    for key, col in (("viscous", "tab:red"), ("released", "tab:orange"), ("damped", "tab:gray"),
                     ("stored", "tab:green")):
        y = np.array([p[key] for p in v["cycles"]])
        ax[1].bar(k, y, bottom=bottom, color=col, label=key)
        bottom += y
    ax[1].plot(k, [p["work"] for p in v["cycles"]], "k_", ms=20, mew=2, label="walls' work")
    ax[1].set_xlabel("cycle (viscoelastic binders)")
    ax[1].set_ylabel("energy")
    ax[1].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "cycles.png"), dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
