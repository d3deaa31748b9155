"""The orientation has one home per atom style, and every style finds it: several fix rrp/nve on
disjoint groups share it; the binder keeps its own references bond by bond, so bonds made
between runs get a reference when first computed, and LAMMPS's bond-topology commands
(delete_bonds ... remove) move the references with the bonds; ghost atoms carry current
orientations in both layouts."""
import math
import os

import rrptest as t

COMPOSITE = "plugin load ${{plugin}}\n" + t.binder_lattice("{style}") + """
group           low id <= 60
group           high id > 60
compute         m all rrp/momentum
compute         b all bond/local engpot
compute         eb all reduce sum c_b inputs local
thermo_style    custom step c_eb c_m[4] c_m[5] c_m[6]
thermo_modify   format float %.17g
timestep        0.002
"""
DUMP, QCOLS, QCOMP = t.STATE_DUMP, t.STATE_QCOLS, t.STATE_QCOMP


def thermo(out):
    rows, on = [], False
    for line in out.splitlines():
        w = line.split()
        if w[:1] == ["Step"]:
            on = True
        elif on and w and w[0].isdigit():
            rows.append([float(v) for v in w])
        elif line.startswith("Loop time"):
            on = False
    return rows


# --- several fix rrp/nve on disjoint groups, on 2 MPI ranks, in both layouts ---
for style in ("hybrid sphere bond", "bpm/sphere"):
    runs = {}
    for label, fixes in (("one", "fix 1 all rrp/nve\n"),
                         ("two", "fix 1 low rrp/nve\nfix 2 high rrp/nve\n"),
                         ("mixed", "fix 1 low rrp/nve scheme exact\n"
                                    "fix 2 high rrp/nve scheme newmark inertia ratio 0.6667\n")):
        wd = t.workdir("layouts")
        script = (COMPOSITE.format(style=style) + QCOMP[style] + fixes + "thermo 500\nrun 1500\n" +
                  DUMP.format(name="final.dump", q=QCOLS[style]))
        out = t.must_run(script, wd, np=2)
        runs[label] = (t.dump_lines(os.path.join(wd, "final.dump")), thermo(out))
    one, two = runs["one"][0], runs["two"][0]
    t.check(f"{style}: two fix rrp/nve on disjoint groups equal one on all, bitwise (2 ranks)",
            one == two and len(one) == 125, f"{sum(a != b for a, b in zip(one, two))} atoms differ")
    rows = runs["mixed"][1]
    l0 = rows[0][2:5]
    drift = max(math.dist(r[2:5], l0) for r in rows) / math.sqrt(sum(c * c for c in l0))
    turned = sum(1 for l in runs["mixed"][0] if abs(float(l.split()[10])) < 0.999)
    t.check(f"{style}: exact and newmark (another inertia) on two groups conserve angular momentum "
            f"(compute rrp/momentum takes each atom's J from its fix)",
            drift < 1e-12 and rows[-1][1] > 1e-4 and turned == 125,
            f"|L - L0|/|L0| = {drift:.2e}, binder energy {rows[-1][1]:.4g}, {turned} atoms turned")

# --- bonds made between runs, and delete_bonds remove, keep each bond's reference ---
wd = t.workdir("layouts")
script = COMPOSITE.format(style="hybrid sphere bond") + """
fix 1 all rrp/nve
thermo 300
run 300
group           g12 id 1 2
group           g122 id 1 22
compute         b12 g12 bond/local engpot
compute         e12 g12 reduce sum c_b12 inputs local
compute         b122 g122 bond/local engpot
compute         e122 g122 reduce sum c_b122 inputs local
thermo_style    custom step c_eb c_e12 c_e122
print           "BEFORE $(c_eb:%.17g)"
create_bonds    single/bond 1 1 22
run 0
print           "NEW $(c_eb:%.17g) $(c_e122:%.17g)"
run 300
print           "LATER $(c_eb:%.17g) $(c_e12:%.17g) $(c_e122:%.17g)"
write_data      after.data
delete_bonds    g12 bond 1 remove special
run 0
print           "DELETED $(c_eb:%.17g) $(c_e12:%.17g) $(c_e122:%.17g)"
"""
out = t.must_run(script, wd)
vals = {l.split()[0]: [float(v) for v in l.split()[1:]] for l in out.splitlines()
        if l.split()[:1] and l.split()[0] in ("BEFORE", "NEW", "LATER", "DELETED")}
