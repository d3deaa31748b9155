"""Bad input stops LAMMPS with a clear ERROR naming the bad value, never a crash or a NaN."""
import os

import rrptest as t

BASE = """
plugin load ${plugin}
units lj
atom_style %s
boundary f f f
region box block -2 2 -2 2 -2 2
create_box 1 box
create_atoms 1 single 0 0 0
create_atoms 1 single 1 1 1
pair_style zero 1.0
pair_coeff * *
"""
SPHERE = BASE % "sphere" + "set group all diameter 1.0\nset group all mass 1.0\n"
BOND_BASE = """
plugin load ${plugin}
units lj
atom_style hybrid sphere bond
boundary f f f
region box block -2 2 -2 2 -2 2
create_box 1 box bond/types 1 extra/bond/per/atom 2 extra/special/per/atom 4
create_atoms 1 single 0 0 0
create_atoms 1 single %s
set group all diameter 1.0
mass 1 1.0
set group all mass 1.0
create_bonds single/bond 1 1 2 special no
pair_style zero 1.0
pair_coeff * *
"""
BOND = BOND_BASE % "1 0 0"
BOND_COINCIDENT = BOND_BASE % "0 0 0"

CASES = [
    ("atom style without rmass, omega, torque", BASE % "atomic" + "mass 1 1.0\nfix 1 all rrp/nve\n",
     "Fix rrp/nve requires per-atom rmass omega torque radius"),
    ("unknown scheme", SPHERE + "fix 1 all rrp/nve scheme rk4\n",
     "Fix rrp/nve scheme rk4 is unknown"),
    ("negative inertia", SPHERE + "fix 1 all rrp/nve inertia value -1\n",
     "Fix rrp/nve inertia value -1 must be a positive number"),
    ("unknown inertia kind", SPHERE + "fix 1 all rrp/nve inertia disc\n",
     "Fix rrp/nve inertia disc is unknown"),
    ("unknown keyword", SPHERE + "fix 1 all rrp/nve speed 2\n", "Unknown fix rrp/nve keyword: speed"),
    ("two integrators on one atom", SPHERE + "fix 1 all rrp/nve\nfix 2 all nve/sphere\nrun 0\n",
     "Fix rrp/nve 1: 2 atoms are also integrated by fix 2 (style nve/sphere)"),
    ("a non-finite force from another style", SPHERE + "variable big equal 1e300*1e300\n"
     "fix 1 all rrp/nve\nfix 2 all addforce v_big 0.0 0.0\nrun 5\n",
     "non-finite force, velocity, torque or angular velocity at atom 1 on step 1: f (inf"),
    ("a zero time step", SPHERE + "fix 1 all rrp/nve\ntimestep 0\nrun 1\n",
     "Fix rrp/nve: the time step is 0; it must be a nonzero finite number"),
    ("unknown ghosts mode", SPHERE + "fix 1 all rrp/nve ghosts never\n", "Fix rrp/nve ghosts never is unknown"),
    ("alpha with a missing variable", SPHERE + "fix 1 all rrp/nve alpha v_nope 0 0\n",
     "Variable nope for fix rrp/nve alpha does not exist"),
    ("alpha not finite", SPHERE + "variable a atom exp(1000*(2-id))\nfix 1 all rrp/nve alpha v_a 0 0\nrun 0\n",
     "Fix rrp/nve alpha of atom 1 is not finite"),
    ("alpha with too few values", SPHERE + "fix 1 all rrp/nve alpha 1 2\n", "fix rrp/nve alpha"),
    ("two rrp/nve fixes on one atom", SPHERE + "group one id 1\nfix 1 all rrp/nve\nfix 2 one rrp/nve\nrun 0\n",
     "Fix rrp/nve 1: 1 atoms are also integrated by fix 2 (style rrp/nve)"),
    ("zero radius with sphere inertia", SPHERE + "set atom 2 diameter 0.0\nfix 1 all rrp/nve\nrun 1\n",
     "Fix rrp/nve: atom 2 has rotational inertia 0"),
    ("fix adapt shrinks a sphere through zero radius during the run",
     (BASE % "sphere 1") + "set group all diameter 1.0\nset group all density 1.0\n"
     "variable d equal 1.0-1.5*elapsed/100\nfix a all adapt 1 atom diameter v_d\nfix 1 all rrp/nve\n"
     "fix 2 all rrp/gravity 0 0 -1 0.1 0 0\ntimestep 0.01\nrun 100\n",
     "Fix rrp/nve 1: atom 1 on step 68 has mass -6.5449846949783"),
    ("exact step too large, with limit stop",
     SPHERE + "set atom 2 omega 0 0 200\nfix 1 all rrp/nve limit stop\ntimestep 0.01\nrun 10\n",
     "step too large for the exact map at atom 2 on step 1: h |Omega + h/(2J) T| = 2 >= 1 with h = 0.01"),
    ("fix rrp/nve limit: an unknown value", SPHERE + "fix 1 all rrp/nve limit never\n",
     "Fix rrp/nve limit never is unknown: use newmark or stop"),
    ("compute rrp/atom with a missing fix", SPHERE + "fix 1 all rrp/nve\ncompute o all rrp/atom 7\nrun 0\n",
     "Compute rrp/atom: fix 7 does not exist"),
    ("compute rrp/momentum with a missing fix",
     SPHERE + "fix 1 all rrp/nve\ncompute m all rrp/momentum 2\nrun 0\n",
     "Compute rrp/momentum: fix 2 does not exist"),
    ("rrp/gravity without rrp/nve", SPHERE + "fix 2 all rrp/gravity 0 0 1 0 0 1\nfix 3 all nve/sphere\nrun 0\n",
     "Fix rrp/gravity needs the orientation of each atom, and atom_style sphere carries none"),
    ("rrp/gravity on atoms that nve/sphere moves",
     SPHERE + "group one id 1\ngroup two id 2\nfix 1 one rrp/nve\nfix 2 all rrp/gravity 0 0 1 0 0 1\n"
     "fix 3 two nve/sphere\nrun 0\n",
     "Fix rrp/gravity reads the orientation (the per-atom array d2_rrp_quat of fix rrp/nve) of 1 "
     "atoms that fix 3 (style nve/sphere) moves without advancing it"),
    ("compute rrp/atom on atoms that nve/sphere moves",
     BASE % "bpm/sphere" + "fix 3 all nve/sphere\ncompute o all rrp/atom\n"
     "dump d all custom 1 o.dump id c_o[4]\nrun 0\n",
     "Compute rrp/atom reads the orientation (the atom style's quaternion atom->quat) of 2 atoms "
     "that fix 3 (style nve/sphere) moves without advancing it"),
    ("rrp/gravity with a non-number", SPHERE + "fix 2 all rrp/gravity 0 0 up 0 0 1\n",
     "Expected floating point parameter instead of 'up'"),
    ("unknown shear form", BOND + "bond_style rrp/binder shear sideways\n",
     "Bond style rrp/binder shear sideways is unknown"),
    ("negative binder stiffness", BOND + "bond_style rrp/binder\nbond_coeff 1 10 -200 200\n",
     "Bond_coeff rrp/binder Ka = -200 must be a finite number >= 0"),
    ("binder coefficients missing", BOND + "bond_style rrp/binder\nbond_coeff 1 10 200\n",
     "Incorrect number of args for bond_coeff rrp/binder"),
    ("break with a zero strain", BOND + "bond_style rrp/binder break strain 0\n",
     "Bond style rrp/binder break strain 0 must be a positive number"),
    ("binder without fix rrp/nve", BOND + "bond_style rrp/binder\nbond_coeff 1 1 1 1\nfix 2 all nve/sphere\nrun 0\n",
     "Bond style rrp/binder needs the orientation of each atom, and atom_style hybrid carries none"),
    ("binder under bpm/sphere without ghost velocities",
     BOND.replace("hybrid sphere bond", "bpm/sphere").replace("mass 1 1.0\n", "") + "bond_style rrp/binder\nbond_coeff 1 1 1 1\n"
     "fix 1 all nve/bpm/sphere\nrun 0\n",
     "Bond style rrp/binder reads the orientations of ghost atoms, and atom_style bpm/sphere sends "
     "its quaternion to ghost atoms only with comm_modify vel yes (or define fix rrp/nve, which "
     "then sends it)"),
    ("binder under bpm/sphere with fix nve/sphere",
     BOND.replace("hybrid sphere bond", "bpm/sphere").replace("mass 1 1.0\n", "") + "comm_modify vel yes\nbond_style rrp/binder\n"
     "bond_coeff 1 1 1 1\nfix 1 all nve/sphere\nrun 0\n",
     "Bond style rrp/binder reads the orientation (the atom style's quaternion atom->quat) of 2 atoms "
     "that fix 1 (style nve/sphere) moves without advancing it"),
    ("binder on coincident atoms", BOND_COINCIDENT + "bond_style rrp/binder\nbond_coeff 1 1 1 1\n"
     "fix 1 all rrp/nve\nrun 0\n", "Bond style rrp/binder: bond 1-2 on step 0: coincident atoms"),
    # (a viscous binder of shear linear: the fused kernel refuses the block, the path one bond at a
    # time names the bond)
    ("viscous binder on coincident atoms", BOND_COINCIDENT + "bond_style rrp/binder shear linear\n"
     "bond_coeff 1 1 1 1 prony all 0.5 1.0\nfix 1 all rrp/nve\nrun 0\n",
     "Bond style rrp/binder: bond 1-2 on step 0: coincident atoms"),
    ("negative contact stiffness", SPHERE + "pair_style rrp/hertz\npair_coeff * * -5\n",
     "Pair_coeff rrp/hertz Kpp = -5 must be a finite number >= 0"),
    ("pair style arguments", SPHERE + "pair_style rrp/hertz 2.5\n",
     "Illegal pair_style rrp/hertz command: unknown keyword 2.5 (friction, rolling, twisting, contact)"),
    ("rrp/wall with a missing argument", SPHERE + "fix w all rrp/wall xlo 0\n",
     "Illegal fix rrp/wall command: missing argument(s)"),
    ("compute rrp/atom with an extra argument", SPHERE + "fix 1 all rrp/nve\ncompute o all rrp/atom 1 2\n",
     "Illegal compute rrp/atom command: unexpected argument 2"),
    ("unknown wall face", SPHERE + "fix w all rrp/wall left 0 100\n",
     "Fix rrp/wall face left is unknown"),
    ("negative wall stiffness", SPHERE + "fix w all rrp/wall xlo 0 -1\n",
     "Fix rrp/wall Kpw = -1 must be a finite number >= 0"),
    # (atoms leaving through a periodic face would come back behind the wall, deep inside it)
    ("wall on a periodic axis", SPHERE + "change_box all boundary f f p\nfix w all rrp/wall zlo -2 100\n"
     "fix 1 all rrp/nve\nrun 0\n",
     "Fix rrp/wall w: the box is periodic along z, so atoms cross the wall"),
    ("binder bond without a bond atom style", SPHERE + "bond_style rrp/binder\n",
     "Bond_style command when no bonds allowed"),
    ("contact law out of its domain (coincident centres)",
     SPHERE.replace("create_atoms 1 single 1 1 1", "create_atoms 1 single 0 0 0") +
     "pair_style rrp/hertz\npair_coeff * * 2100\nfix 1 all rrp/nve\nrun 0\n",
     "Pair style rrp/hertz: atoms 1 and 2 on step 0: coincident centres"),
    ("compute rrp/energy on a group", SPHERE + "group one id 1\ncompute e one rrp/energy\n",
     "Compute rrp/energy must use group all"),
]

