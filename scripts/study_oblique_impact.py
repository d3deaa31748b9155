#!/usr/bin/env python3
"""The oblique impact of elastic frictional spheres (the benchmark of Maw, Barber and Fawcett and
of Thornton, Cummins and Cleary): pair_style rrp/hertz friction mindlin against LAMMPS's pair
granular with the same sub-models, and against the theory (studies/oblique-impact/).

  study_oblique_impact.py [--quick] [--out DIR]

A sphere (radius R = 0.5, mass 1, no spin) hits a fixed sphere of radius RB = 100 (not
integrated: a plane to within its curvature) at speed V = 1 and the impact angle theta from the
normal (normal speed u0 = V cos theta, tangential w0 = V sin theta). Hertz normal force, Mindlin
no-slip tangential stiffness (KT a, a the contact radius) held to the Coulomb limit MU Fn, no
damping, no rolling or twisting resistance. (Two identical spheres meeting point-symmetrically
are not used: their line of centres turns by about w0 t_c/R during a grazing impact, which at 89
degrees moves the rebound by tens of per cent.) Each angle is run twice under fix nve/sphere:

- pair_style rrp/hertz friction mindlin KT MU contact lammps (pair_coeff K = kn sqrt(R*) A^5/2);
- pair_style granular, hertz kn 0, tangential mindlin KT 0 MU, damping velocity;

with a time step of 1/N of the Hertz contact time (N = 2000, --quick 400). The rebound is read
after the spheres separate, in Thornton's normalised variables (chi = 2(1-nu)/(2-nu), the
Hertz-Mindlin ratio of the tangential to the normal contact stiffness for one material):

  Psi1 = chi V_c/(MU u0),  Psi2 = chi V_c'/(MU u0)   (V_c = w + R omega_z: the contact point's
                                                      tangential velocity; ' after the impact)
  Omega = -R omega_z'/(MU u0)   (the rebound spin)

and compared with (1) gross sliding throughout the impact: the rigid-body Coulomb result
Psi2 = Psi1 - chi (1 + e)(1 + 1/kappa), Omega = (1 + e)/kappa, kappa = I/(m R^2) = 2/5, e = 1,
and the same with the torque's arm R - delta/2 (the contact plane) integrated over the Hertz
impact; (2) the model in continuous time: the normal Hertz motion and the capped tangential
spring integrated here in Python with a fine step (no LAMMPS), which gives the whole curve and,
without the cap, its limit for small angles (sticking throughout).

Writes table.md, impact.csv (one row per angle) and (with matplotlib) oblique-impact.png into
--out (default studies/oblique-impact). Progress on stderr. Needs numpy."""
import argparse
import math
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402

np = rrplmp.need("numpy")

TOP = rrplmp.TOP
R = 0.5                        # sphere radius
# the fixed sphere's radius (the "plane"): its curvature turns the normal by w0 t_c/(R + RB)
# over a contact, which moves the rebound off a flat plane's by about the fraction
# eps = (w0/u0)^2 u0 t_c/(R + RB) (column curvature); the round-off of the overlap,
# ulp(R + RB)/delta, grows with it (2e-16 R/delta would be the two spheres' own)
RB = 100.0
MASS = 1.0                     # sphere mass (density 6/pi at diameter 1)
KAPPA = 0.4                    # I/(m R^2) of a solid sphere
SPEED = 1.0                    # each sphere's impact speed
NU = 0.3                       # Poisson's ratio of the material the stiffnesses stand for
MU = 0.4                       # friction coefficient
KN = 1.0e8                     # LAMMPS hertz kn: F = kn sqrt(R*) delta^3/2 (4/3 E*)
CHI = 2.0 * (1.0 - NU) / (2.0 - NU)
# Hertz-Mindlin for one material: kn = 4/3 E*, KT = 8 G*, so KT/kn = 6 G*/E* = 3(1-nu)/(2-nu)
# = 1.5 chi (the tangential over the normal incremental stiffness, KT a over 3/2 kn a, is chi)
KT = 1.5 * CHI * KN
REFF = R * RB / (R + RB)
K_RRP = KN * math.sqrt(REFF) * (R + RB) ** 2.5  # rrp/hertz's pair_coeff: F = K/A (delta/A)^3/2
# the normal force K1 delta^3/2 (kn a delta, a = sqrt(R* delta))
K1 = KN * math.sqrt(REFF)
ANGLES = (1, 2, 4, 6, 8, 10, 12, 15, 18, 21, 24, 27, 30, 35, 40, 45, 50, 55, 60, 65, 68, 70, 75,
          80, 85, 89)
