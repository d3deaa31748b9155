"""Without comm_modify vel yes, atom_style bpm/sphere does not send its quaternion to ghost atoms;
fix rrp/nve then sends it itself (at borders, and every step where bond_style rrp/binder reads
it). A periodic binder composite drifting through the box, so that atoms migrate between ranks
and neighbor lists are rebuilt often, ends with the same bits with comm_modify vel no as with vel
yes, in both orientation layouts, on 1, 2 (processors 1 2 1) and 4 (processors 2 2 1) ranks.
Beside fix nve/bpm/sphere, whose quaternions this fix would send a step late, the fix stops with
an error."""
import rrptest as t

SYSTEM = """
plugin load ${{plugin}}
units           lj
atom_style      {style}
boundary        p p p
{grid}
""" + t.jittered_lattice(6, slots=6, specials=6, jitter=0.02, seed=4821, diameter=1.04) + """{mass}
velocity        all create 1.0 12345 loop geom
velocity        all set 1.0 0.7 0.4 sum yes
variable        ox atom 0.3*sin(1.3*x+0.2*y)
variable        oy atom 0.3*cos(0.7*y+0.4*z)
variable        oz atom 0.2*sin(0.4*z+1.0)
set             group all omega v_ox v_oy v_oz
{comm}
neighbor        0.2 bin
neigh_modify    every 1 delay 0 check yes
pair_style      zero 1.1
pair_coeff      * *
bond_style      zero
bond_coeff      1
create_bonds    many all all 1 0.95 1.05
special_bonds   lj/coul 1.0 1.0 1.0
pair_style      rrp/hertz
pair_coeff      * * 2100.0
bond_style      rrp/binder
bond_coeff      1 10.0 200.0 200.0
fix             1 all rrp/nve
compute         m all rrp/momentum
thermo_style    custom step ebond c_m[4] c_m[5] c_m[6]
thermo_modify   format float %.17g
thermo          500
timestep        0.002
"""
DUMP, QCOLS, QCOMP = t.STATE_DUMP, t.STATE_QCOLS, t.STATE_QCOMP
GRIDS = {1: "", 2: "processors 1 2 1", 4: "processors 2 2 1"}


def run(style, np, comm, extra="run 1500\n"):
    wd = t.workdir("ghost-send")
    script = (SYSTEM.format(style=style, grid=GRIDS[np], comm=comm,
                            mass="mass * 1.0" if style != "bpm/sphere" else "") +
              QCOMP[style] + extra + DUMP.format(name="final.dump", q=QCOLS[style]))
    out = t.must_run(script, wd, np=np)
    return out, t.dump_lines(f"{wd}/final.dump")


def reneighborings(out):
    line = next(l for l in out.splitlines() if l.startswith("Neighbor list builds"))
    return int(line.split("=")[1])


for style in ("bpm/sphere", "hybrid sphere bond"):
    for np in (1, 2, 4):
        out_yes, atoms_yes = run(style, np, "comm_modify vel yes")
        out_no, atoms_no = run(style, np, "comm_modify vel no")
        diff = sum(a != b for a, b in zip(atoms_yes, atoms_no))
        turned = sum(1 for a in atoms_no if abs(float(a.split()[10])) < 0.9999)
        builds = reneighborings(out_no)
        t.check(f"{style}, {np} rank(s): comm_modify vel no ends with the bits of vel yes "
                f"(1500 steps, atoms drifting across ranks)",
                len(atoms_yes) == 216 and len(atoms_no) == 216 and diff == 0 and turned > 100 and builds > 50,
                f"{diff} of {len(atoms_yes)} atom lines differ, {turned} atoms turned, {builds} neighbor "
                f"list builds")
        thermo_yes = [l for l in out_yes.splitlines() if l.split()[:1] in (["0"], ["500"], ["1000"], ["1500"])]
        thermo_no = [l for l in out_no.splitlines() if l.split()[:1] in (["0"], ["500"], ["1000"], ["1500"])]
        t.check(f"{style}, {np} rank(s): the binder energy and angular momentum (thermo) agree bitwise",
                len(thermo_yes) == 4 and thermo_yes == thermo_no, f"{thermo_yes[-1:]} and {thermo_no[-1:]}")

# beside fix nve/bpm/sphere, which advances quaternions this fix would send a step late, vel no
# is refused (without any fix rrp/nve: tests/lammps/test_errors.py)
BPM = SYSTEM.format(style="bpm/sphere", grid="", comm="", mass="").replace(
    "fix             1 all rrp/nve\n", "group low id <= 100\ngroup high id > 100\n"
    "fix 1 low rrp/nve\nfix 2 high nve/bpm/sphere\n")
wd = t.workdir("ghost-send")
rc, out = t.run_lammps(BPM + "run 0\n", wd)
flat = " ".join(out.split())
t.check("vel no, fix nve/bpm/sphere beside fix rrp/nve: refused with an error naming both",
        rc != 0 and "Fix rrp/nve 1: with comm_modify vel no this fix sends the quaternions of atom_style "
        "bpm/sphere to the ghost atoms, which bond_style rrp/binder reads, but fix 2 (style "
        "nve/bpm/sphere) advances them too: set comm_modify vel yes" in flat,
        flat[flat.find("ERROR"):][:300])
t.finish()
