"""Data files that continue a composite: write_data of a bonded 3D packing (6 binders per atom,
made after the particles have turned, under load), then rrp/read_data in a new input with the
same style lines continues the run as the uninterrupted run (to round-off), in both orientation
layouts, with newton_bond on and off, the shear forms' 7 and 11 values per bond, and written on
1 rank and read on 2 and 4 with other processor grids. Plain read_data of such a file stops with
an error that names rrp/read_data; a file written with nofix continues with a warning that says
what was re-captured; a file of the earlier per-atom layout is refused with the way to read it,
and that way (fix property/atom + bond_style rrp/binder reference) still works."""
import os
import re

import rrptest as t

SETUP = """
plugin load ${plugin}
units           lj
atom_style      ${astyle}
boundary        p p p
newton          on ${newton}
comm_modify     vel yes
"""

# the style lines both inputs share (after the atoms exist)
STYLES = """
special_bonds   lj/coul 1.0 1.0 1.0
bond_style      rrp/binder ${bondargs}
bond_coeff      1 10.0 200.0 200.0
pair_style      rrp/hertz
pair_coeff      * * 2000.0
fix             1 all rrp/nve
timestep        0.002
compute         e all rrp/energy
compute         o all rrp/atom
thermo_style    custom step pe c_e[1] c_e[2] c_e[3] c_e[4] bonds
thermo_modify   format float %.17g norm no
thermo          100
"""

OUT = """write_dump      all custom ${dump} id xu yu zu vx vy vz omegax omegay omegaz c_o[4] c_o[5] c_o[6] c_o[7] modify sort id format float %.17g
"""

# an 8x8x8 jittered cubic packing: the spheres spin and bounce (frictionless contacts: they turn
# freely), then binders join every pair closer than 1.15 (6 per atom), the sample vibrates under
# their load; per-atom values from positions, so that any processor grid makes the same sample
BUILD = SETUP + t.jittered_lattice(8, slots=14, specials=40, jitter=0.03, seed=4411, diameter=1.0) + """${masses}
""" + t.spinning() + """pair_style      rrp/hertz
pair_coeff      * * 2000.0
fix             pre all rrp/nve
compute         o0 all rrp/atom
compute         qw all reduce min c_o0[4]
thermo_style    custom step c_qw
timestep        0.002
run             300
print           "QWMIN $(c_qw:%.6f)"
thermo_style    custom step
uncompute       qw
uncompute       o0
unfix           pre
create_bonds    many all all 1 0.0 1.15
""" + STYLES + """
run             200
print           "WRITTEN $(c_e[1]:%.17g) $(c_e[2]:%.17g) $(c_e[3]:%.17g)"
write_data      ${data} ${wdargs}
""" + OUT.replace("${dump}", "${dump0}") + """
run             ${nrun}
""" + OUT

CONTINUE = SETUP + """
${reader}       ${data}
""" + STYLES + """
run             0
""" + OUT.replace("${dump}", "${dump0}") + """
run             ${nrun}
""" + OUT


def thermo_first(out, col):
    """Value of column `col` in the first row of each thermo table."""
    rows, lines = [], out.splitlines()
    for k, line in enumerate(lines):
        if line.split()[:2] == ["Step", "PotEng"]:
            head = line.split()
            rows.append(float(lines[k + 1].split()[head.index(col)]))
    return rows


def deviation(a, b):
    """Largest difference of the dumps' columns: positions, velocities, omegas, quaternions."""
    worst = [0.0, 0.0, 0.0, 0.0]
    for i in a:
        for g, (lo, hi) in enumerate(((0, 3), (3, 6), (6, 9), (9, 13))):
            worst[g] = max(worst[g], max(abs(a[i][k] - b[i][k]) for k in range(lo, hi)))
    return worst


def build(wd, astyle, newton="on", bondargs="", wdargs=""):
    out = t.must_run(BUILD, wd, variables={"astyle": astyle, "newton": newton, "bondargs": bondargs or "shear convected",
                                           "data": "state.data", "wdargs": wdargs or "nocoeff",
                                           "dump0": "written.dump", "dump": "uninterrupted.dump", "nrun": 200,
                                           "masses": "mass * 1.0" if "sphere bond" in astyle else ""})
    return out


def cont(wd, astyle, newton="on", bondargs="", np=1, reader="rrp/read_data", grid=""):
    variables = {"astyle": astyle, "newton": newton, "bondargs": bondargs or "shear convected", "data": "state.data",
                 "dump0": "read.dump", "dump": "continued.dump", "nrun": 200, "reader": reader}
    script = CONTINUE if not grid else CONTINUE.replace("${reader} ", f"processors {grid}\n${{reader}} ")
    return t.run_lammps(script, wd, np=np, variables=variables)


