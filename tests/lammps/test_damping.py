"""fix rrp/damping: viscous damping gives the bits of LAMMPS's fix viscous + fix viscous/sphere,
Cundall damping LAMMPS's fix damping/cundall to round-off; its work, a global scalar in ecouple,
closes the energy budget (kinetic with rotation + potential + dissipated) to second order in the
step while it removes most of the energy; a run split in two or continued from a restart file
ends as the uninterrupted run to round-off (LAMMPS's fix viscous does not); the work continues through a restart file and is the
same on 2 ranks; bad input stops with an error naming it."""
import os

import rrptest as t

PACK = """
plugin load ${plugin}
units           lj
atom_style      hybrid sphere bond
boundary        p p p
""" + t.jittered_lattice(4, slots=14, specials=40, jitter=0.03, seed=4411, diameter=1.0) + """
mass            * 1.0
""" + t.spinning() + """pair_style      rrp/hertz
pair_coeff      * * 2000.0
bond_style      zero
bond_coeff      1
create_bonds    many all all 1 0.0 1.15
special_bonds   lj/coul 1.0 1.0 1.0
bond_style      rrp/binder shear linear
bond_coeff      1 10.0 200.0 200.0
fix             1 all rrp/nve
"""
RUN = """
compute         er all erotate/sphere
variable        bal equal etotal+c_er+ecouple
thermo_style    custom step etotal c_er ecouple v_bal
thermo_modify   format float %.17g norm no
thermo          ${n}
timestep        ${dt}
run             ${n}
write_dump      all custom final.dump id xu yu zu vx vy vz omegax omegay omegaz modify sort id format float %.17g
"""


def run(damp, dt=0.002, n=1000, np=1, extra=""):
    wd = t.workdir("damping")
    out = t.must_run(PACK + damp + RUN + extra, wd, np=np, variables={"dt": dt, "n": n})
    lines = out.splitlines()
    k = next(i for i, l in enumerate(lines) if l.split()[:2] == ["Step", "TotEng"])
    first = [float(x) for x in lines[k + 1].split()]
    last = [float(x) for x in lines[k + 2].split()]
    return first, last, t.read_dump(os.path.join(wd, "final.dump")), wd, out


def deviation(a, b):
    return max(abs(x - y) for i in a for x, y in zip(a[i], b[i]))


# viscous: LAMMPS's fix viscous and fix viscous/sphere, bit for bit
_, _, ours, _, _ = run("fix d all rrp/damping viscous 0.5 0.1\n")
_, _, theirs, _, _ = run("fix d all viscous 0.5\nfix dr all viscous/sphere 0.1\n")
t.check("viscous: the bits of fix viscous + fix viscous/sphere (1000 steps)", ours == theirs,
        f"largest difference {deviation(ours, theirs):.3g}")
_, _, ours, _, _ = run("fix d all rrp/damping cundall 0.3 0.2\n")
_, _, theirs, _, _ = run("fix d all damping/cundall 0.3 0.2\n")
dev = deviation(ours, theirs)
t.check("cundall: fix damping/cundall's trajectory to round-off (1000 steps)", dev < 1e-10, f"largest difference {dev:.3g}")

# the budget: E + W constant to second order in the step, while most of the energy goes
for form in ("viscous 0.5 0.1", "cundall 0.3 0.2"):
    drift = []
    for dt in (0.004, 0.002):
        first, last, _, _, _ = run(f"fix d all rrp/damping {form}\n", dt=dt, n=int(round(2.0 / dt)))
        drift.append(abs(last[4] - first[4]))
        share = last[3] / first[4]
    order = __import__("math").log2(drift[0] / drift[1])
    t.check(f"{form}: kinetic + potential + dissipated energy constant to second order in the step",
            order > 1.8 and drift[1] < 1e-3 * last[3] and share > 0.5,
            f"drift {drift[0]:.3g} (dt 0.004), {drift[1]:.3g} (dt 0.002): order {order:.2f}; "
            f"dissipated {share:.2f} of the energy")

