"""fix rrp/rigid/small's copies of fix rigid/small's code (plugin/rigid/rrp_rigid_small_copies.cpp:
final_integrate, compute_forces_and_torques, the ends of both half steps, set_xv and set_v on a
plain step, the geometric centers) are bitwise LAMMPS's originals: LAMMPS's own rigid/small
inputs, the fix line swapped to fix rrp/rigid/small, run with the copies (fix_modify ID copies on)
and with fix rigid/small's originals (copies off), on 1 rank and on 2, give the same bits in the
atoms' x and v (and omega for finite-size atoms), the bodies' state (compute rigid/local: center,
velocity, force, torque, angular momentum, quaternion, omega) every 100 steps, and the thermo
output with the virial every 50 steps.

The inputs (LAMMPS's examples, read from its source tree):
- rigid/in.rigid.small: 9 clumps, NVE, 3d, point atoms: every step plain but the virial ones.
  On 2 ranks (grid 1 1 2, the bodies starting in one rank's half) the run has steps where no
  atom reads a ghost body (the copies run) and steps where some do (fix rigid/small's own),
  switching at reneighborings: the test asserts both occur. The thermo output has the centroid
  form of the virial (compute centroid/stress/atom), which reads the bodies' geometric centers;
- the same with the langevin keyword, fix_modify bodyforces early (the forces summed in
  post_force) and fix viscous, whose drag reads the atoms' velocities set in the first half;
- rigid/in.rigid.gravity: finite-size spheres (the extended branches), fix rigid/small's gravity
  keyword, bodies poured in by fix pour, granular contacts with torques (on 2 ranks too the
  copies run on every step: the bodies fall within one rank's half);
- pour/in.pour.2d.molecule: 2d (enforce2d on the bodies), bodies poured by fix pour.
Each run prints on how many steps the copies ran (the fix's line once fix_modify copies is
given); 2000 steps each, about 7 s in all."""
import os
import re

import rrptest as t

RIGID_PLUGIN = os.environ.get("RRP_RIGID_PLUGIN", "rrprigidplugin.so")
STEPS = 2000
EVERY = 100

# the atoms and the bodies every EVERY steps, sorted by ID; the bodies in each rank's order (the
# same ranks own the same bodies in both runs)
DUMPS = """dump            atoms all custom {every} atoms.dump id x y z vx vy vz {extra}
dump_modify     atoms sort id format float %.17g
compute         bodies all rigid/local {fix} id x y z vx vy vz fx fy fz tqx tqy tqz angmomx angmomy angmomz quatw quati quatj quatk omegax omegay omegaz
dump            bodies all local {every} bodies.dump c_bodies[*]
dump_modify     bodies format float %.17g
"""
THERMO = "thermo_style    custom step atoms pe ke etotal press\nthermo_modify   format float %.17g\n"
# with the centroid form of the per-atom virial, which reads the bodies' geometric centers (those
# of the step before: set_xv reads them before it updates them)
CENTROID = ("compute         cs all centroid/stress/atom NULL\ncompute         csum all reduce sum c_cs[*]\n"
            "thermo_style    custom step atoms pe ke etotal press c_csum[*]\nthermo_modify   format float %.17g\n")


def fix_lines(old, fix, new_args, before=""):
    """the swap of the fix line `old` (fix ID `fix`) to fix rrp/rigid/small with copies ${copies},
    the lines `before` ahead of it"""
    return (old, f"plugin load {RIGID_PLUGIN}\n{before}fix {fix} all rrp/rigid/small {new_args}\n"
                 f"fix_modify {fix} copies ${{copies}}")


