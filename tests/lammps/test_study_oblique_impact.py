"""scripts/study_oblique_impact.py --quick: the oblique impact of an elastic frictional sphere on a
fixed large sphere (Hertz + Mindlin no-slip stiffness + Coulomb limit, no damping) at six impact
angles, with pair rrp/hertz (contact lammps) and LAMMPS's pair granular. The test recomputes
every number it checks from the raw final velocities and the parameters in impact.csv:

- rrp/hertz and pair granular end in the same state to 1e-9 relative;
- the normal rebound is elastic (e = 1) within the curvature's share eps (below);
- in gross sliding the contact point's rebound velocity and the spin are the Coulomb result
  (tangential impulse MU times the normal one, 2 m u0) with the torque's arm R - delta/2, within
  eps, and the rigid-body result within that arm's correction (derived here) plus eps;
- kinetic energy lost = the works of compute rrp/energy (slip + exchange) at every angle, to the
  integrator's order; at small angles the loss is not slip (this law's exchange: a stiffness that
  follows the contact radius at a fixed history);
- at the smallest angle Psi2/Psi1 is the limit of the law sticking throughout, integrated here.
Plain Python (no numpy)."""
import csv
import math
import os
import subprocess
import sys

import rrptest as t

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOL_CODES = 1e-9            # rrp/hertz (contact lammps) against pair granular
QUICK_STEPS = 400           # steps per Hertz contact time with --quick
# the Hertz contact time over delta_max/u0: 2 int_0^1 dx/sqrt(1 - x^(5/2))
HERTZ_TIME = 0.8 * math.gamma(0.4) * math.gamma(0.5) / math.gamma(0.9)
# int_0^1 x^(5/2)/sqrt(1 - x^(5/2)) dx = (2/5) B(7/5, 1/2): int delta Fn dt = m u0 delta_max B
BETA = math.gamma(1.4) * math.gamma(0.5) / math.gamma(1.9)

out = t.workdir("study-oblique")
p = subprocess.run([sys.executable, os.path.join(TOP, "scripts", "study_oblique_impact.py"),
                    "--quick", "--out", out], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                   text=True, timeout=600, env=dict(os.environ))
t.check("study_oblique_impact.py --quick runs", p.returncode == 0,
        p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "")
for name in ("table.md", "impact.csv"):
    t.check(f"{name} is written", os.path.exists(os.path.join(out, name)))
try:
    import matplotlib  # noqa: F401
    t.check("the figure oblique-impact.png is made",
            os.path.exists(os.path.join(out, "oblique-impact.png")))
except ImportError:
    print("(no matplotlib: the figure is not checked)")

path = os.path.join(out, "impact.csv")
rows = []
if os.path.exists(path):
    with open(path) as fh:
        rows = [{k: (v if k == "regime" else float(v)) for k, v in r.items()}
                for r in csv.DictReader(fh)]
angles = [r["angle_deg"] for r in rows]
t.check("at least 6 angles from at most 1 to at least 89 degrees", len(rows) >= 6 and angles and
        min(angles) <= 1 and max(angles) >= 89, str(angles))
if not rows:
    t.finish()

P = rows[0]
R, RB, M, KAPPA, KN, KT, MU, CHI = (P[k] for k in ("R", "RB", "mass", "kappa", "kn", "kt", "mu",
                                                    "chi"))
REFF = R * RB / (R + RB)
K1 = KN * math.sqrt(REFF)                 # F_n = kn sqrt(R*) delta^(3/2)
INERTIA = KAPPA * M * R * R
t.check("the parameters: a solid sphere (kappa 2/5), chi = 2(1-nu)/(2-nu), KT = 1.5 chi kn "
        "(Hertz-Mindlin for one material: kn = 4/3 E*, KT = 8 G*)", abs(KAPPA - 0.4) < 1e-15 and
        abs(CHI - 2 * (1 - P["nu"]) / (2 - P["nu"])) < 1e-15 and
        abs(KT / (1.5 * CHI * KN) - 1) < 1e-14, f"kappa {KAPPA}, chi {CHI}, KT/kn {KT / KN}")


def hertz(u0):
    """the largest overlap and the contact time of the normal Hertz impact at speed u0"""
    dmax = (1.25 * M * u0 * u0 / K1) ** 0.4
    return dmax, HERTZ_TIME * dmax / u0


