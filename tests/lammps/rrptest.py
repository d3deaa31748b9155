"""Helpers of the integration tests: run LAMMPS with the rrp plugin, read its outputs, count
checks. Configured by the environment ctest sets (tests/lammps/CMakeLists.txt):
RRP_LMP (lmp executable), RRP_PLUGIN (rrpplugin.so), RRP_INTEGRATE (rrp-integrate),
RRP_MPIEXEC (mpirun), RRP_EXAMPLES (examples/ folder)."""

import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import rrplmp  # noqa: E402  (the drivers' helpers: one table reader for scripts and tests)

LMP = os.environ.get("RRP_LMP", "lmp")
PLUGIN = os.environ.get("RRP_PLUGIN", "rrpplugin.so")
INTEGRATE = os.environ.get("RRP_INTEGRATE", "rrp-integrate")
MPIEXEC = os.environ.get("RRP_MPIEXEC", "mpirun")
EXAMPLES = os.environ.get("RRP_EXAMPLES", os.path.join(os.path.dirname(__file__), "..", "..", "examples"))

# named tolerances
TOL_ROUNDOFF = 1e-14
TOL_TRAJECTORY = 1e-12

_passed = 0
_failed = 0


def check(name, ok, detail=""):
    """Record one assertion; print it with what was measured."""
    global _passed, _failed
    if ok:
        _passed += 1
        print(f"PASS {name}" + (f": {detail}" if detail else ""))
    else:
        _failed += 1
        print(f"FAIL {name}" + (f": {detail}" if detail else ""))
    sys.stdout.flush()


def finish():
    """The closing line ctest logs, and the exit status."""
    print(f"{_passed} passed, {_failed} failed")
    sys.exit(1 if _failed or not _passed else 0)


def workdir(prefix):
    return tempfile.mkdtemp(prefix=f"rrp-{prefix}-")


def run_lammps(script, cwd, np=1, variables=None, input_file=None, timeout=900):
    """Run lmp on `script` (text) or `input_file`; returns (returncode, combined output).
    The plugin path is passed as the index variable `plugin`."""
    if input_file is None:
        input_file = os.path.join(cwd, "in.test")
        with open(input_file, "w") as fh:
            fh.write(script)
    cmd = [LMP, "-in", input_file, "-log", "none", "-echo", "none", "-var", "plugin", PLUGIN]
    for k, v in (variables or {}).items():
        cmd += ["-var", k, str(v)]
    if np > 1:
        cmd = [MPIEXEC, "--allow-run-as-root", "--oversubscribe", "-np", str(np)] + cmd
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout


def must_run(script, cwd, **kw):
    rc, out = run_lammps(script, cwd, **kw)
    if rc != 0 or "ERROR" in out:
        print(out[-3000:])
        raise RuntimeError(f"LAMMPS failed (exit {rc}) in {cwd}")
    return out


def read_table(path):
    """Rows of numbers of a whitespace-separated file, comment lines skipped (scripts/rrplmp.py)."""
    return rrplmp.read_rows(path)


def read_dump(path):
    """Last snapshot of a `dump custom` file as {id: [values...]} (columns after id)."""
    atoms = {}
    with open(path) as fh:
        lines = fh.read().splitlines()
    start = max(i for i, l in enumerate(lines) if l.startswith("ITEM: ATOMS"))
    for line in lines[start + 1:]:
        if line.startswith("ITEM:"):
            break
        parts = line.split()
        atoms[int(parts[0])] = [float(x) for x in parts[1:]]
    return atoms


def quat_to_matrix(q):
    w, x, y, z = q
    n = w * w + x * x + y * y + z * z
    s = 2.0 / n
    return [[1 - s * (y * y + z * z), s * (x * y - w * z), s * (x * z + w * y)],
            [s * (x * y + w * z), 1 - s * (x * x + z * z), s * (y * z - w * x)],
            [s * (x * z - w * y), s * (y * z + w * x), 1 - s * (x * x + y * y)]]


def orthonormality_error(R):
    err = 0.0
    for i in range(3):
        for j in range(3):
            s = sum(R[k][i] * R[k][j] for k in range(3))
            err = max(err, abs(s - (1.0 if i == j else 0.0)))
    return err


