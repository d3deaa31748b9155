"""fix rrp/nve under LAMMPS's BPM styles, on atom_style bpm/sphere, whose quaternion atom->quat
is the orientation every style sees.

1. Two spheres joined by one bond_style bpm/rotational bond, one spinning: fix rrp/nve and
   fix nve/bpm/sphere advance atom->quat alike; their difference falls at second order as the
   time step is halved twice (both maps are second order).
2. LAMMPS's examples/bpm/impact/in.bpm.impact.rotational and examples/bpm/pour/in.bpm.pour,
   read from the LAMMPS tree with the integrator line swapped (plus the time step, the run
   length and, for the pour, the deposit interval in steps, so that molecules arrive at the
   same times), over a window before the first bond breaks. In the impact, bpm/rotational
   computes bond angles with acos of quaternion components near 1, which amplifies round-off to
   ~sqrt(eps): fix nve/bpm/sphere itself differs by ~1e-8 between 1 and 2 MPI ranks there, and
   the two integrators (on 1 rank) agree to that floor at every time step. In the pour the difference is
   above the floor and falls at second order. Broken-bond counts of the impact run on past the
   window are reported side by side.
3. A binder composite (bond_style rrp/binder, pair_style rrp/hertz) on atom_style bpm/sphere:
   under fix rrp/nve bitwise the same run as on atom_style sphere (the two orientation layouts
   agree), and under fix nve/bpm/sphere converging to it at second order."""
import math
import os

import rrptest as t

Q = "compute q all property/atom quatw quati quatj quatk\n"
DUMP = ("write_dump all custom {name} id x y z c_q[1] c_q[2] c_q[3] c_q[4] omegax omegay omegaz "
        "modify sort id format float %.17g")


def read(wd, name="final.dump"):
    return {int(l.split()[0]): [float(v) for v in l.split()[1:]]
            for l in t.dump_lines(os.path.join(wd, name))}


def differences(a, b):
    """largest distance of positions and of orientations (up to sign) between two snapshots"""
    dx = max(math.dist(a[i][:3], b[i][:3]) for i in a)
    dq = max(t.quat_distance(a[i][3:7], b[i][3:7]) for i in a)
    return dx, dq


def order(e1, e2, e3):
    return math.log2(e1 / e3) / 2.0


# --- 1. two spheres, one bpm/rotational bond, one sphere spinning at 1 about z ---
TWO = """
units           lj
atom_style      bpm/sphere
boundary        f f f
special_bonds   lj 0.0 1.0 1.0 coul 1.0 1.0 1.0
newton          on off
comm_modify     vel yes
region          box block -5 5 -5 5 -5 5
create_box      1 box bond/types 1 extra/bond/per/atom 1 extra/special/per/atom 1
create_atoms    1 single 0 0 0
create_atoms    1 single 1 0 0
set             group all diameter 1.0
set             group all density 1.9
create_bonds    single/bond 1 1 2
pair_style      zero 1.0
pair_coeff      * *
bond_style      bpm/rotational break no smooth no
bond_coeff      1 1.0 0.2 0.02 0.02 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0
set             atom 1 omega 0 0 1
fix             1 all {fix}
timestep        {dt}
thermo          0
""" + Q + "run {n}\n" + DUMP.format(name="final.dump") + "\n"
diffs = []
for dt in (0.02, 0.01, 0.005):
    snaps = {}
    for fix in ("nve/bpm/sphere", "rrp/nve"):
        wd = t.workdir("bpm-two")
        with open(os.path.join(wd, "in.two"), "w") as fh:
            fh.write(TWO.format(fix=fix, dt=dt, n=round(10.0 / dt)))
        t.run_example(os.path.join(wd, "in.two"), wd)
        snaps[fix] = read(wd)
    diffs.append(differences(snaps["nve/bpm/sphere"], snaps["rrp/nve"]))
    rrp = snaps["rrp/nve"]
t.check("two bonded spheres: the spinning sphere's atom->quat turns under fix rrp/nve",
        abs(rrp[1][3]) < 0.9 and abs(rrp[2][3]) < 0.99,
        f"quatw {rrp[1][3]:.4f} and {rrp[2][3]:.4f} after t = 10")
