"""The core's frictional contact law (rrp/friction.h) step by step against LAMMPS's pair
granular with the matching sub-models: two spheres of other radii in an oblique impact with
spin (hertz normal force; tangential mindlin, rolling sds and twisting marshall, or tangential
linear_history, rolling sds and twisting sds; no damping), integrated by LAMMPS's fix
nve/sphere with a dump of every step. For each step in contact the
core is given LAMMPS's positions, the half-step velocities and angular velocities that fix
nve/sphere computed the forces with (rebuilt from the step before by its own operations) and
the normal force, and carries its own history: its force and torques must be LAMMPS's to 1e-12.
Then the energy: kinetic + Hertz + the springs' energy + the work the core says the slips
dissipated + its exchange X holds through the impact to the integrator's order; for a constant
stiffness X is the work of pair granular's own inconsistency, computed here apart: its sliding velocity takes the contact point
at R from each centre (v_t - (R_i w_i + R_j w_j) x n), while its torques act at R - delta/2, so
that the spring's slide and the particles' relative motion differ by (delta/2)(w_i + w_j) x n dt
each step, a work of order delta/R of the spring's that no law of LAMMPS's accounts for."""
import ctypes
import math
import os

import rrptest as t

LIB = ctypes.CDLL(os.environ["RRP_CORE_LIB"])
D3 = ctypes.c_double * 3


class Kin(ctypes.Structure):
    _fields_ = [("n", D3), ("r", ctypes.c_double), ("delta", ctypes.c_double), ("reff", ctypes.c_double),
                ("a", ctypes.c_double), ("arm_i", ctypes.c_double), ("arm_j", ctypes.c_double),
                ("vs", D3), ("vr", D3), ("wn", ctypes.c_double), ("point", ctypes.c_int), ("v", D3), ("wi", D3),
                ("wj", D3)]


class Law(ctypes.Structure):
    _fields_ = [("tangential", ctypes.c_int), ("kt", ctypes.c_double), ("mu", ctypes.c_double),
                ("kroll", ctypes.c_double), ("muroll", ctypes.c_double), ("twisting", ctypes.c_int),
                ("ktwist", ctypes.c_double), ("mutwist", ctypes.c_double)]


class Out(ctypes.Structure):
    _fields_ = [("f", D3), ("ti", D3), ("tj", D3), ("u", D3), ("dissipated", D3), ("exchange", ctypes.c_double)]


LIB.rrp_friction_set.argtypes = [ctypes.c_int, ctypes.c_double, ctypes.c_double, ctypes.c_double,
                                 ctypes.c_double, ctypes.c_int, ctypes.c_double, ctypes.c_double,
                                 ctypes.POINTER(Law)]
LIB.rrp_contact_kinematics.argtypes = [D3, ctypes.c_double, ctypes.c_double, D3, D3, D3, D3,
                                       ctypes.c_int, ctypes.POINTER(Kin)]
LIB.rrp_friction_step.argtypes = [ctypes.POINTER(Law), ctypes.POINTER(Kin), ctypes.c_double,
                                  ctypes.c_double, ctypes.c_int, ctypes.POINTER(ctypes.c_double),
                                  ctypes.POINTER(Out)]
KN, KT, MU, KR, MUR, KTW, MUTW = 2.0e5, 4.0e4, 0.4, 400.0, 0.08, 2.0, 0.01
# the two laws: LAMMPS's words and the core's (tangential model, twisting model)
LAWS = {"mindlin": ("mindlin", "marshall", 2, 1), "linear": ("linear_history", f"sds {KTW} 0.0 {MUTW}", 1, 2)}

IMPACT = "\n" + t.OBLIQUE_IMPACT + """pair_style      granular
pair_coeff      * * hertz ${kn} 0.0 tangential ${tmodel} ${kt} 0.0 ${mu} rolling sds ${kr} 0.0 ${mur} &
                twisting ${twist} damping velocity
fix             1 all nve/sphere
timestep        ${dt}
dump            d all custom 1 steps.dump id radius mass x y z vx vy vz omegax omegay omegaz fx fy fz tqx tqy tqz
dump_modify     d format float %.17g sort id
run             ${nsteps}
"""


def frames(path):
    """{step: [atom 1 row, atom 2 row]} of the dump: radius mass x(3) v(3) omega(3) f(3) torque(3)"""
    out, lines = {}, open(path).read().splitlines()
    for k, line in enumerate(lines):
        if line.startswith("ITEM: TIMESTEP"):
            step = int(lines[k + 1])
        if line.startswith("ITEM: ATOMS"):
            out[step] = [[float(v) for v in lines[k + 1 + a].split()[1:]] for a in range(2)]
    return out


