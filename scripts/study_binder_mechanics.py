#!/usr/bin/env python3
"""The binder as a material: beam benchmarks of bond_style rrp/binder, side by side with LAMMPS's
bond_style bpm/rotational at matched stiffness (studies/binder-mechanics/).

  study_binder_mechanics.py [--quick] [--out DIR]

- cantilever: a straight chain of n binders (spheres of diameter 1, density 1.9, spacing 1), the
  first sphere held, a transverse tip force F, damped (fix viscous, critical for the lowest
  bending mode) until static: tip deflection and rotation against the closed form of the
  discrete chain (doc/theory.rst section 6) and its Euler-Bernoulli limit, for each shear form;
- linearity: the tip deflection of n = 10 for F = 1e-5 ... 1e-2;
- free-free chain: the lowest axial, torsional and bending frequencies against the discrete
  chain's (axial and torsion in closed form, bending from the eigenvalues of its linearised
  energy), measured from the zero crossings of a pure mode.

Writes table.md, cantilever.csv, frequencies.csv and (with matplotlib) cantilever.png into --out
(default studies/binder-mechanics). Progress on stderr. Needs numpy; the figure needs matplotlib
(python3-numpy, python3-matplotlib on Debian)."""
import argparse
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402

np = rrplmp.need("numpy")

TOP = rrplmp.TOP
KB, KT, KA, KS = 10.0, 10.0, 200.0, 200.0   # the chain: Km 10, Ka 200, Ks 200; L0 = 1
MASS = 1.9 * math.pi / 6                    # a sphere of diameter 1, density 1.9
INERTIA = 0.1 * MASS                         # 2/5 m r^2

HEAD = """
{load}
units           lj
boundary        f f f
atom_style      {astyle}
atom_modify     map array
region          box block -2 {xhi} -{w} {w} -{w} {w}
create_box      1 box bond/types 1 extra/bond/per/atom 2 extra/special/per/atom 4
{atoms}
set             type 1 diameter 1.0
set             type 1 density 1.9
pair_style      zero 1.5
pair_coeff      * *
create_bonds    many all all 1 0.9 1.1
{bond}
"""

MODELS = {
    # name: (atom style, bond lines, integrator, plugin needed)
    "rrp linear": ("hybrid sphere bond", f"special_bonds lj/coul 1 1 1\nbond_style rrp/binder shear linear\nbond_coeff 1 {KB} {KT} {KA} {KS}", "rrp/nve"),
    "rrp convected": ("hybrid sphere bond", f"special_bonds lj/coul 1 1 1\nbond_style rrp/binder shear convected\nbond_coeff 1 {KB} {KA} {KS}", "rrp/nve"),
    "rrp paper": ("hybrid sphere bond", f"special_bonds lj/coul 1 1 1\nbond_style rrp/binder shear paper\nbond_coeff 1 {KB} {KA} {KS}", "rrp/nve"),
    # bpm/rotational at matched stiffness: Kr = Ka/L0^2, Ks = Ks/L0^2, Kt, Kb; no damping, no breaking
    "bpm/rotational": ("bpm/sphere", "comm_modify vel yes\nspecial_bonds lj 0 1 1 coul 1 1 1\nbond_style bpm/rotational break no smooth no\n"
                       f"bond_coeff 1 {KA} {KS} {KT} {KB} 1 1 1 1 0 0 0 0", "nve/bpm/sphere"),
}


def run_text(text, prefix, variables):
    """an input's text run in a new folder; the log's text"""
    wd = tempfile.mkdtemp(prefix=prefix)
    path = os.path.join(wd, "in.lmp")
    with open(path, "w") as fh:
        fh.write(text)
    return rrplmp.run_lmp(wd, path, **variables)


def run(model, n, body, variables):
    """run an input of a chain of n binders (n+1 spheres) with `body` appended; thermo rows"""
    astyle, bond, fix = MODELS[model]
    load = f"plugin load {rrplmp.PLUGIN}"
    atoms = "\n".join(f"create_atoms    1 single {k}.0 0 0" for k in range(n + 1))
    text = HEAD.format(load=load, astyle=astyle, xhi=n + 2, w=n + 2, atoms=atoms, bond=bond) + \
        body.replace("{fix}", fix)
    return rrplmp.last_thermo(run_text(text, "rrp-beam-", variables))