t.check("two bonded spheres: the bond slowed the spin (bpm/rotational sees the turn)",
        rrp[1][9] < 0.95, f"omega_z {rrp[1][9]:.4f}")
for k, what in ((0, "positions"), (1, "quaternions")):
    e = [d[k] for d in diffs]
    p = order(*e)
    t.check(f"two bonded spheres: rrp/nve - nve/bpm/sphere in {what} falls at order 2 +- 0.25",
            abs(p - 2.0) < 0.25 and e[0] < 1e-3, " ".join(f"{v:.3e}" for v in e) + f", order {p:.3f}")

# --- 2a. examples/bpm/impact/in.bpm.impact.rotational: 25 time units (the first bond breaks at
#     about 26.5), then on to 50 for the broken-bond counts ---
IMPACT = "bpm/impact/in.bpm.impact.rotational"


def impact(fix, dt, np, n_more=0):
    n = round(25.0 / dt)
    wd = t.workdir("bpm-impact")
    tail = Q + f"run {n}\n" + DUMP.format(name="final.dump") + "\n"
    if n_more:
        tail += f"run {n_more}\n"
    path = t.lammps_example(IMPACT, [
        ("fix             1 all nve/bpm/sphere", f"fix             1 all {fix}"),
        ("timestep        0.05", f"timestep        {dt}"),
        ("thermo          100", f"thermo          {n}"),
        ("run             7500", tail)], wd)
    out = t.run_example(path, wd, np=np)
    bonds, thermo = [], False   # c_tbond, the last thermo column, at each thermo output
    for line in out.splitlines():
        w = line.split()
        if w[:1] == ["Step"]:
            thermo = True
        elif thermo and len(w) == 7 and w[0].isdigit():
            bonds.append(float(w[-1]))
        elif line.startswith("Loop time"):
            thermo = False
    return read(wd), bonds


# (the comparisons run on 1 rank: the same checks as on 2, with less work; the reference at
# dt 0.05 is the floor's 1-rank run, which goes on to t = 50)
first = impact("nve/bpm/sphere", 0.05, 1, round(25.0 / 0.05))
floor = differences(first[0], impact("nve/bpm/sphere", 0.05, 2)[0])
t.check("impact: fix nve/bpm/sphere on 1 and 2 ranks differs at bpm/rotational's round-off floor",
        floor[0] < 1e-7 and floor[1] < 1e-6, f"positions {floor[0]:.2e}, quaternions {floor[1]:.2e}")
counts = {}
for dt in (0.05, 0.025, 0.0125):
    more = round(25.0 / dt) if dt == 0.05 else 0
    ref, bref = first if dt == 0.05 else impact("nve/bpm/sphere", dt, 1)
    got, bgot = impact("rrp/nve", dt, 1, more)
    dx, dq = differences(ref, got)
    intact = bref[1] == bref[0] and bgot[1] == bgot[0]
    turned = sum(1 for v in got.values() if abs(v[3]) < 1.0 - 1e-9)
    t.check(f"impact, dt {dt}: no bond broken in the window, atom->quat advanced by fix rrp/nve",
            intact and turned > 100, f"bonds per atom {bref[1]} / {bgot[1]}, {turned} particles turned")
    t.check(f"impact, dt {dt}: rrp/nve equals nve/bpm/sphere to bpm/rotational's floor (5x the 1-2 rank difference)",
            dx < 5 * floor[0] + 1e-12 and dq < 5 * floor[1] + 1e-12,
            f"positions {dx:.2e}, quaternions {dq:.2e}")
    if more:
        counts = {"nve/bpm/sphere": bref[-1], "rrp/nve": bgot[-1]}
broken = {k: 10.8703 - v for k, v in counts.items()}
t.check("impact to t = 50: bonds break under both integrators, in numbers within 10%",
        min(broken.values()) > 0.05 and abs(broken["rrp/nve"] / broken["nve/bpm/sphere"] - 1.0) < 0.1,
        "bonds per atom at t = 50: " + ", ".join(f"{k} {v}" for k, v in counts.items()))