before, new, later, deleted = vals["BEFORE"], vals["NEW"], vals["LATER"], vals["DELETED"]
t.check("a bond made between runs starts unstressed (its reference is captured when first computed)",
        abs(new[0] - before[0]) < 1e-12 * before[0] and new[1] < 1e-20 and before[0] > 1e-4,
        f"binder energy {before[0]:.12g} before create_bonds, {new[0]:.12g} after; new bond {new[1]:.3g}")
t.check("the new bond is loaded as the run goes on", later[2] > 1e-8, f"its energy {later[2]:.4g}")
with open(os.path.join(wd, "after.data")) as fh:
    data = fh.read()
section = data[data.index("\nBinders"):].splitlines()[3:]
row = next((l.split() for l in section if l.split()[:2] == ["1", "22"]), [])
t.check("write_data writes the new bond's reference (section Binders)",
        len(row) == 9 and any(float(v) != 0.0 for v in row[5:9]), f"line of bond 1-22: {' '.join(row)}")
# delete_bonds remove moves atom 1's last bond (1-22) into the slot of 1-2: its reference moves
# with it (LAMMPS finds the binder's history by its style BOND_HISTORY/RRP)
t.check("delete_bonds ... remove: the other bonds keep their references",
        deleted[1] == 0.0 and abs(deleted[0] - (later[0] - later[1])) < 1e-12 * later[0]
        and abs(deleted[2] - later[2]) < 1e-12 * later[0] and later[1] > 1e-8,
        f"total {later[0]:.12g} - bond 1-2 {later[1]:.6g} -> {deleted[0]:.12g}; bond 1-22 "
        f"{later[2]:.6g} -> {deleted[2]:.6g}")
# --- write_data writes the Orientations and Binders sections in both layouts; rrp/read_data
#     reads them back ---
CHAIN = "plugin load ${{plugin}}\n" + t.binder_lattice(
    "{style}", block="0 9 0 0 0 0", box="-2 12 -4 4 -4 4", newton="on on", slots=2, specials=4) + """
timestep        0.002
"""
for style in ("hybrid sphere bond", "bpm/sphere"):
    wd = t.workdir("layouts")
    script = (CHAIN.format(style=style) + QCOMP[style] + "fix 1 all rrp/nve\nthermo 300\nrun 300\n" +
              DUMP.format(name="written.dump", q=QCOLS[style]) +
              ("mass 1 1.0\n" if style != "bpm/sphere" else "") + "write_data out.data\n" +
              "thermo_style custom step ebond\nrun 0\nprint \"EBOND $(ebond:%.17g)\"\n")
    out = t.must_run(script, wd)
    e_written = float(next(l.split()[1] for l in out.splitlines() if l.startswith("EBOND")))
    read = f"""
plugin load ${{plugin}}
atom_style      {style}
newton          on on
comm_modify     vel yes
special_bonds   lj/coul 0.0 1.0 1.0
pair_style      rrp/hertz
bond_style      rrp/binder
rrp/read_data   out.data
fix             1 all rrp/nve
{QCOMP[style]}thermo_style    custom step ebond
run 0
print           "EBOND $(ebond:%.17g)"
""" + DUMP.format(name="read.dump", q=QCOLS[style])
    out = t.must_run(read, wd)
    e_read = float(next(l.split()[1] for l in out.splitlines() if l.startswith("EBOND")))
    a = [l.split()[10:] for l in t.dump_lines(os.path.join(wd, "written.dump"))]
    b = [l.split()[10:] for l in t.dump_lines(os.path.join(wd, "read.dump"))]
    moved = sum(1 for q in a if abs(float(q[0])) < 0.999)
    t.check(f"{style}: write_data's Orientations section read back by rrp/read_data, bitwise",
            a == b and moved == 10, f"{sum(x != y for x, y in zip(a, b))} of {len(a)} differ, {moved} turned")
    t.check(f"{style}: and its Binders section: the binder energy continues",
            abs(e_read - e_written) < 1e-13 * e_written and e_written > 1e-6,
            f"binder energy {e_written:.15g} written, {e_read:.15g} read")