CANTILEVER = """
group           held id 1
group           free subtract all held
group           tip id ${tip}
fix             1 free {fix}
fix             f tip addforce 0 ${F} 0
fix             v free viscous ${gamma}
compute         q tip property/atom quatw quatk
compute         wy tip reduce max y
compute         qw tip reduce max c_q[1]
compute         qk tip reduce max c_q[2]
thermo_style    custom step c_wy c_qw c_qk
thermo_modify   format float %.17g
thermo          ${every}
timestep        ${dt}
run             ${steps}
"""
# the orientation of atom_style sphere is fix rrp/nve's; compute rrp/atom gives its quaternion
CANTILEVER_SPHERE = CANTILEVER.replace("compute         q tip property/atom quatw quatk\n",
                                       "compute         o tip rrp/atom\n").replace(
    "c_q[1]", "c_o[4]").replace("c_q[2]", "c_o[7]")


def closed_form(F, n):
    """the discrete Timoshenko chain (shear linear), L0 = 1: deflection and rotation of the tip"""
    return F * n ** 3 / (3 * KB) - F * n / (12 * KB) + F * n / KS, F * n ** 2 / (2 * KB)


def cantilever(model, n, F, steps_scale=1.0):
    """tip deflection, rotation, and the deflection's history (time, w)"""
    omega1 = 1.8751 ** 2 * math.sqrt(KB / (MASS * n ** 4))   # lowest bending mode, Euler-Bernoulli
    dt = 0.002 if n <= 12 else 0.005
    t_end = 20.0 / omega1 * steps_scale
    steps = int(round(t_end / dt / 1000)) * 1000
    body = CANTILEVER_SPHERE if MODELS[model][0].startswith("hybrid") else CANTILEVER
    rows = run(model, n, body, {"tip": n + 1, "F": F, "gamma": 2 * MASS * omega1, "dt": dt,
                                "every": steps // 20, "steps": steps})
    w = rows[-1][1]
    qw, qk = rows[-1][2], rows[-1][3]
    rot = 2 * math.atan2(qk, qw)
    static = abs(rows[-1][1] - rows[-2][1]) / abs(rows[-1][1])
    return w, rot, static, [(r[0] * dt, r[1]) for r in rows]


def free_mode(model, n, kind):
    """the period of the lowest free-free mode of a chain of n+1 spheres, excited alone"""
    N = n + 1
    j = np.arange(N)
    if kind in ("axial", "torsion"):
        shape = 1e-4 * np.cos(math.pi * (j + 0.5) / N)
        if kind == "axial":
            velocity = "\n".join(f"velocity        a{k + 1} set {shape[k]:.17g} 0 0" for k in range(N))
            observe = "vx"
        else:
            velocity = "\n".join(f"set             atom {k + 1} omega {shape[k]:.17g} 0 0" for k in range(N))
            observe = "omegax"
    else:
        w, vec = bending_modes(n)
        shape = vec / np.max(np.abs(vec)) * 1e-4
        velocity = "\n".join(f"velocity        a{k + 1} set 0 {shape[2 * k]:.17g} 0\n"
                             f"set             atom {k + 1} omega 0 0 {shape[2 * k + 1]:.17g}" for k in range(N))
        observe = "vy"
    groups = "\n".join(f"group           a{k + 1} id {k + 1}" for k in range(N))
    body = groups + "\n" + velocity + f"""
fix             1 all {{fix}}
compute         p a1 property/atom {observe}
compute         o a1 reduce sum c_p
thermo_style    custom step time c_o
thermo_modify   format float %.17g
thermo          1
timestep        ${{dt}}
run             ${{steps}}
"""
    expected = analytic_frequency(n, kind)
    dt = 2 * math.pi / expected / 400
    rows = run(model, n, body, {"dt": dt, "steps": 2400})
    cross = []
    for a, b in zip(rows, rows[1:]):
        if (a[2] > 0 >= b[2]) or (a[2] < 0 <= b[2]):
            cross.append(a[1] + (b[1] - a[1]) * a[2] / (a[2] - b[2]))
    period = 2 * (cross[-1] - cross[0]) / (len(cross) - 1)
    return 2 * math.pi / period, expected


def bending_modes(n):
    """the lowest nonzero bending mode of the free-free chain in the linearised energy (shear
    linear): DOFs (w_k, psi_k) per sphere; returns its angular frequency and shape"""
    N = n + 1
    K = np.zeros((2 * N, 2 * N))
    for e in range(n):
        # U_e = Kb/2 (psi_j - psi_i)^2 + Ks/2 ((w_j - w_i) - (psi_i + psi_j)/2)^2, L0 = 1
        a = np.zeros(2 * N)
        a[2 * (e + 1) + 1], a[2 * e + 1] = 1.0, -1.0
        b = np.zeros(2 * N)
        b[2 * (e + 1)], b[2 * e] = 1.0, -1.0
        b[2 * e + 1] = b[2 * (e + 1) + 1] = -0.5
        K += KB * np.outer(a, a) + KS * np.outer(b, b)
    M = np.diag([MASS if k % 2 == 0 else INERTIA for k in range(2 * N)])
    Mi = np.diag(1 / np.sqrt(np.diag(M)))
    vals, vecs = np.linalg.eigh(Mi @ K @ Mi)
    k = next(i for i, v in enumerate(vals) if v > 1e-8 * vals[-1])
    return math.sqrt(vals[k]), Mi @ vecs[:, k]


def analytic_frequency(n, kind):
    N = n + 1
    if kind == "axial":
        return 2 * math.sqrt(KA / MASS) * math.sin(math.pi / (2 * N))
    if kind == "torsion":
        return 2 * math.sqrt(KT / INERTIA) * math.sin(math.pi / (2 * N))
    return bending_modes(n)[0]


# the elastica: nearly inextensible, shear-rigid binders (the beam of Bisshopp and Drucker)
KA_STIFF = KS_STIFF = 2e4
STIFF = {
    "rrp linear": ("hybrid sphere bond", f"special_bonds lj/coul 1 1 1\nbond_style rrp/binder shear linear\n"
                   f"bond_coeff 1 {KB} {KT} {KA_STIFF} {KS_STIFF}", "rrp/nve"),
    "rrp convected": ("hybrid sphere bond", f"special_bonds lj/coul 1 1 1\nbond_style rrp/binder shear convected\n"
                      f"bond_coeff 1 {KB} {KA_STIFF} {KS_STIFF}", "rrp/nve"),
    "bpm/rotational": ("bpm/sphere", "comm_modify vel yes\nspecial_bonds lj 0 1 1 coul 1 1 1\n"
                       "bond_style bpm/rotational break no smooth no\n"
                       f"bond_coeff 1 {KA_STIFF} {KS_STIFF} {KT} {KB} 1 1 1 1 0 0 0 0", "nve/bpm/sphere"),
}
# Bisshopp and Drucker (1945), Table 1: the vertical tip deflection over L of the elastica
BISSHOPP_DRUCKER = {1: 0.30172, 2: 0.49346, 5: 0.71379, 10: 0.81061}

ELASTICA = """
group           held id 1
group           free subtract all held
group           tip id ${tip}
fix             1 free {fix}
fix             f tip addforce 0 -${P} 0
fix             v free viscous ${gamma}
compute         x tip reduce max x
compute         y tip reduce min y
thermo_style    custom step c_x c_y
thermo_modify   format float %.17g
thermo          ${every}
timestep        ${dt}
run             ${steps}
"""


def elastica(alpha, steps=4000):
    """the tip of the continuous elastica under a dead transverse load, P L^2/EI = alpha:
    EI theta'' = -P cos(theta), theta(0) = 0, theta'(L) = 0 (theta the slope), by shooting on
    theta'(0) with classical Runge-Kutta; returns (horizontal, vertical) tip displacement over L"""
    def shoot(k0):
        h = 1.0 / steps
        th, k, x, y = 0.0, k0, 0.0, 0.0
        f = lambda th_, k_: (k_, -alpha * math.cos(th_), math.cos(th_), math.sin(th_))
        for _ in range(steps):
            a = f(th, k)
            b = f(th + h / 2 * a[0], k + h / 2 * a[1])
            c = f(th + h / 2 * b[0], k + h / 2 * b[1])
            d = f(th + h * c[0], k + h * c[1])
            th += h / 6 * (a[0] + 2 * b[0] + 2 * c[0] + d[0])
            k += h / 6 * (a[1] + 2 * b[1] + 2 * c[1] + d[1])
            x += h / 6 * (a[2] + 2 * b[2] + 2 * c[2] + d[2])
            y += h / 6 * (a[3] + 2 * b[3] + 2 * c[3] + d[3])
        return k, x, y
    lo, hi = 0.0, alpha
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if shoot(mid)[0] > 0:
            hi = mid
        else:
            lo = mid
    _, x, y = shoot(0.5 * (lo + hi))
    return 1.0 - x, y


def large_deflection(model, n, alpha):
    """the chain's tip displacement over L under P = alpha EI/L^2 (EI = Kb L0, L = n L0)"""
    saved = MODELS.get(model)
    MODELS[model] = STIFF[model]
    try:
        omega1 = 1.8751 ** 2 * math.sqrt(KB / (MASS * n ** 4))
        dt = 0.001   # bpm/rotational loses atoms at 0.002 with these stiffnesses
        steps = int(round(20.0 / omega1 / dt / 1000)) * 1000
        rows = run(model, n, ELASTICA, {"tip": n + 1, "P": alpha * KB / n ** 2, "gamma": 2 * MASS * omega1,
                                        "dt": dt, "every": steps // 20, "steps": steps})
    finally:
        MODELS[model] = saved
    x, y = rows[-1][1], rows[-1][2]
    static = abs(rows[-1][2] - rows[-2][2]) / abs(rows[-1][2])
    return (n - x) / n, -y / n, static


GREENHILL = """
group           ends id 1 ${tip}
group           inner subtract all ends
variable        wx atom ${half}*(2*(x>1)-1)
velocity        all set 0 0 0
set             group ends omega v_wx 0 0
# a small lateral perturbation, so that the straight chain can leave the axis
variable        dy atom 1e-6*sin(3.1*x)
variable        dz atom 1e-6*cos(2.3*x)
displace_atoms  inner move 0 v_dy v_dz
fix             1 all {fix}
fix             hold ends freeze
fix             v inner viscous ${gamma}
variable        r2 atom y*y+z*z
compute         rmax inner reduce max v_r2
thermo_style    custom step c_rmax
thermo_modify   format float %.17g
thermo          ${ramp}
timestep        ${dt}
run             ${ramp}
set             group ends omega 0 0 0
thermo          ${hold}
run             ${hold}
"""


def twisted_grows(model, n, kt, phi):
    """a chain of n binders, its end spheres held in place and turned in opposite senses about the
    axis to a total twist phi (slowly), then held: does its lateral excursion grow?"""
    saved = MODELS[model]
    astyle, bond, fix = saved
    MODELS[model] = (astyle, bond.replace(f"{KB} {KT} {KA}", f"{KB} {kt} {KA}"), fix)
    try:
        dt, ramp, hold = 0.002, 200000, 800000
        omega1 = 22.37 * math.sqrt(KB / (MASS * n ** 4))    # the clamped chain's lowest bending mode
        rows = run(model, n, GREENHILL, {"tip": n + 1, "half": phi / (2 * ramp * dt), "gamma": 0.2 * MASS * omega1,
                                         "dt": dt, "ramp": ramp, "hold": hold})
    finally:
        MODELS[model] = saved
    # the last table is the hold's: its first row the end of the ramp, its last the end of the hold
    r_ramp, r_hold = math.sqrt(rows[0][1]), math.sqrt(rows[-1][1])
    return r_hold > 100 * max(r_ramp, 1e-12) or r_hold > 0.5


def greenhill(model, n, kt, steps=6):
    """the critical total twist of the clamped chain, bracketed by bisection between a twist at
    which it stays straight and one at which it writhes"""
    crit = 8.987 * KB / kt
    lo, hi = 0.5 * crit, 2.0 * crit
    if twisted_grows(model, n, kt, lo) or not twisted_grows(model, n, kt, hi):
        return float("nan"), float("nan")
    for _ in range(steps):
        mid = 0.5 * (lo + hi)
        if twisted_grows(model, n, kt, mid):
            hi = mid
        else:
            lo = mid
    return lo, hi


def label_energies(model, sites, order, steps=5000):
    """the energies after `steps` steps of spheres at `sites` created in `order` (other IDs, the
    same positions, velocities and spins): bond energy, translational and rotational kinetic"""
    astyle, bond, fix = MODELS[model]
    atoms = "\n".join(f"create_atoms    1 single {sites[k]}" for k in order)
    text = f"""
plugin load {rrplmp.PLUGIN}
units           lj
boundary        f f f
atom_style      {astyle}
atom_modify     map array
region          box block -5 9 -5 9 -5 9
create_box      1 box bond/types 1 extra/bond/per/atom 8 extra/special/per/atom 30
{atoms}
set             type 1 diameter 1.0
set             type 1 density 1.9
variable        vx atom 0.05*sin(1.3*x+0.4*y)
variable        vy atom 0.05*cos(0.7*y+0.9*z)
variable        vz atom 0.05*sin(1.1*z-0.5*x)
variable        ox atom 0.4*sin(2.1*x+y)
variable        oy atom 0.4*cos(1.7*y-z)
variable        oz atom 0.4*sin(0.8*z+x)
velocity        all set v_vx v_vy v_vz
set             group all omega v_ox v_oy v_oz
pair_style      zero 1.5
pair_coeff      * *
create_bonds    many all all 1 0.0 1.2
{bond}
fix             1 all {fix}
compute         kr all erotate/sphere
thermo_style    custom step ebond ke c_kr
thermo_modify   format float %.17g norm no
thermo          {steps}
timestep        0.002
run             {steps}
"""
    return rrplmp.last_thermo(run_text(text, "rrp-labels-", {}))[1][1:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="n = 10 only, short runs")
    ap.add_argument("--out", default=os.path.join(TOP, "studies", "binder-mechanics"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if not os.path.exists(rrplmp.PLUGIN):
        sys.exit(f"error: plugin {rrplmp.PLUGIN} not found: build first (scripts/build.sh) or set RRP_PLUGIN")
    table = ["# The binder as a material: beam benchmarks", "",
             "Generated by `scripts/study_binder_mechanics.py" + (" --quick" if args.quick else "") + "`. "
             f"Chains of spheres (diameter 1, density 1.9, spacing L0 = 1), Kb = {KB}, Kt = {KT}, Ka = {KA}, "
             f"Ks = {KS}; bond_style bpm/rotational at matched stiffness (Kr = {KA}, Ks = {KS}, Kt = {KT}, "
             f"Kb = {KB}).", ""]

    # cantilever, small load
    sizes = (10,) if args.quick else (10, 40)
    F = 1e-5
    table += ["## Cantilever, small tip load F = 1e-5", "",
              "Static: the relative change of the deflection over the run's last 5%. Closed form: the discrete "
              "Timoshenko chain of doc/theory.rst section 6; Euler-Bernoulli: F L^3/(3 EI) + F L/(kappa G A).", "",
              "| n | model | tip deflection | closed form | rel. error | tip rotation | closed form | rel. error | static |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    csv = ["n,model,F,t,w"]
    histories = {}
    for n in sizes:
        w_exact, r_exact = closed_form(F, n)
        for model in MODELS:
            rrplmp.log(f"cantilever n = {n}: {model}")
            w, rot, static, hist = cantilever(model, n, F)
            histories[(n, model)] = hist
            csv += [f"{n},{model},{F},{t_:.6g},{w_:.10g}" for t_, w_ in hist]
            table.append(f"| {n} | {model} | {w:.6g} | {w_exact:.6g} | {abs(w / w_exact - 1):.2g} | {rot:.6g} | "
                         f"{r_exact:.6g} | {abs(rot / r_exact - 1):.2g} | {static:.1g} |")
        eb = F * n ** 3 / (3 * KB) + F * n / KS
        table.append(f"| {n} | Euler-Bernoulli + shear, continuum | {eb:.6g} | | {abs(eb / w_exact - 1):.2g} | "
                     f"{r_exact:.6g} | | | |")
    table.append("")

    # linearity
    loads = (1e-5, 1e-4, 1e-3) if args.quick else (1e-5, 1e-4, 1e-3, 1e-2)
    table += ["## Linearity: tip deflection of n = 10 against the load", "",
              "| F | " + " | ".join(m for m in MODELS if m != "rrp paper") + " | closed form |",
              "| --- |" + " --- |" * (len(MODELS) + 0)]
    sweep = {}
    for Fk in loads:
        row = []
        for model in MODELS:
            if model == "rrp paper":
                continue
            rrplmp.log(f"linearity F = {Fk}: {model}")
            w, _, _, _ = cantilever(model, 10, Fk)
            sweep.setdefault(model, []).append(w)
            row.append(f"{w:.5g}")
        table.append(f"| {Fk:g} | " + " | ".join(row) + f" | {closed_form(Fk, 10)[0]:.5g} |")
    table += ["", "The paper's shear forms (convected, paper) have no small-strain shear stiffness: their "
              "deflection is not proportional to the load, and at small loads the chain is still creeping "
              "when the others are static (the deflection history is in cantilever.csv).", ""]

    # large deflection
    alphas = (5,) if args.quick else (1, 2, 5, 10)
    n_el = 40
    table += [f"## Large deflection: a chain of {n_el} binders against the elastica", "",
              f"Ka = Ks = {KA_STIFF:g} (nearly inextensible and shear-rigid), Kb = {KB}; the tip load P = alpha EI/L^2 "
              "stays vertical (Bisshopp and Drucker 1945). Tip displacements over L: horizontal (shortening) and "
              "vertical. Elastica: shooting on the exact equation here; B&D: their Table 1.", "",
              "| alpha | model | horizontal | vertical | elastica h, v | B&D v | rel. error v | static |",
              "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    ecsv = ["alpha,model,horizontal,vertical,elastica_h,elastica_v"]
    for alpha in alphas:
        eh, ev = elastica(alpha)
        for model in STIFF:
            if args.quick and model == "rrp convected":
                continue
            rrplmp.log(f"elastica alpha = {alpha}: {model}")
            try:
                h, v, static = large_deflection(model, n_el, alpha)
            except RuntimeError as e:
                # a model that blows up is a result: say where
                where = next((l for l in str(e).splitlines() if "ERROR" in l), "LAMMPS stopped")
                ecsv.append(f"{alpha},{model},nan,nan,{eh:.10g},{ev:.10g}")
                table.append(f"| {alpha} | {model} | failed | | {eh:.5f}, {ev:.5f} | {BISSHOPP_DRUCKER[alpha]} | | "
                             f"{where.split('(src')[0].replace('ERROR on proc 0: ', '').strip()} |")
                continue
            ecsv.append(f"{alpha},{model},{h:.10g},{v:.10g},{eh:.10g},{ev:.10g}")
            table.append(f"| {alpha} | {model} | {h:.5f} | {v:.5f} | {eh:.5f}, {ev:.5f} | {BISSHOPP_DRUCKER[alpha]} | "
                         f"{abs(v / ev - 1):.2g} | {static:.1g} |")
    table.append("")

    # free-free frequencies
    table += ["## Free-free chain of 11 spheres: lowest frequencies", "",
              "| mode | model | measured | discrete chain | rel. difference |", "| --- | --- | --- | --- | --- |"]
    fcsv = ["mode,model,measured,expected"]
    for kind in ("axial", "torsion", "bending"):
        for model in ("rrp linear", "bpm/rotational"):
            rrplmp.log(f"free-free {kind}: {model}")
            got, expected = free_mode(model, 10, kind)
            fcsv.append(f"{kind},{model},{got:.10g},{expected:.10g}")
            table.append(f"| {kind} | {model} | {got:.6g} | {expected:.6g} | {abs(got / expected - 1):.2g} |")
    table.append("")

    # labels
    import random
    rng = random.Random(33)
    triple = ["0.0 0 0", "1.0 0 0", "1.5 0.866 0"]
    grid = [f"{x + 0.03 * rng.uniform(-1, 1):.6f} {y + 0.03 * rng.uniform(-1, 1):.6f} "
            f"{z + 0.03 * rng.uniform(-1, 1):.6f}" for x in range(3) for y in range(3) for z in range(3)]
    table += ["## The atoms' labels", "",
              "The same spheres (positions, velocities, spins from the positions) created in another order, "
              "so with other IDs: the largest relative change of the bond energy, translational and "
              "rotational kinetic energy after 5000 steps.", "",
              "| system | model | relative change |", "| --- | --- | --- |"]
    for name, sites, order in (("3 spheres", triple, [2, 0, 1]),
                               ("packing of 27", grid, rng.sample(range(27), 27))):
        for model in ("rrp linear", "rrp convected", "bpm/rotational"):
            rrplmp.log(f"labels, {name}: {model}")
            a = label_energies(model, sites, list(range(len(sites))))
            b = label_energies(model, sites, order)
            dev = max(abs(x - y) / max(abs(x), 1e-300) for x, y in zip(a, b))
            table.append(f"| {name} | {model} | {dev:.2g} |")
    table.append("")

    # Greenhill
    if not args.quick:
        table += ["## A chain twisted at its ends: the writhing onset", "",
                  "40 binders, both end spheres held in place and turned about the axis in opposite senses to a "
                  "total twist (over 200000 steps), then held for 800000 steps, lightly damped, with a lateral "
                  "perturbation of 1e-6: the chain writhes when the perturbation grows a hundredfold. The onset "
                  "is bracketed by bisection (6 steps). Greenhill: the clamped-clamped critical twisting moment "
                  "8.99 EI/L, a total twist of 8.99 Kb/Kt for the chain (EI = Kb L0, GJ = Kt L0).", "",
                  "| model | Kt | straight at | writhes at | Greenhill | ratio (midpoint) |",
                  "| --- | --- | --- | --- | --- | --- |"]
        for model in ("rrp linear", "bpm/rotational"):
            for kt in (KT, 2 * KT):
                rrplmp.log(f"greenhill: {model}, Kt = {kt}")
                expect = 8.987 * KB / kt
                try:
                    lo, hi = greenhill(model, 40, kt)
                except RuntimeError as e:
                    where = next((l for l in str(e).splitlines() if "ERROR" in l), "LAMMPS stopped")
                    where = where.split("(src")[0].replace("ERROR on proc 0: ", "").strip()
                    table.append(f"| {model} | {kt:g} | failed: {where} | | {expect:.4g} | |")
                    continue
                table.append(f"| {model} | {kt:g} | {lo:.4g} | {hi:.4g} | {expect:.4g} | "
                             f"{0.5 * (lo + hi) / expect:.3f} |")
        table.append("")

    rrplmp.write_lines(args.out, {"table.md": table, "cantilever.csv": csv, "frequencies.csv": fcsv,
                                  "elastica.csv": ecsv})
    plt = rrplmp.pyplot()
    if plt:
        fig, ax = plt.subplots(1, 2, figsize=(11, 4.2))
        for model in MODELS:
            h = histories[(10, model)]
            ax[0].plot([p[0] for p in h], [p[1] for p in h], label=model)
        ax[0].axhline(closed_form(F, 10)[0], color="k", ls=":", label="closed form (shear linear)")
        ax[0].set_yscale("log")
        ax[0].set_xlabel("time")
        ax[0].set_ylabel("tip deflection, F = 1e-5")
        ax[0].legend(fontsize=8)
        for model, ws in sweep.items():
            ax[1].loglog(loads, ws, "o-", label=model)
        ax[1].loglog(loads, [closed_form(f, 10)[0] for f in loads], "k:", label="closed form")
        ax[1].set_xlabel("tip load F")
        ax[1].set_ylabel("tip deflection at the end of the run")
        ax[1].legend(fontsize=8)
        fig.suptitle("Cantilever of 10 binders")
        fig.tight_layout()
        fig.savefig(os.path.join(args.out, "cantilever.png"), dpi=110)
    rrplmp.log(f"wrote {args.out}/table.md")


if __name__ == "__main__":
    try:
        main()
    except RuntimeError as e:
        sys.exit(f"study_binder_mechanics.py: {e}")
