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
import tempfile

import rrptest as t

HERE = os.path.dirname(os.path.abspath(__file__))
YAML_DIR = os.path.join(HERE, "..", "yaml")
HARNESS = os.environ.get("RRP_LAMMPS_HARNESS_DIR", "")
PROGRAMS = (("bond-", "test_bond_style"), ("pair-", "test_pair_style"), ("fix-timestep-", "test_fix_timestep"))
# LAMMPS skips these itself when its packages are missing
PACKAGE_SKIPS = {"omp", "kokkos_omp", "intel", "opt", "gpu", "single_omp"}


def program(name):
    for prefix, prog in PROGRAMS:
        if name.startswith(prefix):
            return os.path.join(HARNESS, prog)
    return None


files = sorted(glob.glob(os.path.join(YAML_DIR, "*.yaml")))
t.check("tests/yaml holds YAML files for the harness", len(files) >= 3, f"{len(files)} files")
env = dict(os.environ, LAMMPS_PLUGIN_PATH=os.path.dirname(os.path.abspath(t.PLUGIN)), OMP_NUM_THREADS="1")
for path in files:
    name = os.path.basename(path)
    prog = program(name)
    if prog is None or not os.access(prog, os.X_OK):
        t.check(f"{name}: its harness program exists", False, f"{prog} (run scripts/lammps-harness.sh)")
        continue
    with open(path) as fh:
        m = re.search(r"^skip_tests:(.*)$", fh.read(), re.M)
    declared = set(m[1].split()) if m else set()
    wd = tempfile.mkdtemp(prefix="rrp-yaml-")
    p = subprocess.run([prog, path, "-d", YAML_DIR], cwd=wd, env=env, stdout=subprocess.PIPE,
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
t.finish()
