"""Restart files in both orientation layouts (atom_style sphere: the array of fix rrp/nve;
atom_style bpm/sphere: the atom style's own quaternion): write_restart then read_restart
continues the same trajectory bitwise. Restart files of version 1 (the orientations as per-atom
data of fix rrp/nve, tests/data/legacy-restart) are read for atom_style sphere and refused for
bpm/sphere; a file of one layout is not read into the other; unknown versions are refused."""
import os
import shutil
import struct

import rrptest as t

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "granular.in")
LEGACY = os.path.join(HERE, "..", "data", "legacy-restart")
MAGIC = 7256980.0
n = 500


def snapshot(wd, name):
    with open(os.path.join(wd, name)) as fh:
        lines = fh.read().splitlines()
    return lines[lines.index(next(l for l in lines if l.startswith("ITEM: ATOMS"))):]


def first_error(out):
    return next((l for l in out.splitlines() if "ERROR" in l), "no ERROR")


def read_patched(wd, source, old, new, style):
    """Run read mode on a copy of `source` with the bytes `old` replaced by `new`."""
    with open(source, "rb") as fh:
        raw = fh.read()
    with open(os.path.join(wd, "patched.restart"), "wb") as fh:
        fh.write(raw.replace(old, new))
    return t.run_lammps(None, wd, input_file=SCRIPT, variables={
        "nsteps": 1, "mode": "read", "restart": "patched.restart", "dump": "never.dump", "style": style})


files = {}
for style, layout in (("sphere", 2.0), ("bpm/sphere", 1.0)):
    wd = t.workdir("restart")
    v = {"nsteps": n, "style": style, "restart": "mid.restart"}
    # continuous: run n, write_restart, run n more (the second run re-does setup, as a restart does)
    t.must_run(None, wd, input_file=SCRIPT, variables=dict(v, mode="write", dump="continuous.dump"))
    out = t.must_run(None, wd, input_file=SCRIPT, variables=dict(v, mode="read", dump="restarted.dump"))
    t.check(f"{style}: the restart file holds the orientations",
            "WARNING" not in out or "alpha keyword was ignored" in out,
            "warning: " + next((l for l in out.splitlines() if "WARNING" in l), "none"))
    a, b = snapshot(wd, "continuous.dump"), snapshot(wd, "restarted.dump")
    t.check(f"{style}: restarted run equals the continuous one bitwise", a == b and len(a) > 500,
            f"{sum(x != y for x, y in zip(a, b))} of {len(a) - 1} atom lines differ")
    fresh = t.read_dump(os.path.join(wd, "restarted.dump"))
    moved = max(abs(q[9] - 1.0) for q in fresh.values())
    t.check(f"{style}: orientations are not the initial ones", moved > 1e-3, f"max |1 - q_w| = {moved:.3g}")
    with open(os.path.join(wd, "mid.restart"), "rb") as fh:
        raw = fh.read()
    tag = struct.pack("<ddd", MAGIC, 2.0, layout)
    t.check(f"{style}: the restart file records layout {int(layout)} of version 2", raw.count(tag) == 1)
    files[style] = (wd, os.path.join(wd, "mid.restart"), tag)

# a version 1 restart of atom_style sphere continues as the current code's continuous run
wd = t.workdir("restart-v1")
v = {"nsteps": 100, "style": "sphere", "box": 4}
t.must_run(None, wd, input_file=SCRIPT, variables=dict(v, mode="write", restart="now.restart",
                                                       dump="continuous.dump"))
shutil.copy(os.path.join(LEGACY, "v1-sphere.restart"), wd)
out = t.must_run(None, wd, input_file=SCRIPT, variables=dict(v, mode="read", restart="v1-sphere.restart",
                                                             dump="restarted.dump"))
a, b = snapshot(wd, "continuous.dump"), snapshot(wd, "restarted.dump")
t.check("version 1 restart (atom_style sphere) continues bitwise", a == b and len(a) > 100,
        f"{sum(x != y for x, y in zip(a, b))} of {len(a) - 1} atom lines differ")
t.check("version 1 restart leaves no per-atom data unused", "Unused restart file peratom fix" not in out)

# a version 1 restart of atom_style bpm/sphere is refused: its atom->quat never turned
shutil.copy(os.path.join(LEGACY, "v1-bpm-sphere.restart"), wd)
rc, out = t.run_lammps(None, wd, input_file=SCRIPT, variables=dict(
    v, style="bpm/sphere", mode="read", restart="v1-bpm-sphere.restart", dump="never.dump"))
t.check("version 1 restart (atom_style bpm/sphere) is refused", rc != 0 and
        "written by an older rrp-lammps that kept the orientations apart from atom_style bpm/sphere's "
        "quaternion atom->quat" in out, first_error(out))

# a version 1 restart with binders (bond settings of that version, references in the history
# of that version's style): the binder energy continues, to round-off (the binder kernel has
# since multiplied by 1/L where it divided by L; a reference read wrongly changes the energy
# in its leading digits)
shutil.copy(os.path.join(LEGACY, "v1-binder.restart"), wd)
out = t.must_run("plugin load ${plugin}\nread_restart v1-binder.restart\nfix 1 all rrp/nve\n"
                 "thermo_style custom step ebond\nrun 0\nprint \"EBOND $(ebond:%.17g)\"\n", wd)
e = float(next(l.split()[1] for l in out.splitlines() if l.startswith("EBOND")))
t.check("version 1 restart with binders: the binder energy continues (to round-off)",
        abs(e - 0.019064378179543442) <= 1e-14 * 0.019064378179543442,
        f"binder energy {e!r} (written as 0.019064378179543442, "
        "tests/data/legacy-restart/binder.in)")

# a file that says the other layout, and versions this plugin does not know
wd, path, tag = files["bpm/sphere"]
rc, out = read_patched(wd, path, tag, struct.pack("<ddd", MAGIC, 2.0, 2.0), "bpm/sphere")
t.check("a restart of the other layout is refused", rc != 0 and
        "holds the orientations as the per-atom array d2_rrp_quat of fix rrp/nve, but atom_style "
        "bpm/sphere keeps them as the atom style's quaternion atom->quat" in out, first_error(out))
rc, out = read_patched(wd, path, tag, struct.pack("<ddd", MAGIC, 3.0, 1.0), "bpm/sphere")
t.check("fix rrp/nve refuses an unknown state layout version", rc != 0 and
        "holds orientations in state layout version 3; this plugin reads versions 1 and 2" in out,
        first_error(out))
wd, path, tag = files["sphere"]
store_tag = struct.pack("<ddd", MAGIC, 2.0, 4.0)
rc, out = read_patched(wd, path, store_tag, struct.pack("<ddd", MAGIC, 3.0, 4.0), "sphere")
t.check("the orientation array refuses an unknown state layout version", rc != 0 and
        "holds orientations in state layout version 3 (4 values per atom); this plugin reads version 2" in out,
        first_error(out))
t.finish()
