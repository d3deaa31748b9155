"""rrp_lammps: use the rrp-lammps plugin from a Python session, with any LAMMPS Python module.

    from lammps import lammps
    import rrp_lammps

    lmp = lammps()
    rrp_lammps.load(lmp)                      # plugin load, and a check that the styles came
    lmp.commands_string(...)                  # fix rrp/nve, bond_style rrp/binder, ...
    q = rrp_lammps.orientations(lmp)          # (N, 4) unit quaternions in atom-ID order
    m = rrp_lammps.momenta(lmp, "m")          # compute rrp/momentum as named numpy arrays
    e = rrp_lammps.energies(lmp, "e")         # compute rrp/energy as a dict of terms

The plugin is found from the argument of load(), else $RRP_PLUGIN, else the one the package was
built with (pip install ./python), else next to this package (an installed prefix:
PREFIX/lib/rrp-lammps/rrpplugin.so, or the build tree build/plugin/).
Gathered arrays are the same on every MPI rank (LAMMPS's gather functions)."""
import os

import numpy as np

__all__ = ["plugin_path", "load", "orientations", "positions", "momenta", "energies"]

ENERGY_TERMS = ("binder_bending", "binder_axial", "binder_shear", "contact", "wall", "released",
                "ruptured", "ruptured_axial", "ruptured_shear", "ruptured_bending", "ruptured_twist",
                "ruptured_rotation")


def plugin_path(path=None):
    """The rrpplugin.so to load: `path`, else $RRP_PLUGIN, else an installed or built one."""
    if path:
        return path
    if os.environ.get("RRP_PLUGIN"):
        return os.environ["RRP_PLUGIN"]
    try:  # pip install ./python: the plugin the package was built with (python/setup.py)
        from . import _install
        if _install.PLUGIN and os.path.exists(_install.PLUGIN):
            return _install.PLUGIN
    except ImportError:
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    for candidate in (os.path.join(here, "..", "..", "build", "plugin", "rrpplugin.so"),
                      os.path.join(here, "..", "..", "..", "rrp-lammps", "rrpplugin.so"),
                      os.path.join(here, "..", "..", "lib", "rrp-lammps", "rrpplugin.so")):
        if os.path.exists(candidate):
            return os.path.normpath(candidate)
    raise FileNotFoundError("rrpplugin.so not found: pass its path to load() or set RRP_PLUGIN")


def load(lmp, path=None):
    """Load the plugin into the lammps.lammps instance `lmp`; returns the path loaded. Raises
    RuntimeError when LAMMPS lacks the PLUGIN package or the file is not the rrp plugin."""
    path = plugin_path(path)
    if not lmp.has_package("PLUGIN"):
        raise RuntimeError("this LAMMPS has no PLUGIN package: it cannot load rrpplugin.so")
    lmp.command(f'plugin load "{path}"')
    if not lmp.has_style("fix", "rrp/nve"):
        raise RuntimeError(f"{path} was loaded but registered no fix rrp/nve: not the rrp plugin")
    return path


def _natoms(lmp):
    return int(lmp.get_natoms())


def orientations(lmp):
    """Unit quaternions (w, x, y, z), body to space, of all atoms in atom-ID order: the atom
    style's quaternion (atom_style bpm/sphere) or the array d2_rrp_quat of fix rrp/nve."""
    name = "quat" if lmp.extract_atom("quat") is not None else "d2_rrp_quat"
    return np.array(lmp.gather(name, 1, 4), dtype=float).reshape(_natoms(lmp), 4)


def positions(lmp):
    """Positions of all atoms in atom-ID order, (N, 3)."""
    return np.array(lmp.gather_atoms("x", 1, 3), dtype=float).reshape(_natoms(lmp), 3)


def _vector(lmp, compute_id, n, style):
    if not lmp.has_id("compute", compute_id):
        raise KeyError(f"there is no compute {compute_id}: define it first, e.g. "
                       f"lmp.command(\"compute {compute_id} all {style}\"), and run (run 0) before reading it")
    v = lmp.extract_compute(compute_id, 0, 1)    # LMP_STYLE_GLOBAL, LMP_TYPE_VECTOR
    if v is None:
        raise KeyError(f"compute {compute_id} gives no global vector: it must be a compute {style}")
    return np.array([v[k] for k in range(n)], dtype=float)


def momenta(lmp, compute_id):
    """compute rrp/momentum `compute_id` (current values): P (3), L about the origin, orbital
    plus spin (3), translational and rotational kinetic energy."""
    v = _vector(lmp, compute_id, 8, "rrp/momentum")
    return {"P": v[0:3], "L": v[3:6], "ke_trans": v[6], "ke_rot": v[7]}


def energies(lmp, compute_id):
    """compute rrp/energy `compute_id` (current values) by term."""
    return dict(zip(ENERGY_TERMS, _vector(lmp, compute_id, len(ENERGY_TERMS), "rrp/energy")))