LAYOUTS = (("sphere", "hybrid sphere bond"), ("bpm/sphere", "bpm/sphere"))
for name, astyle in LAYOUTS:
    wd = t.workdir("data")
    out = build(wd, astyle)
    qw = float(next(l for l in out.splitlines() if l.startswith("QWMIN")).split()[1])
    pe_written = thermo_first(out, "c_e[1]")
    with open(os.path.join(wd, "state.data")) as fh:
        text = fh.read()
    nbonds = int(re.search(r"^(\d+) bonds$", text, re.M).group(1))
    t.check(f"{name}: the packing has turned, about 6 binders per atom", qw < 0.9 and 5.5 < 2 * nbonds / 512 < 7.5,
            f"smallest q_w {qw}, {2 * nbonds / 512:.2f} binders per atom")
    longest = max(len(l) for l in text.splitlines())
    t.check(f"{name}: every line of the data file fits read_data's 256 characters", longest < 256,
            f"longest line {longest} characters")
    rc, out = cont(wd, astyle)
    written, uninterrupted = t.read_dump(os.path.join(wd, "written.dump")), t.read_dump(os.path.join(wd, "uninterrupted.dump"))
    read, continued = t.read_dump(os.path.join(wd, "read.dump")), t.read_dump(os.path.join(wd, "continued.dump"))
    d0, d1 = deviation(written, read), deviation(uninterrupted, continued)
    t.check(f"{name}: rrp/read_data reads positions, velocities, spins and orientations",
            rc == 0 and max(d0) < 1e-15, f"largest difference x v omega q: {d0}")
    t.check(f"{name}: the run continues as the uninterrupted one (200 steps)",
            rc == 0 and max(d1) < 1e-11, f"largest difference x v omega q: {d1}")

    # on other processor grids: the same run to round-off growth
    for np, grid in ((2, "1 2 1"), (4, "2 2 1")):
        rc, out = cont(wd, astyle, np=np, grid=grid)
        d = deviation(uninterrupted, t.read_dump(os.path.join(wd, "continued.dump"))) if rc == 0 else [1.0]
        t.check(f"{name}: read on {np} ranks (processors {grid}) continues the run", rc == 0 and max(d) < 1e-9,
                f"largest difference x v omega q: {d}" if rc == 0 else out[-500:])

    # plain read_data stops and says how to read the file
    rc, out = cont(wd, astyle, reader="read_data")
    err = next((l for l in out.splitlines() if "ERROR" in l), "")
    t.check(f"{name}: plain read_data stops and names rrp/read_data", rc != 0 and "rrp/read_data" in err, err)


# the prestress continues: the binders' energy after rrp/read_data is the one written
wd = t.workdir("data-energy")
out = build(wd, "hybrid sphere bond")
last = [float(x) for x in next(l for l in out.splitlines() if l.startswith("WRITTEN")).split()[1:]]
rc, out = cont(wd, "hybrid sphere bond")
first = [thermo_first(out, c)[0] for c in ("c_e[1]", "c_e[2]", "c_e[3]")]
dev = max(abs(a - b) / abs(b) for a, b in zip(first, last))
t.check("the binders' energy continues (no re-capture)", rc == 0 and dev < 1e-13 and min(last) > 1e-3,
        f"U^m U^a U^s written {last}, read {first}")

# newton_bond off, written on 2 ranks, read on 1 and 3
wd = t.workdir("data-newton")
rc, out = t.run_lammps(BUILD, wd, np=2, variables={"astyle": "hybrid sphere bond", "newton": "off", "bondargs": "shear convected",
                                                "data": "state.data", "wdargs": "nocoeff", "dump0": "written.dump",
                                                "dump": "uninterrupted.dump", "nrun": 200, "masses": "mass * 1.0"})
t.check("newton_bond off: the packing is built and written on 2 ranks", rc == 0, out[-800:] if rc else "")
for np, grid in ((1, ""), (3, "1 3 1")):
    rc, out = cont(wd, "hybrid sphere bond", newton="off", np=np, grid=grid)
    d = deviation(t.read_dump(os.path.join(wd, "uninterrupted.dump")), t.read_dump(os.path.join(wd, "continued.dump"))) \
        if rc == 0 else [1.0]
    t.check(f"newton_bond off, written on 2 ranks, read on {np}{' (processors ' + grid + ')' if grid else ''}: "
            "the run continues", rc == 0 and max(d) < 1e-9,
            f"largest difference x v omega q: {d}" if rc == 0 else out[-800:])

# the printed shear form keeps q_j0 too: 11 values per bond, in two lines each
wd = t.workdir("data-paper")
build(wd, "bpm/sphere", bondargs="shear paper")
with open(os.path.join(wd, "state.data")) as fh:
    text = fh.read()