# --- a bond made during a run (fix bond/create, MC package) gets its reference when first computed ---
BONDCREATE = """
plugin load ${plugin}
units           lj
atom_style      hybrid sphere bond
boundary        f f f
newton          on off
comm_modify     vel yes
special_bonds   lj/coul 0.0 1.0 1.0
region          box block -4 4 -4 4 -4 4
create_box      1 box bond/types 1 extra/bond/per/atom 2 extra/special/per/atom 4
create_atoms    1 single -0.8 0 0
create_atoms    1 single 0.8 0.1 0
set             group all diameter 1.0
set             group all density 1.9
mass            1 1.0
velocity        all set 0 0 0
set             atom 1 vx 0.2 omega 0 0 1.0
set             atom 2 vx -0.2 omega 0.5 0 0
pair_style      rrp/hertz
pair_coeff      * * 2100.0
bond_style      rrp/binder
bond_coeff      1 10.0 200.0 200.0
fix             bc all bond/create 1 1 1 1.0 1
fix             1 all rrp/nve
timestep        0.001
thermo_style    custom step bonds ebond
thermo_modify   format float %.17g
thermo          1
run             2500
"""
wd = t.workdir("layouts")
rc, out = t.run_lammps(BONDCREATE, wd)
if "Unrecognized fix style 'bond/create'" in out:
    t.check("fix bond/create (MC package) is in the LAMMPS build", False, "rebuild LAMMPS with scripts/lammps.sh")
else:
    rows = []
    on = False
    for line in out.splitlines():
        w = line.split()
        if w[:1] == ["Step"]:
            on = True
        elif on and len(w) == 3 and w[0].isdigit():
            rows.append((int(w[0]), int(w[1]), float(w[2])))
        elif line.startswith("Loop time"):
            on = False
    first = next((r for r in rows if r[1] == 1), None)
    later = max(r[2] for r in rows)
    t.check("fix bond/create makes a binder during the run; it starts unstressed",
            rc == 0 and first is not None and first[0] > 0 and first[2] < 1e-20,
            f"bond made on step {first[0] if first else None}, energy then {first[2] if first else None}")
    t.check("the binder made during the run is loaded afterwards", later > 1e-6, f"largest binder energy {later:.4g}")
# --- per-atom rotational inertia (inertia atom d_NAME): solid and hollow spheres in one composite;
#     compute rrp/momentum takes each atom's J, so angular momentum (orbital + spin) is conserved ---
POLY = "plugin load ${plugin}\n" + t.binder_lattice("hybrid sphere bond") + """
fix             J all property/atom d_J
variable        jj atom (0.4+0.2667*(id%2))*mass*radius^2
set             group all d_J v_jj
fix             1 all rrp/nve inertia atom d_J
compute         m all rrp/momentum
compute         er all erotate/sphere
fix             out all ave/time 1 1 100 c_m[4] c_m[5] c_m[6] c_m[8] c_er file mom.dat format " %.17g"
timestep        0.002
thermo          0
run             1500
"""
wd = t.workdir("layouts")
out = t.must_run(POLY, wd)
rows = t.read_table(os.path.join(wd, "mom.dat"))
l0 = rows[0][1:4]
drift = max(math.dist(r[1:4], l0) for r in rows) / math.sqrt(sum(c * c for c in l0))
t.check("inertia atom d_J (solid and hollow spheres): angular momentum conserved, each atom's J in "
        "compute rrp/momentum", len(rows) == 16 and drift < 1e-12, f"|L - L0|/|L0| = {drift:.2e}")
diff = max(abs(r[4] - r[5]) / r[4] for r in rows)
warn = next((l for l in out.splitlines() if "WARNING" in l and "erotate/sphere" in l), "")
t.check("LAMMPS's compute erotate/sphere (J = 0.4 m r^2) disagrees, and fix rrp/nve warns naming it",
        diff > 0.05 and "compute er (style erotate/sphere) takes J = 0.4 m r^2" in warn,
        f"KE_rot differs by up to {diff:.3g}; {warn}")
rc, out = t.run_lammps(POLY.replace("set             group all d_J v_jj", "set             atom 7 d_J 1.0"), wd)
t.check("an atom without a positive inertia is refused at setup, named",
        rc != 0 and "Fix rrp/nve: atom 1 has rotational inertia 0" in out,
        next((l for l in out.splitlines() if "ERROR" in l), "no ERROR"))
rc, out = t.run_lammps(POLY.replace("fix             J all property/atom d_J\n", "").replace(
    "set             group all d_J v_jj\n", ""), wd)
t.check("inertia atom d_J without the vector is refused",
        rc != 0 and "Fix rrp/nve inertia atom d_J: there is no per-atom vector d_J" in out,
        next((l for l in out.splitlines() if "ERROR" in l), "no ERROR"))
t.finish()
