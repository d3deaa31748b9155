"""LAMMPS's own force-style tests on our styles: each YAML file of tests/yaml runs under the
program of LAMMPS's unittest/force-styles that its name calls for (bond-*: test_bond_style,
pair-*: test_pair_style, fix-timestep-*: test_fix_timestep), built by
scripts/lammps-harness.sh, with -d tests/yaml (our input and data files) and the plugin loaded
through LAMMPS_PLUGIN_PATH (also after the harness's `clear`). The harness compares energies,
forces, stress, positions and velocities with the YAML's reference values, with newton on and
off, after a restart and after a data file, and forces against finite differences (numdiff).
Every test must pass, except those LAMMPS skips for packages we do not build (OPENMP, KOKKOS)
and those each YAML's skip_tests names. Regenerate a YAML (after a deliberate change of its
numbers) with scripts/yaml_tests.py --generate NAME."""
import glob
import os
import re
import subprocess
import sys
import tempfile

import rrptest as t

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
import yaml_tests  # noqa: E402  (the program table and the input folder rule, shared)

YAML_DIR = yaml_tests.YAML_DIR
HARNESS = os.environ.get("RRP_LAMMPS_HARNESS_DIR", "")
# LAMMPS skips these itself when its packages are missing
PACKAGE_SKIPS = {"omp", "kokkos_omp", "intel", "opt", "gpu", "single_omp"}
input_dir = yaml_tests.input_dir


def program(name):
    return yaml_tests.program(name, HARNESS)


files = sorted(glob.glob(os.path.join(YAML_DIR, "*.yaml")))
t.check("tests/yaml holds YAML files for the harness", len(files) >= 3, f"{len(files)} files")
# the plugins: rrpplugin.so and, where built, rrprigidplugin.so
plugin_path = [os.path.dirname(os.path.abspath(t.PLUGIN))]
if os.environ.get("RRP_RIGID_PLUGIN"):
    plugin_path.append(os.path.dirname(os.path.abspath(os.environ["RRP_RIGID_PLUGIN"])))
env = dict(os.environ, LAMMPS_PLUGIN_PATH=":".join(plugin_path), OMP_NUM_THREADS="1")
for path in files:
    name = os.path.basename(path)
    prog = program(name)
    if prog is None or not os.access(prog, os.X_OK):
        t.check(f"{name}: its harness program exists", False, f"{prog} (run scripts/lammps-harness.sh)")
        continue
    with open(path) as fh:
        text = fh.read()
    m = re.search(r"^skip_tests:(.*)$", text, re.M)
    declared = set(m[1].split()) if m else set()
    wd = tempfile.mkdtemp(prefix="rrp-yaml-")
    p = subprocess.run([prog, path] + input_dir(text), cwd=wd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=600)
    out = p.stdout
    passed = re.findall(r"^\[       OK \] \w+\.(\w+)", out, re.M)
    failed = re.findall(r"^\[  FAILED  \] \w+\.(\w+) \(", out, re.M)
    skipped = set(re.findall(r"^\[  SKIPPED \] \w+\.(\w+) \(", out, re.M))
    unexpected = skipped - declared - PACKAGE_SKIPS
    t.check(f"{name}: LAMMPS's {os.path.basename(prog)} passes ({', '.join(passed)})",
            p.returncode == 0 and not failed and passed and not unexpected,
            f"rc {p.returncode}; failed {failed}; skipped {sorted(skipped)} (declared {sorted(declared)})"
            + ("" if p.returncode == 0 else "\n" + "\n".join(out.splitlines()[-30:])))

# beside LAMMPS's own YAML files for the styles ours stand in for (8 steps of LAMMPS's in.dipole
# or in.fourmol): fix rrp/nve moves the atoms bitwise as fix nve/sphere (its orientation aside),
# update dipole and the rigid fixes differ only through the rotation map
LAMMPS_TESTS = os.path.join(os.environ.get("RRP_LAMMPS_EXAMPLES", ""), "..", "unittest", "force-styles", "tests")


def block(path, key):
    with open(path) as fh:
        m = re.search(r"^%s: ! \|2\n((?:  .*\n)+)" % key, fh.read(), re.M)
    return {int(w[0]): [float(v) for v in w[1:]] for w in (line.split() for line in m[1].splitlines())}