# (name, LAMMPS example, its swaps, the files it reads)
CASES = [
    ("in.rigid.small, NVE, centroid stress", "rigid/in.rigid.small",
     [fix_lines("fix 1 all rigid/small molecule", "1", "molecule"),
      ("thermo          50", CENTROID + "thermo          50"),
      ("run             10000", DUMPS.format(every=EVERY, extra="", fix="1") + f"run {STEPS}")],
     ("data.rigid.small",)),
    ("in.rigid.small, langevin, bodyforces early, fix viscous", "rigid/in.rigid.small",
     [fix_lines("fix 1 all rigid/small molecule", "1", "molecule langevin 100.0 100.0 0.05 428984",
                before="fix visc all viscous 0.5\n"),
      ("thermo          50", "fix_modify 1 bodyforces early\n" + CENTROID + "thermo          50"),
      ("run             10000", DUMPS.format(every=EVERY, extra="", fix="1") + f"run {STEPS}")],
     ("data.rigid.small",)),
    ("in.rigid.gravity, spheres, gravity keyword, fix pour", "rigid/in.rigid.gravity",
     [fix_lines("fix\t\trigidfix all rigid/small molecule mol mymol gravity gravfix", "rigidfix",
                "molecule mol mymol gravity gravfix"),
      ("thermo_style\tcustom step cpu atoms ke", THERMO),
      ("variable\tlogfreq equal 1000", "variable\tlogfreq equal 50"),
      ("run\t\t100000", DUMPS.format(every=EVERY, extra="omegax omegay omegaz", fix="rigidfix") + f"run {STEPS}")],
     ("molecule.data",)),
    ("in.pour.2d.molecule, 2d, fix pour", "pour/in.pour.2d.molecule",
     [fix_lines("fix             3 all rigid/small molecule mol object", "3", "molecule mol object"),
      ("thermo_style\tcustom step atoms ke c_1 vol", "thermo_style\tcustom step atoms pe ke c_1 press"),
      ("thermo_modify\tlost ignore norm no temp Tsphere",
       "thermo_modify\tlost ignore norm no temp Tsphere format float %.17g"),
      ("thermo\t\t1000", "thermo\t\t50"),
      ("run\t        25000", DUMPS.format(every=EVERY, extra="omegax omegay omegaz", fix="3") + f"run {STEPS}")],
     ("molecule.vshape",)),
]


def thermo_rows(out):
    """the thermo lines of the run: numbers only, a step first"""
    def numbers(words):
        try:
            return [float(w) for w in words]
        except ValueError:
            return None
    return [l for l in out.splitlines() if len(l.split()) > 1 and l.split()[0].isdigit() and numbers(l.split())]


def copied_steps(out):
    """(steps the copies ran, steps) from the fix's line at the end of the run"""
    m = re.search(r"the copies of fix rigid/small's code ran on (\d+) of (\d+) steps", out)
    return (int(m.group(1)), int(m.group(2))) if m else (-1, -1)


for name, rel, swaps, files in CASES:
    for np in (1, 2):
        res = {}
        for copies in ("on", "off"):
            wd = t.workdir("rigid-copies")
            path = t.lammps_example(rel, swaps, wd, extra_files=files)
            rc, out = t.run_lammps(None, wd, np=np, variables={"copies": copies}, input_file=path)
            if rc != 0 or "ERROR" in out:
                print(out[-1500:])
            dumps = [open(os.path.join(wd, f)).read() if os.path.exists(os.path.join(wd, f)) else ""
                     for f in ("atoms.dump", "bodies.dump")]
            res[copies] = (rc, dumps, thermo_rows(out), copied_steps(out))
        (rc1, d1, th1, (n1, m1)), (rc0, d0, th0, (n0, m0)) = res["on"], res["off"]
        snaps = d1[0].count("ITEM: TIMESTEP")
        nbodies = d1[1].count("\n") - 9 * d1[1].count("ITEM: TIMESTEP")
        t.check(f"{name}, {np} rank(s): with the copies bitwise fix rigid/small's originals "
                "(atoms' x, v; bodies' state; thermo with the virial)",
                rc1 == 0 and rc0 == 0 and d1 == d0 and th1 == th0 and snaps == STEPS // EVERY + 1
                and nbodies > 0 and len(th1) == STEPS // 50 + 1,
                f"{snaps} snapshots, {nbodies} body lines, {len(th1)} thermo lines; "
                f"copies ran on {n1} of {m1} steps (off: {n0})")
        if np == 1:
            t.check(f"{name}, 1 rank: the copies ran on every step (no ghost body is read), "
                    "none with copies off", n1 == m1 == STEPS and n0 == 0, f"{n1} of {m1}; off: {n0}")
        elif rel == "rigid/in.rigid.small":
            t.check(f"{name}, 2 ranks: steps with the copies and steps with fix rigid/small's own",
                    0 < n1 < m1 == STEPS and n0 == 0, f"{n1} of {m1}; off: {n0}")

t.finish()