# a run split in two, and a run continued from a restart file, start with the loads of the
# uninterrupted run (LAMMPS's damping fixes take the full-step velocities there): the same state
# to round-off (the set-up's reneighboring reorders the sums: undamped, the split run differs by
# 2e-13 too), where LAMMPS's fix viscous differs by the step's damping
SPLIT = """
compute         er all erotate/sphere
thermo_style    custom step etotal c_er ecouple
thermo_modify   format float %.17g norm no
timestep        0.002
run             250
${second}
run             250
write_dump      all custom final.dump id xu yu zu vx vy vz omegax omegay omegaz modify sort id format float %.17g
"""
for form in ("viscous 0.5 0.1", "cundall 0.3 0.2"):
    _, whole, ref, _, _ = run(f"fix d all rrp/damping {form}\n", n=500)
    wd = t.workdir("damping-split")
    t.must_run(PACK + f"fix d all rrp/damping {form}\n" + SPLIT.replace("${second}", ""), wd)
    split = t.read_dump(os.path.join(wd, "final.dump"))
    t.check(f"{form}: two runs of 250 steps end as one of 500, to round-off", deviation(split, ref) < 1e-11,
            f"largest difference {deviation(split, ref):.3g}")
    wd = t.workdir("damping-restart")
    t.must_run(PACK + f"fix d all rrp/damping {form}\n" + SPLIT.replace("${second}", "write_restart half.restart")
               .replace("run             250\nwrite_dump", "write_dump"), wd)
    t.must_run(f"""
plugin load ${{plugin}}
read_restart    half.restart
pair_style      rrp/hertz
pair_coeff      * * 2000.0
fix             1 all rrp/nve
fix             d all rrp/damping {form}
timestep        0.002
run             250
write_dump      all custom final.dump id xu yu zu vx vy vz omegax omegay omegaz modify sort id format float %.17g
""", wd)
    cont = t.read_dump(os.path.join(wd, "final.dump"))
    t.check(f"{form}: 250 steps read from a restart file continue the uninterrupted run, to round-off",
            deviation(cont, ref) < 1e-11, f"largest difference {deviation(cont, ref):.3g}")
_, _, ref, _, _ = run("fix d all viscous 0.5\nfix dr all viscous/sphere 0.1\n", n=500)
wd = t.workdir("damping-split")
t.must_run(PACK + "fix d all viscous 0.5\nfix dr all viscous/sphere 0.1\n" + SPLIT.replace("${second}", ""), wd)
dev = deviation(t.read_dump(os.path.join(wd, "final.dump")), ref)
t.check("LAMMPS's fix viscous, split the same way, differs by the step's damping (> 1e-7)", dev > 1e-7,
        f"largest difference {dev:.3g}")

# a restart continues the tally; 2 ranks tally the same work
first, last, _, wd, _ = run("fix d all rrp/damping viscous 0.5 0.1\n", n=500, extra="write_restart state.restart\n")
cont = """
plugin load ${plugin}
read_restart    state.restart
pair_style      rrp/hertz
pair_coeff      * * 2000.0
fix             1 all rrp/nve
fix             d all rrp/damping viscous 0.5 0.1
thermo_style    custom step f_d
thermo_modify   format float %.17g norm no
run             0
"""
out = t.must_run(cont, wd)
lines = out.splitlines()
k = next(i for i, l in enumerate(lines) if l.split()[:2] == ["Step", "f_d"])
w_read = float(lines[k + 1].split()[1])
t.check("the dissipated work continues through a restart file", abs(w_read - last[3]) <= 1e-14 * last[3],
        f"written {last[3]!r}, read {w_read!r}")
_, last2, _, _, _ = run("fix d all rrp/damping viscous 0.5 0.1\n", n=500, np=2)
t.check("2 ranks tally the same work", abs(last2[3] - last[3]) < 1e-10 * last[3], f"{last2[3]!r} vs {last[3]!r}")

# bad input
for bad, needle in (("fix d all rrp/damping sticky 0.1 0.1", "sticky is unknown"),
                    ("fix d all rrp/damping cundall 1.0 0.1", "below 1"),
                    ("fix d all rrp/damping viscous -0.5 0.1", "-0.5"),
                    ("fix d all rrp/damping viscous 0.5", "fix rrp/damping")):
    rc, out = t.run_lammps(PACK + bad + "\nrun 0\n", t.workdir("damping-bad"))
    err = next((l for l in out.splitlines() if "ERROR" in l), "")
    t.check(f"'{bad}' stops with an error naming it", rc != 0 and needle in err, err)
t.finish()
