#!/usr/bin/env python3
"""Analytic benchmarks of the viscoelastic binder (bond_style rrp/binder prony/burgers): one
binder between two spheres, in each load mode (studies/viscoelastic/).

  study_viscoelastic.py [--quick] [--out DIR]

Two spheres of diameter 1 and mass 1 at (-0.5, 0, 0) and (0.5, 0, 0), L0 = 1, one binder; sphere
1 is held (no integrator), sphere 2 is moved (fix move, fix rrp/turn) or loaded and integrated.
In each benchmark only the mode under test has a stiffness and a series (the shear creep keeps an
elastic axial stiffness, see below), so that every number has a closed form:

- relaxation: a step strain applied over one step, then held: the force (torque) against the
  exact response of the series to that history, at three time steps (dt/tau from 1e-4 to 10),
  and the branch energy (compute rrp/energy element 14) and dissipated work (element 13);
- creep and recovery: a load ramped smoothly over many oscillation periods, held, then removed
  the same way, on a Burgers binder: the strain against the Boltzmann convolution of the Burgers
  creep compliance J(t) = 1/E1 + t/ETA1 + (1 - exp(-E2 t/ETA2))/E2 with the load history;
- dynamic: a sinusoidal strain at 11 frequencies over 5 decades: storage and loss stiffness and
  phase angle (least squares on sin, cos and the transients exp(-t/tau_k)) and the work
  dissipated over one late cycle against the series' formulas;
- bpm/rotational: the axial step strain under LAMMPS's bond_style bpm/rotational with its damping
  terms, beside rrp/binder.

Writes table.md, errors.csv (worst error per benchmark and mode, with its target), step.csv,
creep.csv, dynamic.csv, bpm.csv and (with matplotlib) relaxation.png, creep.png, dynamic.png into
--out (default studies/viscoelastic). Progress on stderr. Needs numpy."""
import argparse
import decimal
import math
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402

np = rrplmp.need("numpy")

TOP = rrplmp.TOP
L0 = 1.0
MASS = 1.0
INERTIA = 0.4 * MASS * 0.5 ** 2        # a solid sphere of diameter 1 (bpm/sphere's)
MODES = ("axial", "shear", "bend", "twist")
# each mode's (instantaneous) stiffness, its place in bond_coeff N Kb Kt Ka Ks, and the spring
# it makes for sphere 2 (force per length, or torque per radian) with its mass (or inertia)
STIFF = {"axial": 200.0, "shear": 200.0, "bend": 10.0, "twist": 4.0}
SLOT = {"bend": 0, "twist": 1, "axial": 2, "shear": 3}
INERT = {"axial": MASS, "shear": MASS, "bend": INERTIA, "twist": INERTIA}
# the Prony series of the relaxation and dynamic benchmarks: g_k, tau_k (g_inf = 0.2)
SERIES = ((0.5, 1.0), (0.3, 10.0))
# the Burgers numbers of the creep benchmark, per unit of the mode's stiffness K: E1 = K
# (Maxwell spring), ETA1 = 400 K (Maxwell time 400), E2 = K/2, ETA2 = 20 K (retardation time 40)
BURGERS = (1.0, 400.0, 0.5, 20.0)

TARGET = {"relaxation": 1e-9, "creep": 1e-3, "recovery": 1e-3, "storage": 1e-4, "loss": 1e-4,
          "phase": 1e-4, "dissipation": 1e-4, "bpm": 1e-9,
          # beyond the targets: the steady state of the strain as sampled (linear between
          # the steps, what the update integrates exactly) is met to round-off; the dissipation of
          # the last cycle keeps a transient's share below 1e-7
          "sampled storage and loss": 1e-9, "sampled dissipation": 1e-6}

HEAD = """
plugin load     ${{plugin}}
units           lj
atom_style      {astyle}
boundary        f f f
region          box block -4 4 -4 4 -4 4
create_box      1 box bond/types 1 extra/bond/per/atom 2 extra/special/per/atom 4
create_atoms    1 single -0.5 0 0
create_atoms    1 single 0.5 0 0
set             group all diameter 1.0
set             group all mass {mass}
create_bonds    single/bond 1 1 2
comm_modify     vel yes
group           two id 2
variable        zero equal 0.0
{bond}
compute         a two property/atom fx fy fz tqx tqy tqz x y z quatw quati quatj quatk
compute         s two reduce sum c_a[1] c_a[2] c_a[3] c_a[4] c_a[5] c_a[6] c_a[7] c_a[8] c_a[9] &
                c_a[10] c_a[11] c_a[12] c_a[13]
"""
# the thermo columns after step: sphere 2's force (3), torque (3), position (3), quaternion (4)
COLS = "c_s[1] c_s[2] c_s[3] c_s[4] c_s[5] c_s[6] c_s[7] c_s[8] c_s[9] c_s[10] c_s[11] c_s[12] c_s[13]"
F, T, X, Q = slice(1, 4), slice(4, 7), slice(7, 10), slice(10, 14)


def coeff(mode, stiffness, series_words, extra=None):
    """bond_coeff 1 Kb Kt Ka Ks with only `mode`'s stiffness (and `extra` {mode: K} elastic ones)"""
    k = [0.0, 0.0, 0.0, 0.0]
    k[SLOT[mode]] = stiffness
    for m, v in (extra or {}).items():
        k[SLOT[m]] = v
    return "bond_coeff      1 " + " ".join(f"{v:.17g}" for v in k) + " " + series_words


def prony_words(mode):
    return f"prony {mode} " + " ".join(f"{g:.17g} {tau:.17g}" for g, tau in SERIES)


