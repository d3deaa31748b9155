"""Shared set-up of the Python drivers: find the LAMMPS Python module of the bootstrapped LAMMPS
(python/ of its source tree) and its shared library, the plugin, and the examples; open LAMMPS.

The LAMMPS module loads liblammps.so by name, so the library's folder must be on LD_LIBRARY_PATH
when the process starts: setup() re-executes the script once with it set."""
import os
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CACHE = os.environ.get("RRP_LAMMPS_CACHE",
                       os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
                                    "rrp-lammps", "lammps-20250204"))
PLUGIN = os.environ.get("RRP_PLUGIN", os.path.join(TOP, "build", "plugin", "rrpplugin.so"))
EXAMPLES = os.path.join(TOP, "examples")
# the lmp executable and LAMMPS's own examples, for the studies that run lmp as a program
LMP = os.environ.get("RRP_LMP", os.path.join(CACHE, "prefix", "bin", "lmp"))
LAMMPS_EXAMPLES = os.environ.get("RRP_LAMMPS_EXAMPLES", os.path.join(CACHE, "src", "examples"))


def log(msg):
    """a progress line on stderr"""
    print(msg, file=sys.stderr, flush=True)


def setup():
    """Make `import lammps` work: module path, library path (re-exec once if needed)."""
    libdir = os.environ.get("RRP_LAMMPS_LIBDIR", os.path.join(CACHE, "prefix", "lib"))
    pydir = os.environ.get("RRP_LAMMPS_PYTHON", os.path.join(CACHE, "src", "python"))
    paths = os.environ.get("LD_LIBRARY_PATH", "").split(":")
    if libdir not in paths and not os.environ.get("RRP_REEXEC"):
        env = dict(os.environ, LD_LIBRARY_PATH=":".join([libdir] + [p for p in paths if p]), RRP_REEXEC="1")
        os.execve(sys.executable, [sys.executable] + sys.argv, env)
    if pydir not in sys.path:
        sys.path.insert(0, pydir)
    # the project's Python module (python/rrp_lammps), which the drivers share with users: this
    # tree's, unless RRP_INSTALLED_MODULE=1 asks for the installed one (which then finds the
    # plugin by itself)
    if os.environ.get("RRP_INSTALLED_MODULE") != "1":
        sys.path.insert(0, os.path.join(TOP, "python"))
        os.environ.setdefault("RRP_PLUGIN", PLUGIN)
    if not os.path.exists(PLUGIN):
        sys.exit(f"error: plugin {PLUGIN} not found: build first (scripts/build.sh) or set RRP_PLUGIN")


def open_lammps(variables, logfile="none"):
    """A LAMMPS instance (serial, screen off) with index variables set from `variables`."""
    from lammps import lammps
    args = ["-log", logfile, "-screen", "none", "-nocite", "-var", "plugin", PLUGIN]
    for k, v in variables.items():
        args += ["-var", k, str(v)]
    return lammps(cmdargs=args)


_last_decile = {}


def progress(label, done, total):
    """A progress line on stderr at every 10% of a long run (log-friendly, no carriage returns)."""
    decile = int(10 * done / total) if total else 10
    if _last_decile.get(label) != decile:
        _last_decile[label] = decile
        print(f"  {label}: {10 * decile:3d}%", file=sys.stderr, flush=True)


def write_csv(path, header, rows):
    with open(path, "w") as fh:
        fh.write(",".join(header) + "\n")
        for r in rows:
            fh.write(",".join(f"{x:.17g}" if isinstance(x, float) else str(x) for x in r) + "\n")


def make_torus(path, *args):
    import subprocess
    subprocess.run([sys.executable, os.path.join(EXAMPLES, "torus", "make_torus.py"), "--out", path, *args],
                   check=True, stdout=subprocess.DEVNULL)


def read_rows(path):
    """Rows of numbers of a whitespace-separated table (LAMMPS fix ave/time and print files);
    comment and blank lines skipped. Plain Python: no numpy needed."""
    rows = []
    with open(path) as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            rows.append([float(x) for x in line.split()])
    return rows


