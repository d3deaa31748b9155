"""scripts/calibrate_composite.py --dynamic: the binders' relaxation series for a target table of
the composite's |E*| and phase angle over frequency. Its pieces against exact answers (the
phasor fit of a sampled sinusoid with a drift, the non-negative least squares, the series fit
recovering a known series), bad target files refused; then end to end on a small packing: a
target measured on the specimen with a series the calibration is not told (the "material"),
the calibration from the example's elastic binders reaches it within 3% in |E*| and 1.5 degrees in
phase, and a target row below what the elastic contacts alone hold is named as out of reach."""
import math
import os
import sys

import rrptest as t

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import calibrate_composite as cal  # noqa: E402

# 1. the phasor of c0 + c1 t + Re(Y exp(i w t)), sampled over one period
w = 2 * math.pi / 7.0
Y = complex(0.3, -1.7)
ts = [7.0 * k / 100 for k in range(101)]
ys = [0.5 + 0.02 * x + (Y * complex(math.cos(w * x), math.sin(w * x))).real for x in ts]
got = cal.phasor(ts, ys, w)
t.check("phasor: the complex amplitude of a sampled sinusoid with a mean and a drift", abs(got - Y) < 1e-12,
        f"{got} for {Y}")

# 2. non-negative least squares against the exhaustive answer of a small problem
A = [[1.0, 2.0, 0.5], [0.3, -1.0, 2.0], [2.0, 0.1, 1.0], [-1.0, 1.0, 0.2]]
b = [1.0, -2.0, 3.0, 0.5]
x = cal._nnls(A, b)


def cost(v):
    return sum((sum(a * vi for a, vi in zip(row, v)) - bi) ** 2 for row, bi in zip(A, b))


best = None
for mask in range(8):
    cols = [j for j in range(3) if mask >> j & 1]
    if not cols:
        v = [0.0, 0.0, 0.0]
    else:
        z = cal._lstsq([[row[j] for j in cols] for row in A], b)
        if min(z) < 0:
            continue
        v = [0.0] * 3
        for j, zj in zip(cols, z):
            v[j] = zj
    if best is None or cost(v) < cost(best):
        best = v
t.check("non-negative least squares: the best of every active set", min(x) >= 0 and abs(cost(x) - cost(best)) < 1e-12,
        f"x {x}, cost {cost(x):.6g} against {cost(best):.6g}")

# 3. the series fit recovers a series whose times are on its grid
taus = [0.5, 5.0, 50.0]
truth = (0.2, [0.5, 0.1, 0.2])    # g_inf, weights
omegas = [10 ** (-2 + 0.3 * k) for k in range(12)]
Z = [1.7 * (truth[0] + sum(g * 1j * o * tau / (1 + 1j * o * tau) for g, tau in zip(truth[1], taus))) for o in omegas]
s, ginf, terms, resid = cal.fit_series(omegas, Z, [0.05] + taus + [500.0])
dev = max(abs(s - 1.7) / 1.7, abs(ginf - 0.2), max(abs(g - dict(zip(taus, truth[1])).get(tau, 0.0)) for g, tau in terms))
t.check("the series fit recovers a known series (scale, long-term part, weights)", dev < 1e-8 and max(resid) < 1e-9,
        f"scale {s:.12g}, g_inf {ginf:.12g}, terms {terms}; largest deviation {dev:.3g}")

# 4. bad target files
wd = t.workdir("calibrate-dynamic")
for name, text, msg in (("a phase of 90 degrees", "0.1 100 90\n0.2 120 10\n", "the phase in [0, 90)"),
                        ("a negative modulus", "0.1 -100 10\n0.2 120 10\n", "must be > 0"),
                        ("one row", "0.1 100 10\n", "at least two rows")):
    path = os.path.join(wd, "bad.txt")
    with open(path, "w") as fh:
        fh.write(text)
    try:
        cal.read_target(path)
        t.check(f"a target file with {name} is refused", False, "accepted")
    except ValueError as e:
        t.check(f"a target file with {name} is refused", msg in str(e), str(e))

# 5. end to end on a small packing
data = cal.pack(600, wd=wd)
material = dict(cal.BASE, shear="linear")
for k in ("km", "ka", "ks"):
    material[k] *= 2.0
material["kt"] = material["km"]
periods = [10.0, 30.0]
truth_rows = cal.dynamic(data, material, periods, [3, 3], visco="prony all 0.4 2.0 0.3 20.0 0.2 200.0")
target = [(1.0 / r["period"], r["E"], r["phase"]) for r in truth_rows]
# a row no series reaches: a storage modulus below the contacts' alone
target.append((1.0 / 60.0, 0.1 * truth_rows[-1]["E"], 5.0))
lines = []
params, visco, rows, unreachable, how = cal.calibrate_dynamic(target, data, iterations=3, report=lines.append)
print("\n".join(lines))
reached = [r for r in rows if r["f"] != 1.0 / 60.0]
eE = max(abs(r["got_E"] / r["E"] - 1) for r in reached)
ePh = max(abs(r["got_phase"] - r["phase"]) for r in reached)
t.check("the calibrated specimen meets the target within 3% in |E*| and 1.5 degrees in phase",
        eE < 0.03 and ePh < 1.5 and all(r["broken"] == 0 for r in rows),
        f"largest errors {eE:.2%}, {ePh:.2f} deg after {len(how['iterations'])} measurements: {visco}")
t.check("the row below the contacts' modulus is named as out of reach",
        any("below the contacts'" in u or "at or below the contacts'" in u for u in unreachable),
        "; ".join(unreachable) or "nothing named")
t.check("the contacts alone hold less than the whole specimen (M_c between 0 and M(1))",
        0 < how["Mc"] < how["points"][1.0], f"M_c {how['Mc']:.5g}, M(1) {how['points'][1.0]:.5g}")
t.finish()
