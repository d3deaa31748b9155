"""The Python module as Python users install it: `pip install ./python` into a virtual
environment (with the system's site packages, for numpy and LAMMPS's Python module; the build
runs without isolation against Debian's python3-setuptools, since pip here reaches no index),
and `cmake --install` into a prefix's site-packages. Installed either way, the module finds
the plugin by itself (no RRP_PLUGIN), loads it into LAMMPS, and the torus driver runs with it."""
import os
import shutil
import subprocess
import sys
import tempfile

import rrptest as t

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PLUGIN = os.path.abspath(t.PLUGIN)
BUILD = os.path.dirname(os.path.dirname(PLUGIN))
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
# LAMMPS's Python module and library, as the other tests have them (tests/lammps/CMakeLists.txt)
LMP_PY = os.environ.get("PYTHONPATH", "")
LMP_LIB = os.environ.get("LD_LIBRARY_PATH", "")


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("RRP_") and k != "PYTHONPATH"}
    env.update(extra)
    return env


def run(cmd, env, cwd=None):
    p = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=900)
    return p.returncode, p.stdout


PROBE = ("import rrp_lammps, sys\n"
         "sys.path.insert(0, sys.argv[1])\n"
         "from lammps import lammps\n"
         "lmp = lammps(cmdargs=['-log', 'none', '-screen', 'none', '-nocite'])\n"
         "print('MODULE', rrp_lammps.__file__)\n"
         "print('PLUGIN', rrp_lammps.load(lmp))\n"
         "print('FIX', lmp.has_style('fix', 'rrp/nve'))\n")


def probe(python, env):
    rc, out = run([python, "-c", PROBE, LMP_PY], env)
    got = dict(line.split(" ", 1) for line in out.splitlines() if line.split(" ", 1)[0] in ("MODULE", "PLUGIN", "FIX"))
    return rc, out, got


# pip install ./python into a virtual environment (a copy of python/, so that the build leaves
# nothing in the tree)
work = tempfile.mkdtemp(prefix="rrp-pip-")
venv = os.path.join(work, "venv")
rc, out = run([PYTHON, "-m", "venv", "--system-site-packages", venv], clean_env())
t.check("a virtual environment with the system's site packages", rc == 0, out[-400:])
src = os.path.join(work, "python")
shutil.copytree(os.path.join(TOP, "python"), src, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
vpy = os.path.join(venv, "bin", "python")
rc, out = run([vpy, "-m", "pip", "install", "--no-build-isolation", "--no-index", src],
              clean_env(RRP_PLUGIN=PLUGIN, PIP_DISABLE_PIP_VERSION_CHECK="1"))
t.check("pip install ./python (no index, no build isolation)", rc == 0 and "Successfully installed" in out,
        out.strip().splitlines()[-1] if out.strip() else "")
rc, out, got = probe(vpy, clean_env(LD_LIBRARY_PATH=LMP_LIB))
t.check("the pip-installed module, without RRP_PLUGIN, finds the plugin and loads it into LAMMPS",
        rc == 0 and got.get("MODULE", "").startswith(venv) and got.get("PLUGIN") == PLUGIN and got.get("FIX") == "True",
        str(got) if rc == 0 else out[-800:])
out_dir = os.path.join(work, "torus")
rc, out = run([vpy, os.path.join(TOP, "scripts", "torus_impact.py"), "--quick", "--t-end", "0.2", "--out", out_dir],
              clean_env(RRP_INSTALLED_MODULE="1", LD_LIBRARY_PATH=LMP_LIB))
t.check("the torus driver runs from the virtual environment with the installed module",
        rc == 0 and os.path.exists(os.path.join(out_dir, "energy.csv")), out[-600:])

# cmake --install into a prefix: the module in PREFIX/lib/python3.X/site-packages
prefix = os.path.join(work, "prefix")
rc, out = run(["cmake", "--install", BUILD, "--prefix", prefix], clean_env())
site = [os.path.join(d, "site-packages") for d in (os.path.join(prefix, "lib", x) for x in os.listdir(os.path.join(prefix, "lib")))
        if os.path.isdir(os.path.join(d, "site-packages", "rrp_lammps"))] if rc == 0 else []
t.check("cmake --install puts the module into the prefix's site-packages", rc == 0 and len(site) == 1,
        f"{site}" if rc == 0 else out[-600:])
if site:
    rc, out, got = probe(PYTHON, clean_env(PYTHONPATH=site[0], LD_LIBRARY_PATH=LMP_LIB))
    want = os.path.join(prefix, "lib", "rrp-lammps", "rrpplugin.so")
    t.check("the cmake-installed module finds the prefix's plugin by itself and loads it",
            rc == 0 and got.get("MODULE", "").startswith(prefix) and os.path.normpath(got.get("PLUGIN", "")) == want
            and got.get("FIX") == "True", str(got) if rc == 0 else out[-800:])
shutil.rmtree(work, ignore_errors=True)
t.finish()