for ours, theirs, tol in (("rrp_nve_exact", "nve_sphere", 1e-15), ("rrp_nve_newmark", "nve_sphere", 1e-15),
                          ("rrp_nve_dipole", "nve_sphere_dipole", 1e-9), ("rrp_rigid_small", "rigid_small", 1e-8),
                          ("rrp_rigid_molecule", "rigid_molecule", 1e-8),
                          ("rrp_rigid_nvt_small", "rigid_nvt_small", 1e-8), ("rrp_rigid_npt_small", "rigid_npt_small", 1e-8),
                          ("rrp_rigid_nph_small", "rigid_nph_small", 1e-8), ("rrp_rigid_nvt", "rigid_nvt", 1e-8),
                          ("rrp_rigid_npt", "rigid_npt", 1e-8), ("rrp_rigid_nph", "rigid_nph", 1e-8)):
    a_path = os.path.join(YAML_DIR, f"fix-timestep-{ours}.yaml")
    b_path = os.path.join(LAMMPS_TESTS, f"fix-timestep-{theirs}.yaml")
    if not (os.path.exists(a_path) and os.path.exists(b_path)):
        t.check(f"{ours} beside LAMMPS's {theirs}: both YAML files exist", False, f"{a_path}, {b_path}")
        continue
    diff = {}
    for key in ("run_pos", "run_vel"):
        a, b = block(a_path, key), block(b_path, key)
        diff[key] = max(abs(x - y) for i in a for x, y in zip(a[i], b[i]))
    t.check(f"fix-timestep-{ours} beside LAMMPS's fix-timestep-{theirs}: "
            f"positions and velocities within {tol:g}", max(diff.values()) <= tol,
            ", ".join(f"{k} {v:.3g}" for k, v in diff.items()))

# LAMMPS's own YAML files of the styles our thermostatted twins stand in for, with the fix line
# swapped and LAMMPS's reference values kept: the harness then checks that the twin gives
# LAMMPS's positions, velocities and ecouple (global scalar) with newton on and off, after a
# restart and after a data file (the twin turns the orientations besides, which these do not read)
TWINS = (("nvt_sphere", "nvt/sphere", "rrp/nvt/sphere"), ("npt_sphere_iso", "npt/sphere", "rrp/npt/sphere"),
         ("npt_sphere_aniso", "npt/sphere", "rrp/npt/sphere"), ("npt_sphere_tri", "npt/sphere", "rrp/npt/sphere"),
         ("nph_sphere", "nph/sphere", "rrp/nph/sphere"))
prog = program("fix-timestep-")
for name, theirs, ours in TWINS:
    src = os.path.join(LAMMPS_TESTS, f"fix-timestep-{name}.yaml")
    if not (os.path.exists(src) and prog and os.access(prog, os.X_OK)):
        t.check(f"LAMMPS's fix-timestep-{name}.yaml and its harness exist", False, f"{src}, {prog}")
        continue
    with open(src) as fh:
        text = fh.read()
    swapped = re.sub(r"^(  fix test \S+ )%s " % re.escape(theirs), r"\g<1>%s " % ours, text, flags=re.M)
    wd = tempfile.mkdtemp(prefix="rrp-yaml-")
    path = os.path.join(wd, f"fix-timestep-{name}-rrp.yaml")
    with open(path, "w") as fh:
        fh.write(swapped)
    p = subprocess.run([prog, path], cwd=wd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=600)
    out = p.stdout
    passed = re.findall(r"^\[       OK \] \w+\.(\w+)", out, re.M)
    failed = re.findall(r"^\[  FAILED  \] \w+\.(\w+) \(", out, re.M)
    skipped = set(re.findall(r"^\[  SKIPPED \] \w+\.(\w+) \(", out, re.M)) - PACKAGE_SKIPS
    t.check(f"LAMMPS's fix-timestep-{name}.yaml with fix {ours} in place of {theirs}: {os.path.basename(prog)} "
            f"passes on LAMMPS's reference values ({', '.join(passed)})",
            swapped != text and p.returncode == 0 and not failed and passed and not skipped,
            f"rc {p.returncode}; failed {failed}; skipped {sorted(skipped)}"
            + ("" if p.returncode == 0 else "\n" + "\n".join(out.splitlines()[-30:])))

# fix rrp/nve on bpm/sphere's quaternion beside LAMMPS's fix nve/bpm/sphere on the same input
# (its YAML made here with -g): positions and velocities bitwise
ours = os.path.join(YAML_DIR, "fix-timestep-rrp_nve_quat.yaml")
prog = program("fix-timestep-")
if os.path.exists(ours) and prog and os.access(prog, os.X_OK):
    wd = tempfile.mkdtemp(prefix="rrp-yaml-")
    with open(ours) as fh:
        text = fh.read()
    ref_in = os.path.join(wd, "fix-timestep-nve_bpm_sphere.yaml")
    with open(ref_in, "w") as fh:
        fh.write(text.replace("fix rrp/nve\n", "fix nve/bpm/sphere\n").replace("rrp/nve\n", "nve/bpm/sphere\n"))
    ref_out = os.path.join(wd, "ref.yaml")
    subprocess.run([prog, ref_in, "-d", YAML_DIR, "-g", ref_out], cwd=wd, env=env, stdout=subprocess.PIPE,
                   stderr=subprocess.STDOUT, text=True, timeout=600)
    diff = {}
    if os.path.exists(ref_out):
        for key in ("run_pos", "run_vel"):
            a, b = block(ours, key), block(ref_out, key)
            diff[key] = max(abs(x - y) for i in a for x, y in zip(a[i], b[i]))
    t.check("fix-timestep-rrp_nve_quat beside LAMMPS's fix nve/bpm/sphere on the same input: positions and "
            "velocities bitwise", len(diff) == 2 and max(diff.values()) == 0.0, str(diff))
t.finish()