QUICK_ANGLES = (1, 5, 20, 45, 75, 89)
# the Hertz impact's time over d_max/u0: 2 int_0^1 dx/sqrt(1 - x^5/2) = 2 B(2/5, 1/2)/(5/2)
HERTZ_TIME = 0.8 * math.gamma(0.4) * math.gamma(0.5) / math.gamma(0.9)

INPUT = """
plugin load     ${plugin}
units           lj
atom_style      sphere
atom_modify     map array
boundary        f f f
region          box block -2 ${xb} -2 2 -2 2
create_box      1 box
create_atoms    1 single -0.5 0.0 0.0
create_atoms    1 single ${rb} 0.0 0.0
set             atom 1 diameter 1.0 density ${rho}
set             atom 2 diameter ${db} density ${rho}
velocity        all set 0 0 0
set             atom 1 vx ${u} vy ${w}
comm_modify     vel yes
neighbor        0.05 nsq
neigh_modify    every 1 delay 0 check yes
${pair}
# the large sphere is not integrated: it stays put, as a plane would
group           small id 1
fix             1 small nve/sphere
timestep        ${dt}
# the steps in contact: the mean over the run of 1 while the spheres overlap
variable        touch equal (x[2]-x[1])<(0.5+${rb})
fix             cnt all ave/time 1 ${nsteps} ${nsteps} v_touch
${energy}
thermo_modify   norm no format float %.17g
thermo          ${nsteps}
run             ${nsteps}
write_dump      all custom end.dump id x vx vy omegaz modify sort id format float %.17g
variable        ncontact equal f_cnt*${nsteps}
print           "END ${ncontact}"
"""
# rrp/hertz's works (compute rrp/energy 15 slip, 18 exchange), summed over the run, in the
# last thermo line
ENERGY = ("compute         e all rrp/energy\n"
          "thermo_style    custom step pe c_e[15] c_e[18]")


def pair_lines(code):
    if code == "rrp":
        return (f"pair_style      rrp/hertz friction mindlin {KT!r} {MU!r} contact lammps\n"
                f"pair_coeff      * * {K_RRP!r}")
    return (f"pair_style      granular\npair_coeff      * * hertz {KN!r} 0.0 tangential mindlin "
            f"{KT!r} 0.0 {MU!r} damping velocity")


def hertz_max(u0):
    """the largest overlap delta at normal speed u0 (1/2 m u0^2 = 2/5 K1 delta^5/2) and the
    contact's duration"""
    dmax = (1.25 * MASS * u0 * u0 / K1) ** 0.4
    return dmax, HERTZ_TIME * dmax / u0


def run_case(code, theta, per_contact):
    """one impact at theta (degrees) with pair rrp/hertz (code rrp) or granular: the final
    velocities and spins of both spheres, the gap, the steps in contact and rrp's works"""
    th = math.radians(theta)
    u0, w0 = SPEED * math.cos(th), SPEED * math.sin(th)
    _, tc = hertz_max(u0)
    dt = tc / per_contact
    nsteps = int(math.ceil(1.15 * per_contact)) + 10
    wd = tempfile.mkdtemp(prefix="rrp-oblique-")
    path = os.path.join(wd, "in.lmp")
    with open(path, "w") as fh:
        fh.write(INPUT.replace("${pair}", pair_lines(code))
                 .replace("${energy}", ENERGY if code == "rrp" else
                          "thermo_style    custom step pe"))
    out = rrplmp.run_lmp(wd, path, rho=repr(6.0 / math.pi), u=repr(u0), w=repr(w0),
                         dt=repr(dt), nsteps=nsteps, rb=repr(RB), db=repr(2 * RB),
                         xb=repr(RB + 2.0))
    # the final state (atoms 1 and 2: x vx vy omegaz), the steps in contact, rrp's works
    with open(os.path.join(wd, "end.dump")) as fh:
        lines = fh.read().splitlines()
    shutil.rmtree(wd, ignore_errors=True)
    k = next(i for i, l in enumerate(lines) if l.startswith("ITEM: ATOMS"))
    (x1, vx1, vy1, wz1), (x2, vx2, vy2, wz2) = ([float(v) for v in l.split()[1:]]
                                                for l in lines[k + 1:k + 3])
    end = next(l for l in out.splitlines() if l.startswith("END "))
    last = rrplmp.last_thermo(out)[-1]
    works = last[2:4] if code == "rrp" else [0.0, 0.0]
    vals = [vx1, vy1, wz1, vx2, vy2, wz2, x2 - x1 - R - RB, float(end.split()[1])] + works
    keys = ("vx1", "vy1", "wz1", "vx2", "vy2", "wz2", "gap", "ncontact", "slip", "exchange")
    res = dict(zip(keys, vals))
    res.update(u0=u0, w0=w0, dt=dt, nsteps=nsteps)
    return res