for name, script, message in CASES:
    wd = t.workdir("errors")
    rc, out = t.run_lammps(script, wd)
    err = next((l for l in out.splitlines() if "ERROR" in l), "(no ERROR line)")
    t.check(name, rc != 0 and message in out and "Segmentation" not in out
            and "nan" not in err.lower().replace("nan-", ""), err)

# a data-file Orientations section (read by fix property/atom, see doc/fix_rrp_nve.rst) with
# unknown atom IDs, wrong column counts or non-finite numbers
DATA = """rrp-lammps orientations test

2 atoms
1 atom types

-2 2 xlo xhi
-2 2 ylo yhi
-2 2 zlo zhi

Atoms # sphere

1 1 1.0 1.9 -1.0 0.0 0.0
2 1 1.0 1.9 1.0 0.0 0.0

Orientations

%s
"""
READ = """
plugin load ${plugin}
units lj
atom_style sphere
boundary f f f
atom_modify map array
fix q all property/atom d2_q 4
read_data data.q fix q NULL Orientations
variable qw atom d2_q[1]
variable qx atom d2_q[2]
variable qy atom d2_q[3]
variable qz atom d2_q[4]
fix 1 all rrp/nve quat v_qw v_qx v_qy v_qz
"""
for name, rows, msg in (("an unknown atom ID", "1 1 0 0 0\n7 1 0 0 0", "Invalid atom ID 7 in Orientations section"),
                        ("a wrong column count", "1 1 0 0\n2 1 0 0 0", "Orientations"),
                        ("a non-finite number", "1 1 0 0 0\n2 nan 0 0 0", "Fix rrp/nve quat of atom 2 is (nan")):
    wd = t.workdir("errors")
    with open(os.path.join(wd, "data.q"), "w") as fh:
        fh.write(DATA % rows)
    rc, out = t.run_lammps(READ + "run 0\n", wd)
    err = next((l for l in out.splitlines() if "ERROR" in l), "(no ERROR line)")
    t.check(f"Orientations section with {name} is refused", rc != 0 and msg in err and "ERROR" in err, err)

# error messages name the source file relative to the repository, as LAMMPS's own do
wd = t.workdir("errors")
rc, out = t.run_lammps(SPHERE + "fix 1 all rrp/nve scheme rk4\n", wd)
err = next((l for l in out.splitlines() if "ERROR" in l), "(no ERROR line)")
t.check("error messages carry the repository-relative source path", "(plugin/fix_rrp_nve.cpp:" in err
        and os.path.dirname(os.path.dirname(os.path.abspath(__file__))) not in err, err)

# the newmark map has no step limit and takes the same large step
wd = t.workdir("errors")
rc, out = t.run_lammps(SPHERE + "set atom 2 omega 0 0 200\nfix 1 all rrp/nve scheme newmark\n"
                       "timestep 0.01\nrun 10\n", wd)
t.check("newmark takes the step exact refuses", rc == 0 and "ERROR" not in out)
t.finish()