def energy_error(times, energies):
    """E(t)-error of eq. (38): the H0 norm of E_h - E0 over that of E0 (rectangle rule on the
    output steps, which are every step)."""
    e0 = energies[0]
    h = times[1] - times[0]
    num = math.sqrt(sum((e - e0) ** 2 for e in energies[1:]) * h)
    den = abs(e0) * math.sqrt(times[-1] - times[0])
    return num / den


# LAMMPS's own example inputs, read from the LAMMPS source tree at test time (never copied here)
LAMMPS_EXAMPLES = os.environ.get("RRP_LAMMPS_EXAMPLES", "")


def lammps_example(rel, swaps, cwd, extra_files=()):
    """Write LAMMPS's examples/`rel` into cwd with each (old, new) of `swaps` applied; every `old`
    must occur exactly once, so that a changed upstream input fails here rather than silently
    testing something else. extra_files (next to the input) are linked into cwd. Returns the
    path of the written input."""
    src = os.path.join(LAMMPS_EXAMPLES, rel)
    with open(src) as fh:
        text = fh.read()
    for old, new in swaps:
        count = text.count(old)
        if count != 1:
            raise RuntimeError(f"{rel}: expected one '{old}', found {count}")
        text = text.replace(old, new)
    for name in extra_files:
        link = os.path.join(cwd, name)
        if not os.path.exists(link):
            os.symlink(os.path.join(os.path.dirname(src), name), link)
    path = os.path.join(cwd, "in." + os.path.basename(rel).replace("in.", "", 1))
    with open(path, "w") as fh:
        fh.write(text)
    return path


def plugin_path_env():
    """The environment that makes LAMMPS load the plugin at start-up (LAMMPS_PLUGIN_PATH): the
    example inputs then need no plugin load line."""
    env = dict(os.environ)
    env["LAMMPS_PLUGIN_PATH"] = os.path.dirname(os.path.abspath(PLUGIN))
    return env


def run_example(input_file, cwd, np=1, timeout=900):
    """Run lmp on input_file with the plugin loaded through LAMMPS_PLUGIN_PATH; LAMMPS failing is
    an exception (its last lines are printed)."""
    cmd = [LMP, "-in", input_file, "-log", "none", "-echo", "none", "-nocite"]
    if np > 1:
        cmd = [MPIEXEC, "--allow-run-as-root", "--oversubscribe", "-np", str(np)] + cmd
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=timeout, stdin=subprocess.DEVNULL, env=plugin_path_env())
    if p.returncode != 0 or "ERROR" in p.stdout:
        print(p.stdout[-3000:])
        raise RuntimeError(f"LAMMPS failed (exit {p.returncode}) on {input_file}")
    return p.stdout


def dump_lines(path):
    """The atom lines of the last snapshot of a dump custom file (sorted by ID when written so)."""
    with open(path) as fh:
        lines = fh.read().splitlines()
    start = max(i for i, l in enumerate(lines) if l.startswith("ITEM: ATOMS"))
    return lines[start + 1:]


def quat_distance(p, q):
    """|p - q| up to the sign of a quaternion (q and -q are the same rotation)."""
    minus = math.sqrt(sum((a - b) ** 2 for a, b in zip(p, q)))
    plus = math.sqrt(sum((a + b) ** 2 for a, b in zip(p, q)))
    return min(minus, plus)


# every atom's state in full precision, sorted by ID (write_dump, STATE_DUMP.format(name=...,
# q=STATE_QCOLS[style])), the orientation read from either layout: atom_style sphere's own array
# or bpm/sphere's atom->quat through the compute of STATE_QCOMP[style], defined before
STATE_DUMP = ("write_dump all custom {name} id x y z vx vy vz omegax omegay omegaz {q} "
              "modify sort id format float %.17g\n")
STATE_QCOLS = {"hybrid sphere bond": "d2_rrp_quat[1] d2_rrp_quat[2] d2_rrp_quat[3] d2_rrp_quat[4]",
               "bpm/sphere": "c_q[1] c_q[2] c_q[3] c_q[4]"}
STATE_QCOMP = {"hybrid sphere bond": "",
               "bpm/sphere": "compute q all property/atom quatw quati quatj quatk\n"}