def normalised(res):
    """Psi2, Omega, the centre's rebound angle (degrees) and the normal restitution e"""
    u0 = res["u0"]
    vc = res["vy1"] + R * res["wz1"]
    return {"psi2": CHI * vc / (MU * u0), "omega": -R * res["wz1"] / (MU * u0),
            "theta_r": math.degrees(math.atan2(res["vy1"], -res["vx1"])), "e": -res["vx1"] / u0}


def sliding_theory(psi1, u0):
    """gross sliding throughout an elastic impact: the tangential impulse MU times the normal one
    (2 m u0). Rigid body: Psi2 = Psi1 - chi (1 + e)(1 + 1/kappa), Omega = (1 + e)/kappa. With
    the torque's arm R - delta/2 (the law's: the middle of the overlap) over the Hertz impact,
    int delta Fn dt = m u0 delta_max B(7/5, 1/2), and R omega' = -(MU R/I) int (R - delta/2) Fn
    dt gives back (MU/kappa) u0 (delta_max/2R) B."""
    rigid_psi2 = psi1 - CHI * 2.0 * (1.0 + 1.0 / KAPPA)
    rigid_omega = 2.0 / KAPPA
    dmax, _ = hertz_max(u0)
    beta = math.gamma(1.4) * math.gamma(0.5) / math.gamma(1.9)
    back = 0.5 * (dmax / R) * beta / KAPPA
    return rigid_psi2, rigid_omega, rigid_psi2 + CHI * back, rigid_omega - back


def model_ode(theta, steps, cap=True):
    """The model in continuous time, integrated here (no LAMMPS): the overlap delta
    (m delta'' = -K1 delta^3/2), the spring's history xi (xi' = V_c, the sliding velocity at
    LAMMPS's contact point: F_t = -KT a xi, a = sqrt(R* delta)), the contact point's velocity
    V_c = w + R omega (m V_c' = F_t (1 + m R (R - delta/2)/I): the torque at the middle of the
    overlap); with cap the spring is held to |F_t| <= MU Fn, i.e. |xi| <= MU kn delta/KT, the
    plane taken flat. A leapfrog of `steps` steps over the Hertz time. Returns Psi2, Omega."""
    th = math.radians(theta)
    u0, w0 = SPEED * math.cos(th), SPEED * math.sin(th)
    _, tc = hertz_max(u0)
    h = tc / steps
    inertia = KAPPA * MASS * R * R
    d, u, xi, w, rw = 0.0, u0, 0.0, w0, 0.0     # rw: R omega_z
    fn, ft = 0.0, 0.0
    while True:
        # kick (half), drift, the forces at the new overlap (the spring advanced by the drift's
        # sliding and held to its limit), kick (half)
        u -= 0.5 * h * fn / MASS
        w += 0.5 * h * ft / MASS
        rw += 0.5 * h * ft * R * (R - 0.5 * d) / inertia
        d += h * u
        xi += h * (w + rw)
        if d <= 0.0:
            break
        fn, a = K1 * d ** 1.5, math.sqrt(REFF * d)
        ft = -KT * a * xi
        if cap and abs(ft) > MU * fn:
            ft = math.copysign(MU * fn, ft)
            xi = -ft / (KT * a)
        u -= 0.5 * h * fn / MASS
        w += 0.5 * h * ft / MASS
        rw += 0.5 * h * ft * R * (R - 0.5 * d) / inertia
    return CHI * (w + rw) / (MU * u0), -rw / (MU * u0)