def rrp_bond(mode, words, extra=None, astyle="bpm/sphere"):
    return (astyle, "special_bonds   lj/coul 1.0 1.0 1.0\n"
            "bond_style      rrp/binder shear linear orientation fixed\n"
            + coeff(mode, STIFF[mode], words, extra) + "\ncompute         e all rrp/energy")


def run_input(head, body):
    """an input (head + body) run in a new folder: the rows of its last thermo table"""
    wd = tempfile.mkdtemp(prefix="rrp-visco-")
    path = os.path.join(wd, "in.lmp")
    with open(path, "w") as fh:
        fh.write(head + body)
    out = rrplmp.run_lmp(wd, path)   # (a failed run's folder is kept)
    shutil.rmtree(wd, ignore_errors=True)
    return np.array(rrplmp.last_thermo(out))


def mover(mode, var):
    """the commands that impose the equal-style variable `var` as sphere 2's strain in `mode`
    (its displacement along x or y, or its turn about z or x)"""
    if mode == "axial":
        return f"fix             m two move variable v_{var} v_zero v_zero NULL NULL NULL\n"
    if mode == "shear":
        return f"fix             m two move variable v_zero v_{var} v_zero NULL NULL NULL\n"
    axis = "0 0 1" if mode == "bend" else "1 0 0"
    return f"fix             m two rrp/turn {axis} v_{var}\n"


def axis_of(mode):
    """the component of sphere 2's force (axial x, shear y) or torque (bend z, twist x) that
    carries the mode's generalized stress, with the opposite sign"""
    return {"axial": 1, "shear": 2, "bend": 6, "twist": 4}[mode]


# ---------------------------------------------------------------------------------------------
# 1. relaxation after a step strain applied over one step

def w3_exact(x):
    """the dissipation weight w3 = (x - 2 (1 - a) + (1 - a^2)/2)/x^2, a = exp(-x), in 60 digits
    (the difference cancels for small x)"""
    with decimal.localcontext() as c:
        c.prec = 60
        X = decimal.Decimal(repr(x))
        a = (-X).exp()
        return float((X - 2 * (1 - a) + (1 - a * a) / 2) / (X * X))


def step_expected(n, dt):
    """for a strain e0 linear over step 1 and then held, at step n >= 1: the relaxation modulus
    E_n = g_inf + sum_k g_k f_k a_k^(n-1) (f = (1 - a)/x, a = exp(-x), x = dt/tau_k), the branch
    energy and the dissipated work, both per K |e0|^2"""
    ginf = 1.0 - sum(g for g, _ in SERIES)
    e, u, d = ginf, 0.0, 0.0
    for g, tau in SERIES:
        x = dt / tau
        f = -math.expm1(-x) / x
        decay = math.exp(-(n - 1) * x)
        e += g * f * decay
        u += 0.5 * g * (f * decay) ** 2
        # step 1 dissipates w3 K g e0^2 (a branch starting relaxed), each later step the branch
        # energy it loses: (h_1^2 - h_n^2)/(2 K g)
        d += g * (w3_exact(x) + 0.5 * f * f * (1.0 - decay * decay))
    return e, u, d