head = next(l for l in text.splitlines() if l.startswith("rrp-lammps binders:"))
rc, out = cont(wd, "bpm/sphere", bondargs="shear paper")
d = deviation(t.read_dump(os.path.join(wd, "uninterrupted.dump")), t.read_dump(os.path.join(wd, "continued.dump"))) \
    if rc == 0 else [1.0]
t.check("shear paper: 11 values per bond continue the run", "11 values per bond" in head and rc == 0 and max(d) < 1e-11,
        f"largest difference x v omega q: {d}" if rc == 0 else out[-800:])
rc, out = cont(wd, "bpm/sphere", bondargs="shear convected")
t.check("shear convected reads a file of shear paper (its first 7 values)", rc == 0, out[-300:] if rc else "")
wd2 = t.workdir("data-paper2")
build(wd2, "bpm/sphere")
rc, out = cont(wd2, "bpm/sphere", bondargs="shear paper")
err = next((l for l in out.splitlines() if "ERROR" in l), "")
t.check("shear paper refuses references written for shear convected", rc != 0 and "use shear convected" in err, err)

# written with nofix: the run goes on with a warning that says what is re-captured
wd = t.workdir("data-nofix")
build(wd, "hybrid sphere bond", wdargs="nocoeff nofix")
rc, out = cont(wd, "hybrid sphere bond")
warn = next((l for l in out.splitlines() if "WARNING: rrp/read_data" in l), "")
first = [thermo_first(out, c)[0] for c in ("c_e[1]", "c_e[2]", "c_e[3]")] if rc == 0 else [1.0]
t.check("nofix: continues with a warning naming what is re-captured",
        rc == 0 and "no rrp-lammps sections" in warn and "binders will take" in warn and max(first) < 1e-20,
        f"{warn}; binder energies after reading {first}")

# the per-atom layout a pre-release wrote (section BinderReferences): refused by rrp/read_data
# with one error that says what the file is and how to remake it
OLD = """LAMMPS data file of the per-atom layout

2 atoms
1 atom types
1 bonds
1 bond types

-3 3 xlo xhi
-3 3 ylo yhi
-3 3 zlo zhi

Masses

1 1.0

Atoms # hybrid

1 1 -0.5 0 0 1.0 1.0 0 0 0 0
2 1 0.5 0.1 0 1.0 1.0 0 0 0 0

Bonds

1 1 1 2

BinderReferences # bond_style rrp/binder: atom-ID, then 1 x (partner-ID d0x d0y d0z qi0w qi0x qi0y qi0z qj0w qj0x qj0y qj0z)

1 2 -1.0 0 0 1 0 0 0 0.6 0.8 0 0
2 1 -1.0 0 0 1 0 0 0 0.6 0.8 0 0
"""
wd = t.workdir("data-old")
with open(os.path.join(wd, "old.data"), "w") as fh:
    fh.write(OLD)
READ_OLD = """plugin load ${plugin}
units lj
atom_style hybrid sphere bond
boundary f f f
${reading}
special_bonds lj/coul 1.0 1.0 1.0
bond_style rrp/binder ${bondargs}
bond_coeff 1 10.0 200.0 200.0
pair_style zero 2.0
pair_coeff * *
fix 1 all rrp/nve
compute e all rrp/energy
thermo_style custom step pe c_e[1] c_e[2] c_e[3]
thermo_modify format float %.17g norm no
run 0
"""
rc, out = t.run_lammps(READ_OLD, wd, variables={"reading": "rrp/read_data old.data", "bondargs": "shear convected"})
err = next((l for l in out.splitlines() if "ERROR" in l), "")
t.check("the per-atom layout of a pre-release: rrp/read_data stops and says how to remake the file",
        rc != 0 and "BinderReferences, which a pre-release of rrp-lammps wrote" in err and
        "write_data again" in err, err)
# the reference keyword that read that layout is gone
rc, out = t.run_lammps(READ_OLD.replace("${reading}", "fix r all property/atom d2_ref 12 ghost yes\n"
                                        "read_data old.data fix r NULL BinderReferences"), wd,
                       variables={"bondargs": "reference d2_ref"})
t.check("bond_style rrp/binder has no reference keyword",
        rc != 0 and "Unknown bond_style rrp/binder keyword: reference" in out,
        next((l for l in out.splitlines() if "ERROR" in l), ""))

