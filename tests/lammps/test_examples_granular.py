"""LAMMPS's own granular input, examples/granular/in.pour.drum (read from the LAMMPS tree), with
only its integrator line swapped, `fix 1 all nve/sphere` -> `fix 1 all rrp/nve`, and the second
run shortened; and a two-sphere oblique collision with pair_style granular (Hertz, tangential
mindlin, rolling sds, twisting marshall). For isotropic inertia the RRP maps move positions,
velocities and angular velocities exactly as velocity Verlet does, and fix rrp/nve evaluates
them in fix nve/sphere's order of operations: the runs must agree bitwise, while fix rrp/nve also
advances an orientation. The plugin is loaded by LAMMPS_PLUGIN_PATH, so no other line changes."""
import os
import re

import rrptest as t

COLS = "id x y z vx vy vz omegax omegay omegaz"


def dump_cmd(name, extra=""):
    return (f"write_dump all custom {name} {COLS}{extra} modify sort id format float %.17g")


# --- examples/granular/in.pour.drum: 2000 steps of pouring, then 1000 (of 3000) of rotation ---
runs = {}
for fix in ("nve/sphere", "rrp/nve"):
    wd = t.workdir("drum")
    quat = " d2_rrp_quat[1] d2_rrp_quat[2] d2_rrp_quat[3] d2_rrp_quat[4]" if fix == "rrp/nve" else ""
    path = t.lammps_example("granular/in.pour.drum", [
        ("fix             1 all nve/sphere", f"fix             1 all {fix}"),
        ("run             2000", "run             2000\n" + dump_cmd("pour.dump", quat)),
        ("run             3000", "run             1000\n" + dump_cmd("drum.dump", quat)),
    ], wd)
    out = t.run_example(path, wd)
    runs[fix] = (wd, out)
wd_ref, _ = runs["nve/sphere"]
wd_rrp, out = runs["rrp/nve"]
t.check("LAMMPS_PLUGIN_PATH loads the plugin at start-up (no plugin load line)",
        re.search(r"Loaded [1-9]\d* plugins from", out) is not None and "plugin load" not in open(path).read())
for name in ("pour.dump", "drum.dump"):
    a = t.dump_lines(os.path.join(wd_ref, name))
    b = [" ".join(l.split()[:10]) for l in t.dump_lines(os.path.join(wd_rrp, name))]
    diff = sum(x != y for x, y in zip(a, b))
    t.check(f"in.pour.drum {name}: fix rrp/nve equals fix nve/sphere bitwise (x, v, omega)",
            len(a) == len(b) and len(a) >= 3000 and diff == 0,
            f"{len(a)} atoms, {diff} lines differ")
rows = [[float(v) for v in l.split()] for l in t.dump_lines(os.path.join(wd_rrp, "drum.dump"))]
spinning = [r for r in rows if abs(r[7]) + abs(r[8]) + abs(r[9]) > 1e-3]
turned = sum(1 for r in spinning if abs(r[10]) < 1.0 - 1e-6)
norm = max(abs(r[10] ** 2 + r[11] ** 2 + r[12] ** 2 + r[13] ** 2 - 1.0) for r in rows)
t.check("in.pour.drum: the orientations of spinning particles advance (quat w not 1)",
        len(spinning) > 1000 and turned == len(spinning),
        f"{turned} of {len(spinning)} spinning particles turned")
t.check("in.pour.drum: orientations stay unit quaternions", norm < 1e-13, f"max ||q|^2 - 1| = {norm:.2g}")

# --- two spheres, oblique collision, pair granular with tangential, rolling and twisting ---
COLLISION = """
units           lj
atom_style      sphere
boundary        f f f
comm_modify     vel yes
region          box block -5 5 -5 5 -5 5
create_box      1 box
create_atoms    1 single -1.2 0.0 0.0
create_atoms    1 single  1.2 0.35 0.1
set             group all diameter 2.0
set             group all density 1.0
velocity        all set 0 0 0
set             atom 1 vx 1.0 vy 0.1
set             atom 1 omega 0.5 -0.3 2.0
set             atom 2 vx -1.0
set             atom 2 omega -1.0 0.2 0.4
pair_style      granular
pair_coeff      * * hertz/material 1e5 0.2 0.3 tangential mindlin NULL 1.0 0.5 damping tsuji &
                rolling sds 1e3 1e3 0.1 twisting marshall
neighbor        0.5 bin
neigh_modify    delay 0 every 1 check yes
fix             1 all {fix}
timestep        1e-4
thermo          0
run             8000
"""
res = {}
for fix in ("nve/sphere", "rrp/nve"):
    wd = t.workdir("collision")
    extra = " d2_rrp_quat[1] d2_rrp_quat[2] d2_rrp_quat[3] d2_rrp_quat[4]" if fix == "rrp/nve" else ""
    with open(os.path.join(wd, "in.collision"), "w") as fh:
        fh.write(COLLISION.format(fix=fix) + dump_cmd("final.dump", extra) + "\n")
    t.run_example(os.path.join(wd, "in.collision"), wd)
    res[fix] = t.dump_lines(os.path.join(wd, "final.dump"))
a = res["nve/sphere"]
b = [" ".join(l.split()[:10]) for l in res["rrp/nve"]]
t.check("oblique collision (mindlin, sds, marshall): fix rrp/nve equals fix nve/sphere bitwise",
        a == b and len(a) == 2, "\n".join(a + b) if a != b else "")
r = [[float(v) for v in l.split()] for l in res["rrp/nve"]]
# the contact changed the spins and separated the spheres again
t.check("the collision exchanged spin (omega changed by more than 0.1)",
        abs(r[0][9] - 2.0) > 0.1 and abs(r[1][9] - 0.4) > 0.1,
        f"omega_z {r[0][9]:.4f}, {r[1][9]:.4f}")
dist = sum((r[1][k] - r[0][k]) ** 2 for k in range(1, 4)) ** 0.5
t.check("the spheres separated after the contact", dist > 2.0 and r[1][4] > 0.0 > r[0][4],
        f"distance {dist:.4f}, vx {r[0][4]:.4f}, {r[1][4]:.4f}")
t.check("the orientations advanced", all(abs(row[10]) < 0.999 for row in r),
        f"quat w {r[0][10]:.4f}, {r[1][10]:.4f}")
t.finish()