# --- 2b. examples/bpm/pour/in.bpm.pour: the first molecules land at about t = 572 ---
diffs = []
for dt in (0.05, 0.025, 0.0125):
    n, every = round(590.0 / dt), round(1500 * 0.05 / dt)
    snaps = {}
    for fix in ("nve/bpm/sphere", "rrp/nve"):
        wd = t.workdir("bpm-pour")
        path = t.lammps_example("bpm/pour/in.bpm.pour", [
            ("fix             5 all nve/bpm/sphere", f"fix             5 all {fix}"),
            ("timestep        0.05", f"timestep        {dt}"),
            ("deposit 40 0 1500", f"deposit 40 0 {every}"),
            ("thermo          100", f"thermo          {n}"),
            ("run             100000", Q + f"run {n}\n" + DUMP.format(name="final.dump"))],
            wd, extra_files=("rect.mol",))
        t.run_example(path, wd)
        snaps[fix] = read(wd)
    diffs.append(differences(snaps["nve/bpm/sphere"], snaps["rrp/nve"]))
spin = max(math.sqrt(sum(c * c for c in v[7:10])) for v in snaps["rrp/nve"].values())
t.check("pour: molecules landed and tumble", spin > 0.01 and len(snaps["rrp/nve"]) >= 400,
        f"{len(snaps['rrp/nve'])} atoms, max |omega| {spin:.3g}")
for k, what in ((0, "positions"), (1, "quaternions")):
    e = [d[k] for d in diffs]
    p = order(*e)
    t.check(f"pour: rrp/nve - nve/bpm/sphere in {what} falls at order >= 1.5 over two halvings",
            p >= 1.5 and e[0] < 1e-3, " ".join(f"{v:.3e}" for v in e) + f", order {p:.3f}")

# --- 3. a binder composite on atom_style bpm/sphere ---
COMPOSITE = t.binder_lattice("{style}", block="0 3 0 3 0 3", slots=6, specials=6) + """
fix             1 all {fix}
timestep        {dt}
thermo          0
{qcompute}run             {n}
print           "EBOND $(ebond:%.10g)"
write_dump      all custom final.dump id x y z {quat} omegax omegay omegaz modify sort id format float %.17g
"""
QS = {"bpm/sphere": "c_q[1] c_q[2] c_q[3] c_q[4]",
      "hybrid sphere bond": "d2_rrp_quat[1] d2_rrp_quat[2] d2_rrp_quat[3] d2_rrp_quat[4]"}


def composite(style, fix, dt):
    wd = t.workdir("bpm-composite")
    with open(os.path.join(wd, "in.composite"), "w") as fh:
        fh.write(COMPOSITE.format(style=style, fix=fix, dt=dt, n=round(5.0 / dt), quat=QS[style],
                                   qcompute=Q if style == "bpm/sphere" else ""))
    out = t.run_example(os.path.join(wd, "in.composite"), wd)
    return read(wd), out


a, out = composite("bpm/sphere", "rrp/nve", 0.002)
b, _ = composite("hybrid sphere bond", "rrp/nve", 0.002)
ebond = float(next(l.split()[1] for l in out.splitlines() if l.startswith("EBOND")))
t.check("composite: the binders are loaded", ebond > 1e-4, f"binder energy {ebond:.4g}")
same = all(a[i] == b[i] for i in a)
t.check("composite: fix rrp/nve on atom_style bpm/sphere (atom->quat) equals atom_style sphere "
        "(d2_rrp_quat) bitwise", same and len(a) == 64,
        f"{sum(a[i] != b[i] for i in a)} of {len(a)} atoms differ")
t.check("composite: the particles turned", all(abs(v[3]) < 0.999 for v in a.values()))
diffs = []
for dt in (0.004, 0.002, 0.001):
    ref, _ = composite("bpm/sphere", "rrp/nve", dt)
    got, _ = composite("bpm/sphere", "nve/bpm/sphere", dt)
    diffs.append(differences(ref, got))
for k, what in ((0, "positions"), (1, "quaternions")):
    e = [d[k] for d in diffs]
    p = order(*e)
    t.check(f"composite under fix nve/bpm/sphere (binder and contacts reading atom->quat): "
            f"the difference to fix rrp/nve in {what} falls at order 2 +- 0.25",
            abs(p - 2.0) < 0.25, " ".join(f"{v:.3e}" for v in e) + f", order {p:.3f}")
t.finish()