# a quaternion of the file whose norm is off 1 by more than 1e-6 is refused with the line, the
# atom or bond and the norm (a binder's p of norm 0.5, normalised without a word, started two
# spheres with a 180-degree prestress); within 1e-6 it is normalised
UNIT = """LAMMPS data file: two spheres and one binder

2 atoms
1 atom types
1 bonds
1 bond types
rrp-lammps orientations: read this data file with the command rrp/read_data of the rrp-lammps plugin
rrp-lammps binders: 7 values per bond, released 0 in 0 ruptures; read this data file with the command rrp/read_data of the rrp-lammps plugin

-3 3 xlo xhi
-3 3 ylo yhi
-3 3 zlo zhi

Masses

1 1.0

Atoms # hybrid

1 1 -0.5 0 0 1.0 1.0 0 0 0 0
2 1 0.5 0 0 1.0 1.0 0 0 0 0

Orientations

{id1} {q1}
2 0.6 0 0.8 0

Bonds

1 1 1 2

Binders

1 2 -1 0 0 {p}
"""
UNIT_RUN = READ_OLD.replace("run 0", "compute o all rrp/atom\nrun 0\n"
                            "write_dump all custom q.dump id c_o[4] c_o[5] c_o[6] c_o[7] modify sort id "
                            "format float %.17g")
# p = R_1^T R_2 of the orientations above (atom 1 at the identity): the binder starts stress-free
P_UNIT = (0.6, 0.0, 0.8, 0.0)


def read_unit(q1, p, id1=1):
    """Read the two spheres with atom 1's orientation q1 and the binder's p (numbers or the text
    of a number); returns the folder, exit code, output and first ERROR line."""
    wd = t.workdir("data-unit")
    text = lambda vs: " ".join(v if isinstance(v, str) else repr(v) for v in vs)
    with open(os.path.join(wd, "unit.data"), "w") as fh:
        fh.write(UNIT.format(q1=text(q1), p=text(p), id1=id1))
    rc, out = t.run_lammps(UNIT_RUN, wd, variables={"reading": "rrp/read_data unit.data",
                                                    "bondargs": "shear convected"})
    err = next((l for l in out.splitlines() if "ERROR" in l), "")
    return wd, rc, out, err


IDENTITY = (1.0, 0.0, 0.0, 0.0)
wd, rc, out, err = read_unit(IDENTITY, [0.5 * v for v in P_UNIT])
t.check("Binders: a reference quaternion of norm 0.5 is refused with its line, bond and norm",
        rc != 0 and "line 1 of section Binders (bond 1-2)" in err and "has norm 0.5, not 1 within 1e-06" in err, err)
wd, rc, out, err = read_unit((0.5, 0.0, 0.0, 0.0), P_UNIT)
t.check("Orientations: an orientation of norm 0.5 is refused with its line, atom and norm",
        rc != 0 and "line 1 of section Orientations (atom 1)" in err and "has norm 0.5, not 1 within 1e-06" in err, err)
wd, rc, out, err = read_unit((1.0 + 2e-6, 0.0, 0.0, 0.0), P_UNIT)
t.check("Orientations: a norm of 1 + 2e-6 is refused too", rc != 0 and "has norm 1.000002," in err, err)
wd, rc, out, err = read_unit(IDENTITY, (0.6, 1e300, 1e300, 0.0))
t.check("Binders: a huge p is refused with its norm", rc != 0 and "has norm 1.414213562373095" in err, err)
wd, rc, out, err = read_unit(("1e999", 0.0, 0.0, 0.0), P_UNIT)
t.check("Orientations: a value that overflows (1e999) is refused", rc != 0 and "'1e999'" in err, err)
wd, rc, out, err = read_unit((1.0 + 1e-8, 0.0, 0.0, 0.0), [(1.0 + 1e-8) * v for v in P_UNIT])
pe = thermo_first(out, "PotEng")[0] if rc == 0 else 1.0
q = t.read_dump(os.path.join(wd, "q.dump"))[1] if rc == 0 else [0.0] * 4
qnorm = sum(v * v for v in q) ** 0.5
t.check("norm 1 + 1e-8: accepted and normalised (the binder starts stress-free, |q| = 1)",
        rc == 0 and not err and abs(pe) < 1e-20 and abs(qnorm - 1.0) < t.TOL_ROUNDOFF,
        f"pe {pe}, |q| - 1 = {qnorm - 1.0:.3g}" if rc == 0 else out[-800:])
wd, rc, out, err = read_unit(IDENTITY, (0.0, 0.0, 0.0, 0.0))
t.check("Binders: p zero is a binder without a reference yet (captured at its first computation)",
        rc == 0 and not err, out[-800:] if rc else "")
for bad in (7, 123456789, -1):
    wd, rc, out, err = read_unit(IDENTITY, P_UNIT, id1=bad)
    t.check(f"Orientations: atom ID {bad}, not one of the file's, is refused with its line",
            rc != 0 and f"line 1 of section Orientations: {bad} is not an atom ID of the data file" in err, err)

t.finish()