def compare(name, dt, nsteps):
    tmodel, twist, tcode, twcode = LAWS[name]
    wd = t.workdir("friction-law")
    t.must_run(IMPACT, wd, variables={"kn": KN, "kt": KT, "mu": MU, "kr": KR, "mur": MUR, "dt": dt,
                                      "nsteps": nsteps, "tmodel": tmodel, "twist": twist})
    fr = frames(os.path.join(wd, "steps.dump"))
    law = Law()
    assert LIB.rrp_friction_set(tcode, KT, MU, KR, MUR, twcode, KTW, MUTW, ctypes.byref(law)) == 0
    hist = (ctypes.c_double * 23)()    # (RRP_FRICTION_HISTORY)
    dtf = 0.5 * dt * 1.0
    worst_f = worst_t = 0.0
    contact_steps, slips = 0, [0, 0, 0]
    arm, fprev = 0.0, [0.0, 0.0, 0.0]    # (the work of the contact point's two places, above)
    energy = []
    for n in range(1, nsteps + 1):
        prev, now = fr[n - 1], fr[n]
        half = []
        for a in range(2):
            r, m = prev[a][0], prev[a][1]
            dtfm = dtf / m
            dtirotate = (dtf / 0.4) / (r * r * m)
            v = [prev[a][5 + q] + dtfm * prev[a][11 + q] for q in range(3)]
            w = [prev[a][8 + q] + dtirotate * prev[a][14 + q] for q in range(3)]
            half.append((v, w))
        xi, xj = now[0][2:5], now[1][2:5]
        d = D3(*[xi[q] - xj[q] for q in range(3)])
        kin = Kin()
        assert LIB.rrp_contact_kinematics(d, now[0][0], now[1][0], D3(*half[0][0]), D3(*half[1][0]),
                                          D3(*half[0][1]), D3(*half[1][1]), 0, ctypes.byref(kin)) == 0
        if kin.delta <= 0.0:
            if contact_steps:
                break    # (the contact is over: LAMMPS drops its history)
            continue
        contact_steps += 1
        fn = KN * kin.a * kin.delta
        out = Out()
        LIB.rrp_friction_step(ctypes.byref(law), ctypes.byref(kin), fn, dt, 1, hist, ctypes.byref(out))
        f = [fn * kin.n[q] + out.f[q] for q in range(3)]
        ws = [half[0][1][q] + half[1][1][q] for q in range(3)]
        wxn = [ws[1] * kin.n[2] - ws[2] * kin.n[1], ws[2] * kin.n[0] - ws[0] * kin.n[2],
               ws[0] * kin.n[1] - ws[1] * kin.n[0]]
        arm -= sum(0.25 * (fprev[q] + out.f[q]) * kin.delta * wxn[q] * dt for q in range(3))
        fprev = list(out.f)
        fl, ti_l, tj_l = now[0][11:14], now[0][14:17], now[1][14:17]
        size_f = math.sqrt(sum(v * v for v in fl))
        size_t = max(math.sqrt(sum(v * v for v in ti_l)), math.sqrt(sum(v * v for v in tj_l)))
        worst_f = max(worst_f, max(abs(f[q] - fl[q]) for q in range(3)) / size_f)
        worst_t = max(worst_t, max(max(abs(out.ti[q] - ti_l[q]), abs(out.tj[q] - tj_l[q])) for q in range(3))
                      / size_t)
        for q in range(3):
            slips[q] += out.dissipated[q] > 0.0
        # energies at the step's end: kinetic (LAMMPS's full-step v, omega), Hertz, springs, work
        kin_e = sum(0.5 * now[a][1] * sum(v * v for v in now[a][5:8])
                    + 0.5 * 0.4 * now[a][1] * now[a][0] ** 2 * sum(w * w for w in now[a][8:11]) for a in range(2))
        hertz = 0.4 * KN * math.sqrt(kin.reff) * kin.delta ** 2.5
        energy.append((kin_e + hertz + sum(out.u) + sum(hist[7:10]) + hist[10], arm))
    e0 = sum(0.5 * fr[0][a][1] * sum(v * v for v in fr[0][a][5:8])
             + 0.2 * fr[0][a][1] * fr[0][a][0] ** 2 * sum(w * w for w in fr[0][a][8:11]) for a in range(2))
    drift = max(abs(e - e0) for e, _ in energy) / e0
    return worst_f, worst_t, contact_steps, slips, drift, hist[10] / e0, arm / e0, sum(hist[7:10]) / e0


for name in LAWS:
    runs = {dt: compare(name, dt, int(round(0.02 / dt))) for dt in (2e-5, 1e-5)}
    for dt, (wf, wt, steps, slips, drift, exchange, arm, dissipated) in runs.items():
        t.check(f"{name}, dt {dt:g}: the core's friction equals pair granular's (tangential "
                f"{LAWS[name][0]}, rolling sds, twisting {LAWS[name][1].split()[0]}) at every step of "
                f"the impact, forces and torques to 1e-12", steps > 100 and wf <= 1e-12 and wt <= 1e-12
                and min(slips) > 0, f"{steps} steps in contact, slips in {slips} of them (sliding, rolling, "
                f"twisting); largest difference: force {wf:.2g}, torques {wt:.2g}")
    (d1, x1, a1, r1), (d2, x2, a2, r2) = runs[2e-5][4:8], runs[1e-5][4:8]
    t.check(f"{name}: kinetic + Hertz + springs + the slips' works + the exchange X holds through the "
            f"impact to second order (the largest change 4x smaller at half the step, below 1e-7 of "
            f"the energy), while the slips dissipate over 5% of it", r2 > 0.05 and d2 < 1e-7
            and 3.0 < d1 / d2 < 5.0, f"largest change {d1:.3g} at dt 2e-5, {d2:.3g} at 1e-5 (ratio "
            f"{d1 / d2:.3g}); dissipated {r2:.4g}, exchanged {x2:.3g} of the energy")
    if name == "linear":
        t.check("linear (a constant stiffness): the exchange X is the work of pair granular's two "
                "contact points, computed here apart, to 1e-3", abs(x2 - a2) <= 1e-3 * abs(a2),
                f"X {x2:.6g}, that work {a2:.6g} of the energy (at dt 2e-5: {x1:.6g}, {a1:.6g})")
t.finish()
