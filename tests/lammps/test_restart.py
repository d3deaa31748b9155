"""Restart files in both orientation layouts (atom_style sphere: the array of fix rrp/nve;
atom_style bpm/sphere: the atom style's own quaternion): write_restart then read_restart
continues the same trajectory bitwise; a file of one layout is not read into the other. With
binders, the binder energy continues. Every style's record is {marker, version, count, values}
(plugin/rrp_restart.h): a record of another version (a pre-release's, made here by patching the
version of a current file), a damaged marker or count, is one error that names the style, says
what the file is and how to remake it."""
import os
import shutil
import struct

import rrptest as t

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "granular.in")
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
    tag = struct.pack("<dddd", MAGIC, 3.0, 1.0, layout)
    t.check(f"{style}: the restart file records layout {int(layout)} in a record of version 3",
            raw.count(tag) == 1)
    files[style] = (wd, os.path.join(wd, "mid.restart"), tag)

# binders: the binder energy continues from a restart; records of other versions are refused
BINDER = """plugin load ${plugin}
units           lj
atom_style      hybrid sphere bond
boundary        f f f
newton          on on
comm_modify     vel yes
special_bonds   lj/coul 0.0 1.0 1.0
lattice         sc 1.0
region          box block -2 12 -4 4 -4 4
create_box      1 box bond/types 1 extra/bond/per/atom 2 extra/special/per/atom 4
region          line block 0 9 0 0 0 0
create_atoms    1 region line
displace_atoms  all random 0.02 0.02 0.02 4821 units box
set             group all diameter 1.0
set             group all density 1.9
mass            1 1.0
velocity        all create 0.02 872 loop geom
variable        oz atom 0.5+0.1*sin(x)
set             group all omega 0.2 -0.1 v_oz
pair_style      rrp/hertz
pair_coeff      * * 2100.0
bond_style      zero
bond_coeff      *
create_bonds    many all all 1 0.9 1.1
special_bonds   lj/coul 1.0 1.0 1.0
bond_style      rrp/binder break strain 0.3
bond_coeff      1 10.0 200.0 200.0
fix             1 all rrp/nve
timestep        0.002
thermo_style    custom step ebond
run             300
print           "EBOND $(ebond:%.17g)"
write_restart   binder.restart
"""
READ_BINDER = ("plugin load ${plugin}\nread_restart ${file}\nfix 1 all rrp/nve\n"
               "thermo_style custom step ebond\nrun 0\nprint \"EBOND $(ebond:%.17g)\"\n")


def ebond(out):
    return float(next(l.split()[1] for l in out.splitlines() if l.startswith("EBOND")))


wd = t.workdir("restart-binder")
written = ebond(t.must_run(BINDER, wd))
got = ebond(t.must_run(READ_BINDER, wd, variables={"file": "binder.restart"}))
# (to round-off: the bonds are summed in the order of the new bond list; a reference read wrongly
# changes the energy in its leading digits)
t.check("with binders: the binder energy continues from the restart (to round-off)",
        abs(got - written) <= 1e-14 * written, f"{got!r} read, {written!r} written")
with open(os.path.join(wd, "binder.restart"), "rb") as fh:
    raw = fh.read()
AGAIN = "write the restart again"
for what, old, new, says in (
        # (its own record, 23 values for one bond type; its relaxation series follow in two more)
        ("bond_style rrp/binder's record", struct.pack("<ddd", MAGIC, 8.0, 23.0),
         struct.pack("<ddd", MAGIC, 7.0, 23.0),
         "Bond style rrp/binder: the restart file's record of this style has version 7; this plugin "
         "reads version 8"),
        # (its friction's 14 values, then K for the one pair of types)
        ("pair_style rrp/hertz's record", struct.pack("<ddd", MAGIC, 2.0, 16.0),
         struct.pack("<ddd", MAGIC, 7.0, 16.0),
         "Pair style rrp/hertz: the restart file's record of this style has version 7; this plugin "
         "reads version 2"),
        ("the binder references' record", struct.pack("<dddd", MAGIC, 4.0, 6.0, 7.0),
         struct.pack("<dddd", MAGIC, 3.0, 6.0, 7.0),
         "(the binders' references): the restart file's record of this style has version 3; this "
         "plugin reads version 4"),
        ("fix rrp/nve's record", struct.pack("<dddd", MAGIC, 3.0, 1.0, 2.0),
         struct.pack("<dddd", MAGIC, 1.0, 1.0, 2.0),
         "Fix rrp/nve 1: the restart file's record of this style has version 1; this plugin reads "
         "version 3"),
        ("a damaged marker (fix rrp/nve)", struct.pack("<dddd", MAGIC, 3.0, 1.0, 2.0),
         struct.pack("<dddd", 1.0, 3.0, 1.0, 2.0),
         "Fix rrp/nve 1: the restart file's record of this style is not one that rrp-lammps writes"),
        ("a damaged count (fix rrp/nve)", struct.pack("<dddd", MAGIC, 3.0, 1.0, 2.0),
         struct.pack("<dddd", MAGIC, 3.0, 2.0, 2.0),
         "Fix rrp/nve 1: the restart file's record of this style holds 2 values where this plugin "
         "reads 1 (version 3): the file is damaged"),
        ("a NaN stiffness (bond_style rrp/binder)", struct.pack("<ddd", 10.0, 10.0, 200.0),
         struct.pack("<ddd", float("nan"), 10.0, 200.0),
         "Bond style rrp/binder: the restart file gives bond type 1 Kb = nan")):
    t.check(f"{what} is in the restart file once", raw.count(old) == 1, f"{raw.count(old)} times")
    with open(os.path.join(wd, "patched.restart"), "wb") as fh:
        fh.write(raw.replace(old, new))
    rc, out = t.run_lammps(READ_BINDER, wd, variables={"file": "patched.restart"})
    t.check(f"{what}: refused, naming the style" + (", saying how to remake the file" if "version" in says else ""),
            rc != 0 and says in out and (AGAIN in out or "version" not in says or "damaged" in says),
            first_error(out))

# a file that says the other layout, and versions this plugin does not know
wd, path, tag = files["bpm/sphere"]
rc, out = read_patched(wd, path, tag, struct.pack("<dddd", MAGIC, 3.0, 1.0, 2.0), "bpm/sphere")
t.check("a restart of the other layout is refused", rc != 0 and
        "holds the orientations as the per-atom array d2_rrp_quat of fix rrp/nve, but atom_style "
        "bpm/sphere keeps them as the atom style's quaternion atom->quat" in out, first_error(out))
rc, out = read_patched(wd, path, tag, struct.pack("<dddd", MAGIC, 4.0, 1.0, 1.0), "bpm/sphere")
t.check("fix rrp/nve refuses an unknown record version", rc != 0 and
        "record of this style has version 4; this plugin reads version 3" in out, first_error(out))
wd, path, tag = files["sphere"]
store_tag = struct.pack("<dddd", MAGIC, 3.0, 1.0, 4.0)
rc, out = read_patched(wd, path, store_tag, struct.pack("<dddd", MAGIC, 4.0, 1.0, 4.0), "sphere")
t.check("the orientation array refuses an unknown record version", rc != 0 and
        "Fix RRP/ORIENTATION RRP_ORIENTATION: the restart file's record of this style has version 4" in out,
        first_error(out))
t.finish()