def curvature(r):
    """eps: the normal turns by phi = w0 t_c/(R + RB) over the contact (the sphere's centre moves
    w0 t_c along the fixed sphere); the contact's impulses then lean by up to phi from a flat
    plane's, and the frame the rebound is read in has turned by phi, each moving the velocities
    by up to w0 phi: a fraction w0 phi/u0 of the normal speed. Tolerance 2 eps (the two effects)."""
    _, tc = hertz(r["u0"])
    return r["w0"] ** 2 * tc / ((R + RB) * r["u0"])


def normalised(r, code):
    u0 = r["u0"]
    return (CHI * (r[f"vy_{code}"] + R * r[f"wz_{code}"]) / (MU * u0),
            -R * r[f"wz_{code}"] / (MU * u0), -r[f"vx_{code}"] / u0)


# 1. the two codes
worst = max(abs(r[f"{q}_rrp"] - r[f"{q}_gran"]) / abs(r[f"{q}_gran"])
            for r in rows for q in ("vx", "vy", "wz"))
t.check("rrp/hertz (contact lammps) and pair granular: final velocity and spin within "
        f"{TOL_CODES:g} "
        "relative at every angle", worst <= TOL_CODES, f"worst {worst:.2g}")
worst_n = max(max(abs(a - b) for a, b in zip(normalised(r, "rrp"),
                                              (r["psi2_rrp"], r["omega_rrp"], r["e_rrp"])))
              for r in rows)
t.check("the driver's Psi2, Omega and e are those of the final velocities", worst_n < 1e-12,
        f"{worst_n:.2g}")
resolved = min(r["contact_steps"] for r in rows)
t.check("each collision resolved by the --quick number of steps (the contact's steps counted) and "
        "over when read (the spheres apart)", resolved >= 0.95 * QUICK_STEPS and
        min(r["gap_rrp"] for r in rows) > 0, f"fewest steps in contact {resolved:g}")

# 2. elastic normal rebound
bad = [(r["angle_deg"], normalised(r, "rrp")[2] - 1, curvature(r)) for r in rows
       if not abs(normalised(r, "rrp")[2] - 1) <= 2 * curvature(r) + 1e-8]
t.check("normal restitution 1 within 2 eps (curvature) + 1e-8 at every angle", not bad,
        ", ".join(f"{a:g} deg: e-1 {d:.2g}, eps {c:.2g}" for a, d, c in bad) or
        "e-1: " + ", ".join(f"{normalised(r, 'rrp')[2] - 1:.2g}" for r in rows))

# 3. gross sliding: the thresholds of this law (the spring KT a xi is at its limit MU kn a delta
#    while |xi| = MU kn delta/KT): slipping from the start where KT V_c > MU kn u0; sliding to the
#    end where V_c, falling by MU (1 + 1/kappa) per unit of normal velocity lost, stays above
#    (MU kn/KT) u down to u = -u0: Psi1 >= chi (2 (1 + 1/kappa) - kn/KT)
slide_from = CHI * (2 * (1 + 1 / KAPPA) - KN / KT)
sliding = [r for r in rows if r["psi1"] >= slide_from]
t.check("at least one angle slides throughout", len(sliding) >= 1, f"Psi1 from {slide_from:.6g}")
for r in sliding:
    psi1 = CHI * r["w0"] / (MU * r["u0"])
    psi2, omega, _ = normalised(r, "rrp")
    dmax, _ = hertz(r["u0"])
    # R omega' = -(MU R/I) int (R - delta/2) Fn dt; the arm's part (MU/kappa) u0 (delta_max/2R) B
    back = 0.5 * (dmax / R) * BETA / KAPPA
    rigid_psi2, rigid_omega = psi1 - CHI * 2 * (1 + 1 / KAPPA), 2 / KAPPA
    arm_psi2, arm_omega = rigid_psi2 + CHI * back, rigid_omega - back
    eps = curvature(r)
    d_arm = max(abs(psi2 - arm_psi2) / abs(arm_psi2 - psi1), abs(omega / arm_omega - 1))
    t.check(f"{r['angle_deg']:g} deg (Psi1 {psi1:.4g}), sliding: Psi2 and Omega the Coulomb "
            "result with the torque's arm within 2 eps + 1e-7", d_arm <= 2 * eps + 1e-7,
            f"{d_arm:.2g} (change of Psi2 {psi2 - psi1:.10g}, Omega {omega:.10g}); eps {eps:.2g}")
    d_rigid = max(abs(psi2 - rigid_psi2) / abs(rigid_psi2 - psi1), abs(omega / rigid_omega - 1))
    arm_share = back / (2 * (1 + 1 / KAPPA))
    t.check(f"{r['angle_deg']:g} deg, sliding: Psi2 the rigid-body Coulomb result "
            "Psi1 - 2 chi (1 + 1/kappa) within the arm's share (delta_max/2R) B/(2 (1 + kappa)) "
            "+ 2 eps + 1e-7", d_rigid <= back / (2 / KAPPA) + 2 * eps + 1e-7 and
            d_rigid >= 0.5 * arm_share,
            f"{d_rigid:.3g}; arm's share {arm_share:.3g} of the change of Psi2, "
            f"{back / (2 / KAPPA):.3g} of Omega")