def last_thermo(text):
    """The rows of numbers of the last thermo table in LAMMPS's output text (from its Step header
    to the first line that is not all numbers)."""
    lines = text.splitlines()
    k = max(i for i, l in enumerate(lines) if l.split()[:1] == ["Step"])
    rows = []
    for line in lines[k + 1:]:
        try:
            rows.append([float(x) for x in line.split()])
        except ValueError:
            break
    return rows


def read_table(path):
    """read_rows as a 2-d numpy array"""
    import numpy as np
    return np.array(read_rows(path), ndmin=2)


def write_lines(folder, files):
    """Write each {file name: list of lines} into folder, one line each."""
    for name, lines in files.items():
        with open(os.path.join(folder, name), "w") as fh:
            fh.write("\n".join(lines) + "\n")


PACKAGES = {"numpy": "python3-numpy", "matplotlib": "python3-matplotlib"}


def need(module):
    """import module (numpy, matplotlib), or exit with one line saying what to install (a
    python3 other than Debian's, e.g. pyenv's or a venv's, may come first on PATH)"""
    import importlib
    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.split(".")[0]
        sys.exit(f"{os.path.basename(sys.argv[0])} needs {top}: apt-get install {PACKAGES.get(top, top)} "
                 f"and run it with /usr/bin/python3 (or pip install {top} into {sys.executable})")


def need_pyplot():
    """matplotlib.pyplot with the Agg backend, or exit with one line saying what to install"""
    need("matplotlib").use("Agg")
    return need("matplotlib.pyplot")


def pyplot():
    """matplotlib.pyplot with the Agg backend, or None after a line saying what to install."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("no figure: matplotlib is missing (apt-get install python3-matplotlib, or pip install matplotlib)")
        return None
    return plt


MPIEXEC = os.environ.get("RRP_MPIEXEC", "mpirun")


def run_lmp(wd, input_file, np=1, suffix=None, **variables):
    """Run lmp on input_file in wd (on np MPI ranks, with -sf suffix if given), with the plugin
    path as the index variable `plugin` and the other variables; returns the log's text. Raises
    RuntimeError with the first ERROR line (or the log's end) when LAMMPS fails."""
    cmd = [LMP, "-in", input_file, "-echo", "none", "-screen", "none", "-log", "log.lammps", "-var", "plugin",
           PLUGIN]
    for k, v in variables.items():
        # (a list or tuple: an index variable of several values)
        cmd += ["-var", k] + ([str(x) for x in v] if isinstance(v, (list, tuple)) else [str(v)])
    if suffix:
        cmd += ["-sf", suffix]
    if np > 1:
        cmd = [MPIEXEC, "--allow-run-as-root", "--oversubscribe", "-np", str(np)] + cmd
    p = subprocess.run(cmd, cwd=wd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    path = os.path.join(wd, "log.lammps")
    text = open(path).read() if os.path.exists(path) else p.stdout
    if p.returncode != 0 or "ERROR" in text:
        err = next((l for l in text.splitlines() if "ERROR" in l), "\n".join(text.splitlines()[-30:]))
        raise RuntimeError(f"LAMMPS failed in {wd}: {err}")
    return text


def binder_lattice(style, block="0 4 0 4 0 4", box="-4 6 -4 6 -4 6", newton="on off",
                   slots=8, specials=12):
    """Input lines (no plugin load) for a small binder composite: spheres on a simple cubic
    lattice in `block`, joined by bond_style rrp/binder to their nearest neighbours, with
    rrp/hertz contacts, random thermal velocities and spins; atom_style `style`."""
    return f"""
units           lj
atom_style      {style}
boundary        f f f
newton          {newton}
comm_modify     vel yes
special_bonds   lj/coul 0.0 1.0 1.0
lattice         sc 1.0
region          box block {box}
create_box      1 box bond/types 1 extra/bond/per/atom {slots} extra/special/per/atom {specials}
region          block block {block}
create_atoms    1 region block
displace_atoms  all random 0.02 0.02 0.02 4821 units box
set             group all diameter 1.0
set             group all density 1.9
velocity        all create 0.02 872 loop geom
variable        oz atom 0.5+0.1*sin(id)
set             group all omega 0.2 -0.1 v_oz
pair_style      rrp/hertz
pair_coeff      * * 2100.0
bond_style      rrp/binder
bond_coeff      1 10.0 200.0 200.0
create_bonds    many all all 1 0.9 1.1
"""