def jittered_lattice(n, slots, specials, jitter, seed, diameter):
    """Input lines for n^3 spheres (density 1.9) on a simple cubic lattice filling the box
    0..n in each direction, displaced at random by up to `jitter`, with room for `slots` bonds and
    `specials` special neighbours per atom."""
    return f"""
lattice         sc 1.0
region          box block 0 {n} 0 {n} 0 {n}
create_box      1 box bond/types 1 extra/bond/per/atom {slots} extra/special/per/atom {specials}
create_atoms    1 box
displace_atoms  all random {jitter} {jitter} {jitter} {seed} units box
set             group all diameter {diameter}
set             group all density 1.9
"""


def spinning(spin=3.0, speed=0.3):
    """Input lines giving every atom a spin and a velocity from its position (so that any processor
    grid and any atom order makes the same state): up to `spin` and `speed`."""
    return f"""variable        ox atom {spin}*sin(5.1*x+1.3*y)
variable        oy atom {spin}*cos(2.3*y-0.7*z)
variable        oz atom {spin}*sin(1.7*z+2.9*x)
variable        vx atom {speed}*cos(3.1*y+z)
variable        vy atom {speed}*sin(2.2*z-x)
variable        vz atom {speed}*cos(1.9*x+0.5*y)
set             group all omega v_ox v_oy v_oz
velocity        all set v_vx v_vy v_vz
"""


# two spheres of other radii (0.5 and 0.65) about to meet obliquely, both spinning: the impact
# of the friction tests (the units, atom style, box and atoms; ghost velocities on)
OBLIQUE_IMPACT = """units           lj
atom_style      sphere
boundary        f f f
region          box block -3 3 -3 3 -3 3
create_box      1 box
create_atoms    1 single 0.0 0.0 0.0
create_atoms    1 single 1.1 0.35 0.1
set             atom 1 diameter 1.0 density 1.9
set             atom 2 diameter 1.3 density 2.3
velocity        all set 0 0 0
set             atom 2 vx -1.5 vy 0.2 vz 0.05 omega 3.0 -6.0 9.0
set             atom 1 omega -4.0 2.0 1.0
comm_modify     vel yes
"""

# binders between the neighbours of a lattice of spacing 1 (bond type 1), pairs across them
# kept in the neighbour lists (the contacts act across binders)
BOND_NEIGHBOURS = """pair_style      zero 1.1
pair_coeff      * *
bond_style      zero
bond_coeff      1
create_bonds    many all all 1 0.95 1.05
special_bonds   lj/coul 1.0 1.0 1.0
"""


def drifting_composite(style, grid="", comm="", fix="fix             1 all rrp/nve", style_args=""):
    """A periodic binder composite of 6^3 spheres (rrp/binder, rrp/hertz) drifting through the
    box, so that atoms migrate between ranks and neighbor lists are rebuilt often (every 1 delay
    0 check yes): plugin load, atom_style `style`, the lines `grid` (processors ...) before the
    box and `comm` after the velocities, the integrator `fix`, thermo every 500 steps;
    `style_args` after the atom style's name (1: radii that may change)."""
    mass = "mass * 1.0" if style != "bpm/sphere" else ""
    return f"""
plugin load ${{plugin}}
units           lj
atom_style      {style} {style_args}
boundary        p p p
{grid}
""" + jittered_lattice(6, slots=6, specials=6, jitter=0.02, seed=4821, diameter=1.04) + f"""{mass}
velocity        all create 1.0 12345 loop geom
velocity        all set 1.0 0.7 0.4 sum yes
variable        ox atom 0.3*sin(1.3*x+0.2*y)
variable        oy atom 0.3*cos(0.7*y+0.4*z)
variable        oz atom 0.2*sin(0.4*z+1.0)
set             group all omega v_ox v_oy v_oz
{comm}
neighbor        0.2 bin
neigh_modify    every 1 delay 0 check yes
""" + BOND_NEIGHBOURS + f"""pair_style      rrp/hertz
pair_coeff      * * 2100.0
bond_style      rrp/binder
bond_coeff      1 10.0 200.0 200.0
{fix}
compute         m all rrp/momentum
thermo_style    custom step ebond c_m[4] c_m[5] c_m[6]
thermo_modify   format float %.17g
thermo          500
timestep        0.002
"""


def reneighborings(out):
    """the neighbor list builds of the last run LAMMPS reports"""
    lines = [l for l in out.splitlines() if l.startswith("Neighbor list builds")]
    return int(lines[-1].split("=")[1])


binder_lattice = rrplmp.binder_lattice    # (shared with the studies)