# 4. the energy: kinetic in = kinetic out + slip + exchange (compute rrp/energy 15 and 18)
worst_e, loss = 0.0, {}
for r in rows:
    ke_in = 0.5 * M * (r["u0"] ** 2 + r["w0"] ** 2)
    ke_out = 0.5 * M * (r["vx_rrp"] ** 2 + r["vy_rrp"] ** 2) + 0.5 * INERTIA * r["wz_rrp"] ** 2
    worst_e = max(worst_e, abs(ke_in - ke_out - r["slip_work_rrp"] - r["exchange_rrp"]) / ke_in)
    loss[r["angle_deg"]] = ((ke_in - ke_out) / ke_in, r["slip_work_rrp"] / ke_in,
                            r["exchange_rrp"] / ke_in)
t.check("kinetic energy in = out + slip + exchange works at every angle, to (dt/t_c)^2 = "
        f"{QUICK_STEPS ** -2:.2g}", worst_e <= QUICK_STEPS ** -2,
        f"worst {worst_e:.2g} of the energy")
small = [r for r in rows if r["psi1"] < CHI * KN / KT]
ok = small and all(loss[r["angle_deg"]][1] < 0.1 * loss[r["angle_deg"]][0] for r in small)
t.check("sticking at the start (Psi1 < chi kn/KT = 2/3): the energy lost is not slip (slip under "
        "a tenth); it is the exchange", bool(ok),
        "; ".join(f"{a:g} deg: lost {v[0]:.3g}, slip {v[1]:.3g}, exchange {v[2]:.3g}"
                  for a, v in sorted(loss.items()) if any(r["angle_deg"] == a for r in small)))


# 5. the small-angle limit: the law sticking throughout (no limit), integrated here (leapfrog,
#    20000 steps over the contact, on a flat plane)
def sticking_ratio(steps=20000):
    u0 = 1.0
    _, tc = hertz(u0)
    h = tc / steps
    d, u, xi, w, rw, fn, ft = 0.0, u0, 0.0, 1.0, 0.0, 0.0, 0.0
    while True:
        u -= 0.5 * h * fn / M
        w += 0.5 * h * ft / M
        rw += 0.5 * h * ft * R * (R - 0.5 * d) / INERTIA
        d += h * u
        xi += h * (w + rw)
        if d <= 0.0:
            return (w + rw) / 1.0, -rw
        fn, ft = K1 * d ** 1.5, -KT * math.sqrt(REFF * d) * xi
        u -= 0.5 * h * fn / M
        w += 0.5 * h * ft / M
        rw += 0.5 * h * ft * R * (R - 0.5 * d) / INERTIA


ratio, spin = sticking_ratio()
first = min(rows, key=lambda r: r["psi1"])
psi2, omega, _ = normalised(first, "rrp")
t.check(f"{first['angle_deg']:g} deg (Psi1 {first['psi1']:.3g}): Psi2/Psi1 and Omega/Psi1 the "
        "sticking limit within 1e-3", abs(psi2 / first["psi1"] / ratio - 1) <= 1e-3 and
        abs(omega / first["psi1"] / (spin / CHI) - 1) <= 1e-3,
        f"Psi2/Psi1 {psi2 / first['psi1']:.6f} against {ratio:.6f}; "
        f"Omega/Psi1 {omega / first['psi1']:.6f} against {spin / CHI:.6f}")
t.finish()
