"""rrp-lammps built into LAMMPS (cmake/RRPInLAMMPS.cmake with LAMMPS's own CMake): a static lmp
without the PLUGIN package, built by scripts/lammps-intree.sh, has every rrp style and runs the
pendulum and the torus (their `plugin load` line removed) with the results of the plugin."""
import os
import subprocess
import sys

import rrptest as t

LMP_INTREE = os.environ.get("RRP_LMP_INTREE", "")
HERE = os.path.dirname(os.path.abspath(__file__))


def without_plugin_line(src, wd):
    """the example input with its `plugin load ${plugin}` line removed (exactly one)"""
    with open(src) as fh:
        text = fh.read()
    if text.count("plugin load ${plugin}\n") != 1:
        raise RuntimeError(f"{src}: no single 'plugin load' line")
    path = os.path.join(wd, "in.intree")
    with open(path, "w") as fh:
        fh.write(text.replace("plugin load ${plugin}\n", "# (styles built into this lmp)\n"))
    return path


def run(lmp, input_file, wd, variables):
    cmd = [lmp, "-in", input_file, "-log", "none", "-echo", "none", "-nocite"]
    for k, v in variables.items():
        cmd += ["-var", k, str(v)]
    p = subprocess.run(cmd, cwd=wd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900)
    return p.returncode, p.stdout


t.check("the in-tree lmp exists", bool(LMP_INTREE) and os.access(LMP_INTREE, os.X_OK), LMP_INTREE)
help_text = subprocess.run([LMP_INTREE, "-h"], stdout=subprocess.PIPE, text=True).stdout if LMP_INTREE else ""
styles = ("rrp/nve", "rrp/nve/asphere", "rrp/wall", "rrp/gravity", "rrp/binder", "rrp/hertz", "rrp/rigid/small")
packages = help_text.split("Installed packages:")[-1].strip().split("\n\n")[0].split()
t.check("it lists the rrp styles and has no PLUGIN package (packages: " + " ".join(packages) + ")",
        all(s in help_text for s in styles) and "PLUGIN" not in packages and "RIGID" in packages,
        ", ".join(s for s in styles if s not in help_text) or "all present")

for name, src, variables, table in (
        ("pendulum", os.path.join(t.EXAMPLES, "pendulum", "in.pendulum"),
         {"scheme": "exact", "dt": 0.01, "tend": 10.0, "every": 10, "out": "p.dat"}, "p.dat"),
        ("torus", os.path.join(t.EXAMPLES, "torus", "in.torus"),
         {"data": "data.torus", "out": "torus.dat", "dumpevery": 0, "dt": 0.001, "tend": 0.5, "every": 50,
          "scheme": "newmark"}, "torus.dat")):
    rows = {}
    for which in ("plugin", "in-tree"):
        wd = t.workdir(f"intree-{name}")
        if name == "torus":
            subprocess.run([sys.executable, os.path.join(t.EXAMPLES, "torus", "make_torus.py"), "--out",
                            os.path.join(wd, "data.torus")], check=True, stdout=subprocess.DEVNULL)
        if which == "plugin":
            rc, out = run(t.LMP, src, wd, dict(variables, plugin=t.PLUGIN))
        else:
            rc, out = run(LMP_INTREE, without_plugin_line(src, wd), wd, variables)
        if rc != 0 or "ERROR" in out:
            print(out[-2000:])
        rows[which] = t.read_table(os.path.join(wd, table)) if rc == 0 else []
    a, b = rows["plugin"], rows["in-tree"]
    diff = max((abs(x - y) for ra, rb in zip(a, b) for x, y in zip(ra, rb)), default=float("inf"))
    t.check(f"{name}: the in-tree lmp gives the plugin's results", a and len(a) == len(b) and diff <= 1e-12,
            f"{len(a)} and {len(b)} rows, largest difference {diff:.3g}")
t.finish()
