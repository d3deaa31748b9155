#!/usr/bin/env python3
"""Regenerate the reference values of our YAML files for LAMMPS's force-style tests
(tests/yaml), after a deliberate change of a style's numbers: runs the harness program with -g
and writes the file back. The test command checks them (tests/lammps/test_yaml.py).

  yaml_tests.py --generate bond-rrp_binder [more names]

The harness programs come from scripts/lammps-harness.sh (in the cached LAMMPS build), the
plugin from build/plugin (RRP_PLUGIN overrides)."""
import argparse
import os
import re
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rrplmp import CACHE, PLUGIN  # noqa: E402

YAML_DIR = os.path.join(TOP, "tests", "yaml")
PROGRAMS = (("bond-", "test_bond_style"), ("pair-", "test_pair_style"), ("fix-timestep-", "test_fix_timestep"))


def program(name, harness):
    """the harness program for a YAML file's name, or None"""
    return next((os.path.join(harness, p) for prefix, p in PROGRAMS if name.startswith(prefix)), None)


def input_dir(text):
    """-d tests/yaml where the YAML's input file is ours, else nothing (LAMMPS's own inputs,
    in.fourmol or in.dipole, from the harness's folder)"""
    m = re.search(r"^input_file: *(\S+)", text, re.M)
    return ["-d", YAML_DIR] if m and os.path.exists(os.path.join(YAML_DIR, m[1])) else []


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--generate", nargs="+", metavar="NAME", required=True)
    ap.add_argument("--harness", default=os.path.join(CACHE, "build"))
    a = ap.parse_args()
    plugins = os.path.dirname(os.path.abspath(PLUGIN))
    env = dict(os.environ, LAMMPS_PLUGIN_PATH=plugins)    # every plugin of the build, one folder
    for name in a.generate:
        name = name[:-5] if name.endswith(".yaml") else name
        path = os.path.join(YAML_DIR, name + ".yaml")
        prog = program(name, a.harness)
        if prog is None or not os.path.exists(path):
            sys.exit(f"yaml_tests: no {path}, or no harness program for its name")
        out = os.path.join(tempfile.mkdtemp(prefix="rrp-yaml-"), name + ".yaml")
        with open(path) as fh:
            args = input_dir(fh.read())
        p = subprocess.run([prog, path] + args + ["-g", out],
                           cwd=os.path.dirname(out), env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0 or not os.path.exists(out):
            sys.exit(f"yaml_tests: {prog} -g failed for {name}:\n" + "\n".join(p.stdout.splitlines()[-20:]))
        with open(out) as fh:
            text = "".join(line for line in fh if line.strip() != "tags: generated")
        with open(path, "w") as fh:
            fh.write(text)
        print(f"{name}: regenerated")


if __name__ == "__main__":
    main()