def rel(a, b):
    return abs(a - b) / max(abs(b), 1e-300)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true",
                    help=f"{len(QUICK_ANGLES)} angles, 400 steps per contact (the test command)")
    ap.add_argument("--out", default=os.path.join(TOP, "studies", "oblique-impact"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if not os.path.exists(rrplmp.PLUGIN):
        sys.exit(f"error: plugin {rrplmp.PLUGIN} not found: build first (scripts/build.sh) or set "
                 "RRP_PLUGIN")
    angles = QUICK_ANGLES if args.quick else ANGLES
    per_contact = 400 if args.quick else 2000
    ode_steps = 20000 if args.quick else 100000
    start = time.time()

    # the thresholds of this law (the spring KT a xi, xi the whole displacement, at the limit
    # MU Fn while |xi| = MU kn d/KT): sticking at the start while KT V_c < MU kn u0, i.e.
    # Psi1 < 2/3; sliding throughout while V_c stays above (MU kn/KT) u to the end (u = -u0),
    # i.e. Psi1 >= chi (1 + e)(1 + 1/kappa) - 2/3
    stick_start = CHI * KN / KT
    slide_all = CHI * 2.0 * (1.0 + 1.0 / KAPPA) - CHI * KN / KT
    _, ode_limit_omega = model_ode(1.0, ode_steps, cap=False)
    ode_limit_psi2, _ = model_ode(1.0, ode_steps, cap=False)
    psi1_at_1 = CHI * math.tan(math.radians(1.0)) * SPEED / (MU * SPEED)
    limit_ratio = ode_limit_psi2 / psi1_at_1
    limit_spin = ode_limit_omega / psi1_at_1

    header = ["angle_deg", "psi1", "u0", "w0", "dt", "nsteps", "contact_steps", "regime",
              "vx_rrp", "vy_rrp", "wz_rrp", "vx_gran", "vy_gran", "wz_gran", "gap_rrp",
              "psi2_rrp", "omega_rrp", "rebound_angle_rrp", "e_rrp",
              "psi2_gran", "omega_gran", "rebound_angle_gran", "e_gran", "max_rel_diff",
              "ke_in", "ke_out_rrp", "slip_work_rrp", "exchange_rrp",
              "psi2_sliding", "omega_sliding", "psi2_sliding_arm", "omega_sliding_arm",
              "psi2_ode", "omega_ode", "curvature", "delta_max",
              "R", "RB", "mass", "kappa", "kn", "kt", "mu", "nu", "chi"]
    rows = []
    for theta in angles:
        rrplmp.log(f"oblique impact: theta = {theta} deg")
        ours, theirs = run_case("rrp", theta, per_contact), run_case("granular", theta, per_contact)
        a, b = normalised(ours), normalised(theirs)
        u0, w0 = ours["u0"], ours["w0"]
        psi1 = CHI * w0 / (MU * u0)
        # the largest relative difference of the final velocities and spins, each against its
        # size before (the impact speed V, the spin against the largest rebound spin's scale)
        diff = max(abs(ours[k] - theirs[k]) / max(abs(theirs[k]), 1e-300)
                   for k in ("vx1", "vy1", "wz1"))
        ke_in = 0.5 * MASS * (u0 * u0 + w0 * w0)
        ke_out = (0.5 * MASS * (ours["vx1"] ** 2 + ours["vy1"] ** 2)
                  + 0.5 * KAPPA * MASS * R * R * ours["wz1"] ** 2)
        sp, so, sap, sao = sliding_theory(psi1, u0)
        op, oo = model_ode(theta, ode_steps)
        regime = ("stick-start" if psi1 < stick_start else
                  "sliding" if psi1 >= slide_all else "slip-start")
        rows.append([float(theta), psi1, u0, w0, ours["dt"], ours["nsteps"],
                     int(round(ours["ncontact"])), regime,
                     ours["vx1"], ours["vy1"], ours["wz1"], theirs["vx1"], theirs["vy1"],
                     theirs["wz1"], ours["gap"],
                     a["psi2"], a["omega"], a["theta_r"], a["e"],
                     b["psi2"], b["omega"], b["theta_r"], b["e"], diff,
                     ke_in, ke_out, ours["slip"], ours["exchange"], sp, so, sap, sao, op, oo,
                     w0 * w0 * hertz_max(u0)[1] / ((R + RB) * u0), hertz_max(u0)[0],
                     R, RB, MASS, KAPPA, KN, KT, MU, NU, CHI])
    elapsed = time.time() - start
    rrplmp.write_csv(os.path.join(args.out, "impact.csv"), header, rows)
    col = {k: i for i, k in enumerate(header)}

    def c(name):
        return np.array([r[col[name]] for r in rows], dtype=float)

    sliding = [r for r in rows if r[col["regime"]] == "sliding"]
    worst_gran = float(c("max_rel_diff").max())
    # (Psi2 against the change the theory predicts, Psi2 - Psi1; Omega against itself)
    def change(r, name):
        return abs(r[col["psi2_rrp"]] - r[col[name]]) / abs(r[col[name]] - r[col["psi1"]])

    worst_rigid = max((change(r, "psi2_sliding") for r in sliding), default=float("nan"))
    worst_arm = max((max(change(r, "psi2_sliding_arm"),
                         rel(r[col["omega_rrp"]], r[col["omega_sliding_arm"]])) for r in sliding),
                    default=float("nan"))
    worst_ode = float(np.max(np.abs(c("psi2_rrp") - c("psi2_ode"))))
    worst_ode_w = float(np.max(np.abs(c("omega_rrp") - c("omega_ode"))))
    e_dev = float(np.max(np.abs(c("e_rrp") - 1.0)))

    table = ["# Oblique impact of elastic frictional spheres", "",
             "Generated by `scripts/study_oblique_impact.py" + (" --quick" if args.quick else "")
             + f"` in {elapsed:.0f} s. A sphere (R = {R:g}, m = {MASS:g}, kappa = I/(m R^2) = "
             f"{KAPPA:g}, no spin) hits a fixed sphere of radius {RB:g} at speed {SPEED:g} and the "
             "impact angle theta from the normal; Hertz kn = "
             f"{KN:g} (rrp/hertz K = {K_RRP:.10g}), Mindlin KT = 1.5 chi kn = {KT:.10g} for "
             f"nu = {NU:g} (chi = 2(1-nu)/(2-nu) = {CHI:.6f}), MU = {MU:g}, no damping; "
             f"{per_contact} steps per Hertz contact time. rrp/hertz with contact lammps and "
             "pair granular under fix nve/sphere.", "",
             "Psi1 = chi V_c/(MU u0), Psi2 = chi V_c'/(MU u0) (V_c = w + R omega_z, the contact "
             "point's tangential velocity), Omega = -R omega_z'/(MU u0), rebound angle = the "
             "centre's, from the normal. Sliding: the rigid-body Coulomb result "
             "Psi2 = Psi1 - 7 chi, Omega = 5 (and with the torque arm R - d: 'arm'); ODE: the "
             f"model in continuous time ({ode_steps} steps per contact).", "",
             f"This law's thresholds: sticking at the start below Psi1 = chi kn/KT = "
             f"{stick_start:.4f}, sliding throughout from Psi1 = 7 chi - 2/3 = {slide_all:.4f}. "
             f"Small-angle limit (no cap, ODE): Psi2/Psi1 = {limit_ratio:.6f}, "
             f"Omega/Psi1 = {limit_spin:.6f}.", "",
             "| theta | Psi1 | regime | steps in contact | Psi2 rrp | Psi2 granular | Psi2 ODE "
             "| Psi2 sliding | Omega rrp | Omega ODE | rebound angle | rrp vs granular "
             "| (KE_in - KE_out)/KE_in |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        loss = (r[col["ke_in"]] - r[col["ke_out_rrp"]]) / r[col["ke_in"]]
        table.append(
            f"| {r[0]:g} | {r[col['psi1']]:.5g} | {r[col['regime']]} | {r[col['contact_steps']]} "
            f"| {r[col['psi2_rrp']]:.8f} | {r[col['psi2_gran']]:.8f} | {r[col['psi2_ode']]:.6f} "
            f"| {r[col['psi2_sliding']]:.6f} | {r[col['omega_rrp']]:.8f} "
            f"| {r[col['omega_ode']]:.6f} | {r[col['rebound_angle_rrp']]:.4f} "
            f"| {r[col['max_rel_diff']]:.2g} | {loss:.3g} |")
    table += ["", "Summary:", "",
              f"- rrp/hertz against pair granular: final velocities and spins to {worst_gran:.2g} "
              "relative (worst row);",
              f"- gross sliding ({len(sliding)} rows): the change of Psi2 against the rigid-body "
              f"result's to {worst_rigid:.2g} relative, Psi2's change and Omega against the "
              f"result with the torque arm to {worst_arm:.2g} (the curvature column: eps);",
              f"- against the model in continuous time: Psi2 to {worst_ode:.2g}, Omega to "
              f"{worst_ode_w:.2g} (absolute);",
              f"- normal restitution 1 to {e_dev:.2g}.", ""]
    rrplmp.write_lines(args.out, {"table.md": table})
    rrplmp.log(f"wrote {args.out}/table.md and impact.csv in {elapsed:.1f} s")
    figure(args.out, rows, col, stick_start, slide_all, limit_ratio, limit_spin, ode_steps)


def figure(out, rows, col, stick_start, slide_all, limit_ratio, limit_spin, ode_steps):
    plt = rrplmp.pyplot()
    if plt is None:
        return
    psi1 = np.array([r[col["psi1"]] for r in rows])
    fig, ax = plt.subplots(1, 3, figsize=(16, 5))
    # a dense theory curve: the continuous-time model at many angles
    dense = np.degrees(np.arctan(np.linspace(0.02, 13.0, 120) * MU / CHI))
    ode = np.array([model_ode(th, max(ode_steps // 10, 5000)) for th in dense])
    dpsi = CHI * np.tan(np.radians(dense)) / MU
    xs = np.linspace(0.0, 13.0, 200)
    for k, (name, label) in enumerate((("psi2", "Psi2 (contact point's rebound velocity)"),
                                       ("omega", "Omega = -R omega'/(MU u0)"))):
        a = ax[k]
        a.plot(dpsi, ode[:, k], "-", color="0.6", lw=2, label="model in continuous time (ODE)")
        if name == "psi2":
            a.plot(xs, xs - 7 * CHI, "k--", lw=1, label="gross sliding: Psi1 - 7 chi")
            a.plot(xs, limit_ratio * xs, "k:", lw=1,
                   label=f"sticking limit: {limit_ratio:.4f} Psi1")
        else:
            a.plot(xs, np.full_like(xs, 2.0 / KAPPA), "k--", lw=1, label="gross sliding: 5")
            a.plot(xs, limit_spin * xs, "k:", lw=1, label=f"sticking limit: {limit_spin:.4f} Psi1")
        a.plot(psi1, [r[col[name + "_rrp"]] for r in rows], "o", mfc="none", color="C0", ms=7,
               label="rrp/hertz")
        a.plot(psi1, [r[col[name + "_gran"]] for r in rows], "x", color="C3", ms=5,
               label="pair granular")
        for x in (stick_start, slide_all):
            a.axvline(x, color="0.8", lw=0.8)
        a.set_xlim(0, 13)
        if name == "psi2":
            a.set_ylim(-3.0, 8.0)
        a.set_xlabel("Psi1 = chi tan(theta)/MU")
        a.set_title(label)
        a.legend(fontsize=8)
    a = ax[2]
    th = np.array([r[0] for r in rows])
    a.plot(th, [r[col["rebound_angle_rrp"]] for r in rows], "o-", mfc="none", color="C0",
           label="rrp/hertz")
    a.plot(th, [r[col["rebound_angle_gran"]] for r in rows], "x", color="C3", label="pair granular")
    a.plot(th, th, "k:", lw=0.8, label="frictionless (rebound = impact)")
    a.set_xlabel("impact angle theta (degrees)")
    a.set_ylabel("rebound angle of the centre (degrees)")
    a.set_title("rebound angle")
    a.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "oblique-impact.png"), dpi=100)
    plt.close(fig)


if __name__ == "__main__":
    rrplmp.setup()
    main()