def step_run(mode, dt, t_end, e0):
    """the step e0 in `mode` at time step dt, held to t_end (at least 10 steps): per output step
    (t, measured E, exact E, error of the force/torque vector, of the branch energy, of the
    dissipated work), and the largest difference of fix rrp/turn's f_ID[2] from the torque"""
    steps = max(int(round(t_end / dt)), 10)
    every = max(1, steps // 400)
    astyle, bond = rrp_bond(mode, prony_words(mode))
    turn = "f_m[2]" if mode in ("bend", "twist") else "v_zero"   # fix rrp/turn's torque about its axis
    body = f"""
variable        u equal {e0:.17g}*(step>0)
{mover(mode, "u")}thermo_style    custom step {COLS} c_e[13] c_e[14] {turn} v_u
thermo_modify   norm no format float %.17g
thermo          {every}
timestep        {dt:.17g}
run             {steps}
"""
    rows = run_input(HEAD.format(astyle=astyle, bond=bond, mass=MASS), body)
    out = []
    eturn = 0.0
    K = STIFF[mode]
    for r in rows:
        n = int(round(r[0]))
        if n < 1:
            continue
        E, U, D = step_expected(n, dt)
        if mode in ("axial", "shear"):
            x2 = np.array(r[X])
            d = np.array([-0.5, 0.0, 0.0]) - x2       # d = x_1 - x_2 (1 the lower ID)
            L = np.linalg.norm(d)
            dh = d / L
            if mode == "axial":
                e2 = (L / L0 - 1.0) ** 2
                force = K * E * (L / L0 - 1.0) / L0 * dh   # on 2: +s/L0 d^
            else:
                g = np.array([-1.0, 0.0, 0.0])          # the mean convected direction: d0^
                e2 = float(np.dot(g - dh, g - dh))
                force = -K * E * (g - np.dot(g, dh) * dh) / L   # on 2: -Ks E (g - c d^)/L
            got = np.array(r[F])
        else:
            phi = r[-1]
            e2 = phi * phi
            axis = np.array([0.0, 0.0, 1.0]) if mode == "bend" else np.array([1.0, 0.0, 0.0])
            force = -K * E * phi * axis                  # on 2: K E theta, theta = -phi axis
            got = np.array(r[T])
            eturn = max(eturn, abs(r[16] - float(np.dot(got, axis))) / np.linalg.norm(force))
        err = float(np.linalg.norm(got - force) / np.linalg.norm(force))
        eu = abs(r[15] / (K * e2 * U) - 1.0)
        ed = abs(r[14] / (K * e2 * D) - 1.0)
        # the measured relaxation modulus: the stress's component over K e0
        measured = float(np.dot(got, force) / np.linalg.norm(force) ** 2) * E
        out.append((n * dt, measured, E, err, eu, ed))
    return out, eturn


# ---------------------------------------------------------------------------------------------
# 2. creep and recovery of a Burgers binder under a smoothly ramped load

def ramp(s):
    """the load's ramp, C3 (the 7th-order smoothstep): 0 for s <= 0, 1 for s >= 1"""
    s = np.clip(s, 0.0, 1.0)
    return s ** 4 * (35.0 - 84.0 * s + 70.0 * s ** 2 - 20.0 * s ** 3)


def ramp_rate(s):
    return np.where((s > 0.0) & (s < 1.0), 140.0 * s ** 3 * (1.0 - s) ** 3, 0.0)


def burgers_creep(e1, eta1, e2, eta2, t):
    """J(t) = 1/E1 + t/ETA1 + (1 - exp(-E2 t/ETA2))/E2 (rrp_visco_burgers_creep)"""
    return 1.0 / e1 + t / eta1 - np.expm1(-e2 * t / eta2) / e2


def creep_convolution(t, sigma0, tr, t1, burg):
    """the Boltzmann superposition eps(t) = int_0^t J(t - s) sigma'(s) ds of the load
    sigma0 [r(s/tr) - r((s - t1)/tr)]: Gauss-Legendre on each ramp (a polynomial times J)"""
    x, w = np.polynomial.legendre.leggauss(48)
    out = np.zeros_like(t)
    for start, sign in ((0.0, 1.0), (t1, -1.0)):
        for i, ti in enumerate(t):
            hi = min(ti, start + tr)
            if hi <= start:
                continue
            s = start + 0.5 * (hi - start) * (x + 1.0)
            out[i] += sign * 0.5 * (hi - start) * np.sum(
                w * burgers_creep(*burg, ti - s) * sigma0 / tr * ramp_rate((s - start) / tr))
    return out


def creep_run(mode, t1, t_end, tr, dt, level=1e-4):
    """sphere 2 integrated under the ramped load: the times, the load (force or torque), the
    strain (the mode's measure), its convolution reference and the oscillation frequency w0"""
    K = STIFF[mode]
    burg = tuple(b * K for b in BURGERS)
    words = "burgers {} {:.17g} {:.17g} {:.17g} {:.17g}".format(mode, *burg)
    sigma0 = level * K
    steps = int(round(t_end / dt))
    load = f"""
variable        s1 equal (time>0)*(time<{tr})*time/{tr}+(time>={tr})
variable        s2 equal ((time-{t1})>0)*((time-{t1})<{tr})*(time-{t1})/{tr}+((time-{t1})>={tr})
variable        load equal {sigma0:.17g}*(v_s1^4*(35-84*v_s1+70*v_s1^2-20*v_s1^3)-v_s2^4*(35-84*v_s2+70*v_s2^2-20*v_s2^3))
"""
    if mode == "axial":
        astyle, bond = rrp_bond(mode, words)
        drive = "fix             i two rrp/nve\nfix             f two addforce v_load 0.0 0.0\n"
    elif mode == "shear":
        # the sphere translates only (fix nve, orientation fixed): with its turn free the mean
        # convected direction would follow the bond and nothing would resist; an elastic axial
        # stiffness keeps the length (the load has a component O(gamma) along the bond)
        astyle, bond = rrp_bond(mode, words, extra={"axial": STIFF["axial"]})
        drive = "fix             i two nve\nfix             f two addforce 0.0 v_load 0.0\n"
    else:
        # a torque on one sphere: the field's torque mu x E on a dipole that does not turn
        # (fix rrp/nve without update dipole), exactly the load at any orientation
        astyle, bond = rrp_bond(mode, words, astyle="hybrid bpm/sphere dipole")
        if mode == "bend":
            drive = ("set             atom 2 dipole 1 0 0\nfix             i two rrp/nve\n"
                     "fix             f two efield 0.0 v_load 0.0\n")
        else:
            drive = ("set             atom 2 dipole 0 1 0\nfix             i two rrp/nve\n"
                     "fix             f two efield 0.0 0.0 v_load\n")
    body = load + drive + f"""thermo_style    custom step {COLS} v_load
thermo_modify   norm no format float %.17g
thermo          {max(1, steps // 2000)}
timestep        {dt:.17g}
run             {steps}
"""
    rows = run_input(HEAD.format(astyle=astyle, bond=bond, mass=MASS), body)
    t = rows[:, 0] * dt
    if mode in ("axial", "shear"):
        d = np.array([-0.5, 0.0, 0.0])[None, :] - rows[:, X]
        L = np.linalg.norm(d, axis=1)
        # axial: eps = L/L0 - 1; shear: the measure g - d^ across the bond, v/L (sphere 2's
        # offset v along y), to O(v^2) its length; the stress is the load times L0
        strain = L / L0 - 1.0 if mode == "axial" else rows[:, 8] / L
        sigma = rows[:, -1] * L0
    else:
        q = rows[:, Q]
        k = 3 if mode == "bend" else 1
        strain = 2.0 * np.arctan2(q[:, k], q[:, 0])   # the turn of sphere 2 about its axis
        sigma = rows[:, -1]
    ref = creep_convolution(t, sigma0 * (L0 if mode in ("axial", "shear") else 1.0), tr, t1, burg)
    w0 = math.sqrt(K / (L0 ** 2 if mode in ("axial", "shear") else 1.0) / INERT[mode])
    return t, sigma, strain, ref, w0


def ramp_residual(omega_tr):
    """the amplitude of the free oscillation an undamped oscillator of frequency w keeps after
    the ramp of duration tr, over its static deflection: |int_0^1 r'(s) exp(i w tr s) ds|"""
    x, w = np.polynomial.legendre.leggauss(200)
    s = 0.5 * (x + 1.0)
    return abs(np.sum(0.5 * w * ramp_rate(s) * np.exp(1j * omega_tr * s)))


# ---------------------------------------------------------------------------------------------
# 3. sinusoidal strain

def dynamic_formula(omega):
    """E', E'' of the series (rrp_visco_dynamic), fractions of K"""
    e1 = 1.0 - sum(g for g, _ in SERIES)
    e2 = 0.0
    for g, tau in SERIES:
        wt = omega * tau
        e1 += g * wt * wt / (1.0 + wt * wt)
        e2 += g * wt / (1.0 + wt * wt)
    return e1, e2


def dynamic_discrete(omega, dt, per_cycle):
    """the same for the strain sampled at the steps and linear within each (what the exact
    update integrates), in steady state: E* = g_inf + sum g f (1 - 1/z)/(1 - a/z), z = exp(i w dt);
    and the work dissipated per cycle of per_cycle steps over K e0^2, from the exact step weights"""
    z = np.exp(1j * omega * dt)
    E = 1.0 - sum(g for g, _ in SERIES)
    D = 0.0
    for g, tau in SERIES:
        x = dt / tau
        a, f = math.exp(-x), -math.expm1(-x) / x
        w1, w2, w3 = -0.5 * math.expm1(-2 * x), 0.5 * (-math.expm1(-x)) ** 2 / x, w3_exact(x)
        H = g * f * (1.0 - 1.0 / z) / (1.0 - a / z)   # branch stress over K e0, phasor
        E += H
        dlt = z - 1.0                                 # the strain's increment over e0, phasor
        # sum over a cycle of Im(p z^n) Im(q z^n) = N/2 Re(p conj q)
        D += 0.5 * per_cycle * (w1 * abs(H) ** 2 / g + 2.0 * w2 * (H * np.conj(dlt)).real + w3 * g * abs(dlt) ** 2)
    return E.real, E.imag, D


def transient_share(omega, cycle):
    """the continuous response to e0 sin(w t) from relaxed branches: how far the work dissipated
    over cycle `cycle` (0 the first) is from the steady pi e0^2 K E'' (relative)"""
    x, wq = np.polynomial.legendre.leggauss(96)
    T = 2.0 * math.pi / omega
    t = cycle * T + 0.5 * T * (x + 1.0)
    total = 0.0
    for g, tau in SERIES:
        wt = omega * tau
        h = g * wt / (1.0 + wt * wt) * (wt * np.sin(omega * t) + np.cos(omega * t) - np.exp(-t / tau))
        total += np.sum(0.5 * T * wq * h * h) / (g * tau)
    return abs(total / (math.pi * dynamic_formula(omega)[1]) - 1.0)


def dynamic_run(mode, omega, per_cycle, max_cycles=400):
    K = STIFF[mode]
    A = 1e-5 if mode == "shear" else 1e-3     # shear: the measure is linear in the offset to O(A^2)
    dt = 2.0 * math.pi / (omega * per_cycle)
    cycles = 3
    while cycles < max_cycles and transient_share(omega, cycles - 1) > 1e-7:
        cycles += 1
    steps = cycles * per_cycle
    every = per_cycle // 100
    astyle, bond = rrp_bond(mode, prony_words(mode))
    if mode in ("axial", "shear"):
        amp = f"{A:.17g} 0 0" if mode == "axial" else f"0 {A:.17g} 0"
        drive = f"fix             m two move wiggle {amp} {2.0 * math.pi / omega:.17g}\n"
    else:
        drive = f"variable        u equal {A:.17g}*sin({omega:.17g}*time)\n" + mover(mode, "u")
    body = drive + f"""thermo_style    custom step {COLS} c_e[13]
thermo_modify   norm no format float %.17g
thermo          {every}
timestep        {dt:.17g}
run             {steps}
"""
    rows = run_input(HEAD.format(astyle=astyle, bond=bond, mass=MASS), body)
    n = rows[:, 0]
    t = n * dt
    stress = -rows[:, axis_of(mode)]
    cols = [np.sin(omega * t), np.cos(omega * t)] + [np.exp(-t / tau) for _, tau in SERIES]
    M = np.array(cols).T
    coef, *_ = np.linalg.lstsq(M, stress / (K * A), rcond=None)
    resid = float(np.max(np.abs(M @ coef - stress / (K * A))))
    e1, e2 = coef[0], coef[1]
    last = np.isclose(n, steps - per_cycle) | np.isclose(n, steps)
    de = rows[last, -1]
    D = (de[1] - de[0]) / (K * A * A)
    return dict(mode=mode, omega=omega, dt=dt, cycles=cycles, storage=e1, loss=e2, diss=D,
                resid=resid, transient=transient_share(omega, cycles - 1))


# ---------------------------------------------------------------------------------------------
# 4. bpm/rotational

def bpm_run(dt, t_end, e0, gamma_n):
    """the axial step strain on bond_style bpm/rotational, its normal damping gamma_n: the
    velocity of the step (e0/dt along x, over step 1) is given to fix move, then 0"""
    steps = int(round(t_end / dt))
    K = STIFF["axial"]
    bond = ("special_bonds   lj 0 1 1 coul 1 1 1\nbond_style      bpm/rotational break no smooth no\n"
            f"bond_coeff      1 {K / L0 ** 2:.17g} {STIFF['shear'] / L0 ** 2:.17g} {STIFF['twist']:.17g} "
            f"{STIFF['bend']:.17g} 1 1 1 1 {gamma_n:.17g} 1 1 1")
    body = f"""
variable        u equal {e0:.17g}*(step>0)
variable        v equal {e0 / dt:.17g}*(step==1)
fix             m two move variable v_u v_zero v_zero v_v v_zero v_zero
thermo_style    custom step {COLS}
thermo_modify   norm no format float %.17g
thermo          {max(1, steps // 400)}
timestep        {dt:.17g}
run             {steps}
"""
    rows = run_input(HEAD.format(astyle="bpm/sphere", bond=bond, mass=MASS), body)
    out = []
    for r in rows:
        n = int(round(r[0]))
        if n < 1:
            continue
        L = 0.5 + r[7] + 0.0
        out.append((n * dt, -r[1] / (K / L0 ** 2 * (L - L0))))
    return out


# ---------------------------------------------------------------------------------------------

def thin(rows, keep=150):
    """about `keep` of the rows, spaced evenly in log time (the first ones all kept), for the CSV"""
    if len(rows) <= keep:
        return list(rows)
    idx = sorted(set(np.unique(np.round(np.logspace(0, math.log10(len(rows)), keep)).astype(int) - 1)))
    return [rows[i] for i in idx]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true",
                    help="two time steps, three frequencies, shorter creep (the test command)")
    ap.add_argument("--out", default=os.path.join(TOP, "studies", "viscoelastic"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if not os.path.exists(rrplmp.PLUGIN):
        sys.exit(f"error: plugin {rrplmp.PLUGIN} not found: build first (scripts/build.sh) or set RRP_PLUGIN")
    gs = ", ".join(f"g = {g:g}, tau = {tau:g}" for g, tau in SERIES)
    ginf = 1.0 - sum(g for g, _ in SERIES)
    table = ["# The viscoelastic binder: analytic benchmarks", "",
             "Generated by `scripts/study_viscoelastic.py" + (" --quick" if args.quick else "") + "`. "
             "One binder between two spheres (diameter 1, mass 1, inertia 0.1, L0 = 1), sphere 1 held; "
             f"only the mode under test has a stiffness: Ka = {STIFF['axial']:g}, Ks = {STIFF['shear']:g} "
             f"(shear linear), Kb = {STIFF['bend']:g}, Kt = {STIFF['twist']:g}. Relaxation and dynamic "
             f"benchmarks: prony MODE with {gs} (g_inf = {ginf:.2g}). Errors are relative; every "
             "target is in errors.csv.", ""]
    errors = []   # (benchmark, mode, quantity, worst, target)

    # 1. relaxation
    dts = (1e-3, 10.0) if args.quick else (1e-3, 0.1, 10.0)
    t_end = 20.0 if args.quick else 60.0
    e0 = 1e-3
    table += ["## 1. Relaxation after a step strain applied over one step", "",
              f"Strain e0 = {e0:g} (a displacement of sphere 2 along x for axial, along y for shear; a turn "
              "about z for bend, about x for twist) reached linearly over the first step, then held, both "
              f"spheres held, up to t = {t_end:g} (at least 10 steps). Exact: the stress K e0 E_n, "
              "E_n = g_inf + sum_k g_k (tau_k/dt)(1 - exp(-dt/tau_k)) exp(-(t_n - dt)/tau_k), with the "
              "measure's own geometry: axial force K E_n e0/L0 along the bond, shear force "
              "K E_n (g - c d^)/L (the measure g - d^ projected across the bond, g = d0^), torque "
              "K E_n theta (theta = -angle times the axis). Branch energy (rrp/energy element 14): "
              "sum K g_k (f_k a_k^(n-1) e0)^2/2; dissipated (element 13): "
              "sum K g_k e0^2 [w3_k + f_k^2 (1 - a_k^(2(n-1)))/2]. Worst over every output step.", "",
              "| mode | dt | dt/tau | steps | E(t_end) exact | force/torque | branch energy | dissipated |",
              "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    step_csv = ["mode,dt,t,measured_E,exact_E,rel_error"]
    relax = {}
    for mode in MODES:
        worst = [0.0, 0.0, 0.0]
        wturn = 0.0
        for dt in dts:
            rrplmp.log(f"relaxation: {mode}, dt = {dt:g}")
            res, eturn = step_run(mode, dt, t_end, e0)
            wturn = max(wturn, eturn)
            relax[(mode, dt)] = res
            w = [max(r[k] for r in res) for k in (3, 4, 5)]
            worst = [max(a, b) for a, b in zip(worst, w)]
            step_csv += [f"{mode},{dt:.17g},{r[0]:.17g},{r[1]:.17g},{r[2]:.17g},{r[3]:.3g}" for r in thin(res)]
            ratio = f"{dt / SERIES[-1][1]:.0e} - {dt / SERIES[0][1]:.0e}"
            table.append(f"| {mode} | {dt:g} | {ratio} | {max(int(round(t_end / dt)), 10)} | {res[-1][2]:.10f} | "
                         f"{w[0]:.2g} | {w[1]:.2g} | {w[2]:.2g} |")
        errors += [("relaxation", mode, "force" if mode in ("axial", "shear") else "torque", worst[0]),
                   ("relaxation", mode, "branch energy", worst[1]), ("relaxation", mode, "dissipated", worst[2])]
        if mode in ("bend", "twist"):
            errors.append(("relaxation", mode, "fix rrp/turn f_ID[2] against the torque", wturn))
    table.append("")

    # 4. bpm/rotational beside it (the axial step at dt = 0.1)
    dt_b = 0.1
    gamma_n = 10.0
    rrplmp.log("relaxation: bpm/rotational")
    bpm = bpm_run(dt_b, t_end, e0, gamma_n)
    if ("axial", dt_b) not in relax:
        relax[("axial", dt_b)] = step_run("axial", dt_b, t_end, e0)[0]
    bpm_dev = max(abs(r[1] - bpm[1][1]) for r in bpm[1:])
    rrp_axial = relax[("axial", dt_b)]
    table += ["## 4. The same step under bond_style bpm/rotational", "",
              f"Axial step e0 = {e0:g} over one step of dt = {dt_b:g}, the velocity e0/dt given to sphere 2 over "
              f"that step; bond_coeff Kr = {STIFF['axial']:g} (= Ka/L0^2), Ks = {STIFF['shear']:g}, Kt = "
              f"{STIFF['twist']:g}, Kb = {STIFF['bend']:g}, gamma_n = {gamma_n:g}, the other dampings 1, "
              "break no. The force on sphere 2 over Kr (L - L0) (= K e0):", "",
              "| style | at step 1 | at step 2 | at t_end | largest change after step 2 |",
              "| --- | --- | --- | --- | --- |",
              f"| bpm/rotational | {bpm[0][1]:.10g} | {bpm[1][1]:.10g} | {bpm[-1][1]:.10g} | {bpm_dev:.2g} |",
              f"| rrp/binder prony axial | {rrp_axial[0][1]:.10g} | {rrp_axial[1][1]:.10g} | {rrp_axial[-1][1]:.10g} | "
              f"{max(abs(r[1] - rrp_axial[1][1]) for r in rrp_axial[1:]):.2g} |", "",
              f"bpm/rotational's damping acts only while the spheres move (step 1: 1 + gamma_n/(Kr dt) = "
              f"{1 + gamma_n / (STIFF['axial'] * dt_b):.6g}); once held, its force is the elastic Kr (L - L0) "
              "for ever: it neither relaxes nor remembers the step. rrp/binder relaxes to g_inf.", ""]
    errors.append(("bpm", "axial", "held force: largest change after the step", bpm_dev))
    bpm_csv = ["style,t,force_over_K_e0"] + [f"bpm/rotational,{t:.17g},{v:.17g}" for t, v in thin(bpm)] + \
        [f"rrp/binder,{r[0]:.17g},{r[1]:.17g}" for r in thin(rrp_axial)]

    # 2. creep
    t1, tend_c, tr = (60.0, 120.0, 20.0) if args.quick else (100.0, 200.0, 20.0)
    dt_c = 0.005
    b = BURGERS
    table += ["## 2. Creep and recovery of a Burgers binder", "",
              f"burgers MODE E1 ETA1 E2 ETA2 = K x ({b[0]:g}, {b[1]:g}, {b[2]:g}, {b[3]:g}) (Maxwell time "
              f"{b[1] / b[0]:g}, retardation time {b[3] / b[2]:g}); sphere 2 integrated (dt = {dt_c:g}): fix rrp/nve "
              "(axial, bend, twist), fix nve with orientation fixed (shear: sphere 2 translates only; an "
              f"elastic Ka = {STIFF['axial']:g} holds the length). The load (a force along x or y with fix "
              "addforce; for bend and twist a torque about z or x, the field's torque mu x E of fix efield on a "
              "dipole that fix rrp/nve does not turn) rises as the C3 ramp 35s^4 - 84s^5 + 70s^6 - 20s^7 over "
              f"tr = {tr:g}, is held, and is removed the same way from t1 = {t1:g}; level sigma0 = 1e-4 K. "
              "Reference: the Boltzmann convolution eps(t) = int J(t - s) sigma'(s) ds with "
              "J(t) = 1/E1 + t/ETA1 + (1 - exp(-E2 t/ETA2))/E2 (for a sudden load and removal: sigma0 J(t), "
              "sigma0 [J(t) - J(t - t1)]). Worst relative error after each ramp (creep: tr <= t <= t1, "
              "recovery: t1 + tr <= t). Inertia: w0 = sqrt(K/m) (or sqrt(K/I)); what the ramp leaves as free "
              "oscillation, |int r'(s) exp(i w0 tr s) ds|, and the quasi-static inertia term "
              "m eps''/(K eps) <= 2/(w0 tau_ret)^2 (K/E2 = 2, J >= 1/E1), bound the error.", "",
              "| mode | w0 | w0 tr | ramp residual | 2/(w0 tau_ret)^2 | eps(t1)/(sigma0/K) | creep error | recovery error |",
              "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    creep_csv = ["mode,t,load,strain,convolution"]
    creeps = {}
    for mode in MODES:
        rrplmp.log(f"creep: {mode}")
        t, sigma, strain, ref, w0 = creep_run(mode, t1, tend_c, tr, dt_c)
        creeps[mode] = (t, strain, ref)
        loaded = (t >= tr) & (t <= t1)
        unloaded = t >= t1 + tr
        ec = float(np.max(np.abs(strain[loaded] / ref[loaded] - 1.0)))
        er = float(np.max(np.abs(strain[unloaded] / ref[unloaded] - 1.0)))
        at1 = strain[np.argmin(np.abs(t - t1))] / (1e-4)
        tret = BURGERS[3] / BURGERS[2]
        table.append(f"| {mode} | {w0:.4g} | {w0 * tr:.4g} | {ramp_residual(w0 * tr):.1e} | "
                     f"{2.0 / (w0 * tret) ** 2:.1e} | {at1:.6g} | "
                     f"{ec:.2g} | {er:.2g} |")
        errors += [("creep", mode, "strain under load", ec), ("recovery", mode, "strain after unloading", er)]
        keep = np.arange(0, len(t), max(1, len(t) // 400))
        creep_csv += [f"{mode},{t[i]:.10g},{sigma[i]:.10g},{strain[i]:.17g},{ref[i]:.17g}" for i in keep]
    table.append("")

    # 3. dynamic
    omegas = (1e-2, 0.3, 10.0) if args.quick else tuple(10.0 ** (-3.0 + 0.5 * k) for k in range(11))
    per_cycle = 1000
    table += ["## 3. Sinusoidal strain: storage, loss, phase, dissipation per cycle", "",
              f"Strain e0 sin(w t) (fix move wiggle for axial, e0 = 1e-3, and shear, e0 = 1e-5; fix rrp/turn "
              f"with a sin variable for bend and twist, e0 = 1e-3), {per_cycle} steps per cycle (dt = 2 pi/(w "
              f"{per_cycle})), from relaxed branches. E' and E'' (over K) from least squares of the stress on "
              "sin, cos and the transients exp(-t/tau_k) over the whole run; phase tan d = E''/E'; the work "
              "dissipated over the run's last cycle (element 13's increase) over pi e0^2 K. Formulas: "
              "E' = g_inf + sum g w^2 tau^2/(1 + w^2 tau^2), E'' = sum g w tau/(1 + w^2 tau^2). The run "
              "lasts until the transient's share of the last cycle's dissipation (in the continuous "
              "response) is below 1e-7. Sampled: the series' exact steady state for the strain linear "
              "between the steps (what the update integrates; it differs from a sinusoid's by "
              "O((w dt)^2)): E* = g_inf + sum g_k f_k (1 - 1/z)/(1 - a_k/z), z = exp(i w dt), and the "
              "dissipation per cycle summed from the exact step weights; the measured values against "
              "it (the dissipation keeps the transient's share, below 1e-7).", "",
              "| w | cycles | E' | rel. err. | E'' | rel. err. | phase (rad) | rel. err. | dissipated/(pi e0^2 K) | rel. err. | E', E'' vs sampled | D vs sampled |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    dyn_csv = ["mode,omega,dt,cycles,storage,loss,dissipated_over_pi_K_e0sq,storage_formula,loss_formula,"
               "storage_sampled,loss_sampled,dissipated_sampled,fit_residual"]
    dyn = {}
    for mode in MODES:
        table.append(f"| **{mode}** | | | | | | | | | | | |")
        worst = {"storage": 0.0, "loss": 0.0, "phase": 0.0, "dissipation": 0.0}
        wsamp, wsampd = 0.0, 0.0
        for w in omegas:
            rrplmp.log(f"dynamic: {mode}, w = {w:.3g}")
            r = dynamic_run(mode, w, per_cycle)
            dyn[(mode, w)] = r
            e1, e2 = dynamic_formula(w)
            s1, s2, sd = dynamic_discrete(w, r["dt"], per_cycle)
            d_meas = r["diss"] / math.pi
            errs = {"storage": abs(r["storage"] / e1 - 1), "loss": abs(r["loss"] / e2 - 1),
                    "phase": abs(math.atan2(r["loss"], r["storage"]) / math.atan2(e2, e1) - 1),
                    "dissipation": abs(d_meas / e2 - 1)}
            samp = max(abs(r["storage"] / s1 - 1), abs(r["loss"] / s2 - 1))
            sampd = abs(r["diss"] / sd - 1)
            wsamp, wsampd = max(wsamp, samp), max(wsampd, sampd)
            for k in worst:
                worst[k] = max(worst[k], errs[k])
            table.append(f"| {w:.3g} | {r['cycles']} | {r['storage']:.8f} | {errs['storage']:.1e} | "
                         f"{r['loss']:.8f} | {errs['loss']:.1e} | {math.atan2(r['loss'], r['storage']):.8f} | "
                         f"{errs['phase']:.1e} | {d_meas:.8f} | {errs['dissipation']:.1e} | {samp:.1e} | {sampd:.1e} |")
            dyn_csv.append(f"{mode},{w:.17g},{r['dt']:.17g},{r['cycles']},{r['storage']:.17g},{r['loss']:.17g},"
                           f"{d_meas:.17g},{e1:.17g},{e2:.17g},{s1:.17g},{s2:.17g},{sd / math.pi:.17g},"
                           f"{r['resid']:.3g}")
        errors += [("dynamic", mode, "storage", worst["storage"]), ("dynamic", mode, "loss", worst["loss"]),
                   ("dynamic", mode, "phase", worst["phase"]), ("dynamic", mode, "dissipation", worst["dissipation"]),
                   ("dynamic-sampled", mode, "storage and loss", wsamp),
                   ("dynamic-sampled", mode, "dissipation", wsampd)]
    table.append("")

    # the summary
    def target_of(bench, quantity):
        if bench == "dynamic":
            return TARGET[quantity]
        if bench == "dynamic-sampled":
            return TARGET["sampled " + quantity]
        return TARGET[bench]
    table += ["## Worst errors against the targets", "",
              "| benchmark | mode | quantity | worst | target | met |", "| --- | --- | --- | --- | --- | --- |"]
    err_csv = ["benchmark,mode,quantity,worst,target"]
    for bench, mode, qty, worst in errors:
        tgt = target_of(bench, qty)
        table.append(f"| {bench} | {mode} | {qty} | {worst:.2g} | {tgt:g} | {'yes' if worst <= tgt else 'NO'} |")
        err_csv.append(f"{bench},{mode},{qty.replace(',', ';')},{worst:.6g},{tgt:g}")
    table.append("")
    rrplmp.write_lines(args.out, {"table.md": table, "errors.csv": err_csv, "step.csv": step_csv,
                                  "creep.csv": creep_csv, "dynamic.csv": dyn_csv, "bpm.csv": bpm_csv})
    figures(args.out, dts, relax, bpm, dt_b, creeps, t1, tr, dyn, omegas)
    rrplmp.log(f"wrote {args.out}/table.md")


def figures(out, dts, relax, bpm, dt_b, creeps, t1, tr, dyn, omegas):
    plt = rrplmp.pyplot()
    if not plt:
        return
    # relaxation: each mode at each time step, and bpm/rotational beside rrp/binder
    fig, ax = plt.subplots(2, 3, figsize=(14, 7.5))
    tt = np.logspace(-3.5, 2, 300)
    ginf = 1.0 - sum(g for g, _ in SERIES)
    cont = ginf + sum(g * np.exp(-tt / tau) for g, tau in SERIES)
    for k, mode in enumerate(MODES):
        a = ax.flat[k]
        a.semilogx(tt, cont, "k-", lw=0.8, label="E(t) (a sudden step)")
        for dt, mk, ms in zip(dts, ("o", "s", "^"), (2, 4, 6)):
            r = relax[(mode, dt)]
            a.semilogx([x[0] for x in r], [x[1] for x in r], mk, ms=ms, mfc="none",
                       label=f"dt = {dt:g}: measured (worst error {max(x[3] for x in r):.0e})")
        a.set_title(f"{mode}: stress over K e0 after a step over one step")
        a.set_xlabel("time")
        a.set_ylim(0, 1.05)
        a.legend(fontsize=7)
    a = ax.flat[4]
    a.plot([x[0] for x in bpm], [x[1] for x in bpm], "r.-", ms=3, label="bpm/rotational (gamma_n = 10)")
    r = relax[("axial", dt_b)]
    a.plot([x[0] for x in r], [x[1] for x in r], "b.", ms=3, label="rrp/binder prony axial")
    a.plot([x[0] for x in r], [x[2] for x in r], "k-", lw=0.6, label="exact series response")
    a.set_xscale("log")
    a.set_title(f"axial step over one step (dt = {dt_b:g}): force over K e0")
    a.set_xlabel("time")
    a.legend(fontsize=7)
    a = ax.flat[5]
    for mode in MODES:
        r = relax[(mode, dts[0])]
        a.semilogy([x[0] for x in r], [max(x[3], 1e-17) for x in r], ".", ms=2, label=f"{mode}, dt = {dts[0]:g}")
    a.axhline(TARGET["relaxation"], color="k", ls=":", label="target 1e-9")
    a.set_title("relative error of the force/torque")
    a.set_xlabel("time")
    a.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "relaxation.png"), dpi=100)
    plt.close(fig)

    # creep
    fig, ax = plt.subplots(2, 4, figsize=(16, 6.5), sharex=True)
    for k, mode in enumerate(MODES):
        t, strain, ref = creeps[mode]
        ax[0, k].plot(t, strain / 1e-4, "b-", lw=1.2, label="measured")
        ax[0, k].plot(t, ref / 1e-4, "k--", lw=0.8, label="convolution of J(t)")
        ax[0, k].set_title(f"{mode}: strain over sigma0/K")
        ax[0, k].legend(fontsize=7)
        err = np.abs(strain / np.where(ref != 0, ref, np.nan) - 1.0)
        ax[1, k].semilogy(t, err, "b-", lw=0.6)
        ax[1, k].axhline(TARGET["creep"], color="k", ls=":")
        for x in (tr, t1, t1 + tr):
            ax[1, k].axvline(x, color="0.6", lw=0.6)
        ax[1, k].set_ylim(1e-9, 1)
        ax[1, k].set_xlabel("time")
        ax[1, k].set_title("relative error (ramps between grey lines)", fontsize=9)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "creep.png"), dpi=100)
    plt.close(fig)

    # dynamic
    fig, ax = plt.subplots(1, 3, figsize=(15, 4.5))
    ww = np.logspace(math.log10(min(omegas)) - 0.3, math.log10(max(omegas)) + 0.3, 300)
    f = np.array([dynamic_formula(w) for w in ww])
    ax[0].semilogx(ww, f[:, 0], "k-", lw=0.8, label="E' formula")
    ax[0].semilogx(ww, f[:, 1], "k--", lw=0.8, label="E'' formula")
    ax[1].semilogx(ww, np.arctan2(f[:, 1], f[:, 0]), "k-", lw=0.8, label="formula")
    for mode, mk in zip(MODES, ("o", "s", "^", "x")):
        rs = [dyn[(mode, w)] for w in omegas]
        ax[0].semilogx(omegas, [r["storage"] for r in rs], mk, mfc="none", label=f"{mode} E'")
        ax[0].semilogx(omegas, [r["loss"] for r in rs], mk, label=f"{mode} E''")
        ax[1].semilogx(omegas, [math.atan2(r["loss"], r["storage"]) for r in rs], mk, mfc="none", label=mode)
        for qty, color in (("storage", "C0"), ("loss", "C1"), ("phase", "C2"), ("dissipation", "C3")):
            errs = []
            for r, w in zip(rs, omegas):
                e1, e2 = dynamic_formula(w)
                errs.append({"storage": abs(r["storage"] / e1 - 1), "loss": abs(r["loss"] / e2 - 1),
                             "phase": abs(math.atan2(r["loss"], r["storage"]) / math.atan2(e2, e1) - 1),
                             "dissipation": abs(r["diss"] / math.pi / e2 - 1)}[qty])
            ax[2].loglog(omegas, np.maximum(errs, 1e-17), mk + "-", color=color, mfc="none", ms=4, lw=0.6,
                         label=qty if mode == "axial" else None)
    ax[2].axhline(TARGET["dissipation"], color="k", ls=":", label="target 1e-4")
    ax[0].set_title("storage and loss stiffness over K")
    ax[1].set_title("phase angle (rad)")
    ax[2].set_title("relative error against the formulas, every mode")
    for a in ax:
        a.set_xlabel("angular frequency w")
        a.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "dynamic.png"), dpi=100)
    plt.close(fig)


if __name__ == "__main__":
    try:
        main()
    except RuntimeError as e:
        sys.exit(f"study_viscoelastic.py: {e}")
