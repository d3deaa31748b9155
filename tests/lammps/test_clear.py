"""fix rrp/nve clear: the fix clears the forces and torques in place of the Verlet run, each
atom's rows in its first half as it reads them, the ghost atoms' rows (and all rows after
reneighboring) in pre_force. With clear yes (the default) every run ends with the bits of clear
no; the fix says whether it clears the forces, or why LAMMPS does. Checked on a periodic composite drifting through the box (migration, sorting, 99
reneighborings in 1500 steps) in both layouts on 1, 2 and 4 ranks, with newton off, with atoms
poured in during the run (fix pour), beside a fix that acts after it in initial_integrate or
before it in pre_force, with two fixes on half groups, and after the fix is deleted (LAMMPS
clears again)."""
import rrptest as t

DUMP, QCOLS, QCOMP = t.STATE_DUMP, t.STATE_QCOLS, t.STATE_QCOMP
GRIDS = {1: "", 2: "processors 1 2 1", 4: "processors 2 2 1"}
CLEARS = "Fix rrp/nve 1 clears the forces in its first half"


def said(out):
    """the fix's lines on who clears the forces"""
    return [l for l in out.splitlines() if l.startswith("Fix rrp/nve") and "clears the forces" in l]


def thermo(out):
    return [l for l in out.splitlines() if l.split()[:1] in (["0"], ["500"], ["1000"], ["1500"])]


def run(script, style, np, name="clear"):
    wd = t.workdir(name)
    out = t.must_run(script + DUMP.format(name="final.dump", q=QCOLS[style]), wd, np=np)
    return out, t.dump_lines(f"{wd}/final.dump")


def drifting(style, np, clear, grid="", fix=None, extra="", style_args=""):
    """the drifting composite, 1500 steps, with clear yes or no on every fix rrp/nve"""
    fix = fix or "fix             1 all rrp/nve"
    fix = fix.replace("rrp/nve", f"rrp/nve clear {clear}")
    script = (t.drifting_composite(style, grid=(grid + "\n" + GRIDS[np]), fix=fix,
                                   style_args=style_args) + QCOMP[style] +
              extra + "run 1500\n")
    return run(script, style, np)


def same_bits(label, a, b, n=216):
    (out_a, atoms_a), (out_b, atoms_b) = a, b
    diff = sum(x != y for x, y in zip(atoms_a, atoms_b))
    t.check(f"{label}: clear yes ends with the bits of clear no",
            len(atoms_a) == n and len(atoms_b) == n and diff == 0,
            f"{diff} of {len(atoms_a)} atom lines differ ({len(atoms_b)})")
    t.check(f"{label}: the thermo lines (binder energy, angular momentum) agree bitwise",
            len(thermo(out_a)) == 4 and thermo(out_a) == thermo(out_b),
            f"{thermo(out_a)[-1:]} and {thermo(out_b)[-1:]}")


# the fix takes the clearing over (on reneighboring steps its pre_force clears every row: atoms
# have moved between ranks and been sorted)
for style in ("bpm/sphere", "hybrid sphere bond"):
    for np in (1, 2, 4):
        yes, no = drifting(style, np, "yes"), drifting(style, np, "no")
        label = f"{style}, {np} rank(s)"
        same_bits(label, yes, no)
        t.check(f"{label}: the fix says it clears the forces (once), across reneighborings",
                said(yes[0]) == [CLEARS] and t.reneighborings(yes[0]) > 50,
                f"{said(yes[0])}, {t.reneighborings(yes[0])} reneighborings")
        t.check(f"{label}: with clear no it says nothing of it", said(no[0]) == [], f"{said(no[0])}")

# newton off: the ghost atoms' rows are not cleared (as Verlet)
style = "bpm/sphere"
yes = drifting(style, 2, "yes", grid="newton off off")
same_bits(f"newton off, 2 ranks", yes, drifting(style, 2, "no", grid="newton off off"))
t.check("newton off: the fix clears the forces", said(yes[0]) == [CLEARS], f"{said(yes[0])}")

# where the fix leaves the clearing to LAMMPS: the same bits, and the fix says why
CASES = {
    "fix recenter after it in initial_integrate": (dict(
        extra="fix rc all recenter INIT INIT INIT\n"),
        "fix rc (style recenter) acts after it in initial_integrate"),
    "fix adapt before it in pre_force": (dict(
        fix="variable dd equal 1.04\nfix ad all adapt 1 atom diameter v_dd mass no\n"
            "fix             1 all rrp/nve", style_args="1"),
        "fix ad (style adapt) acts before it in pre_force"),
    "two fixes on half groups": (dict(
        fix="region lo block INF INF INF INF INF 3.0\ngroup lo region lo\ngroup hi subtract all lo\n"
            "fix             1 lo rrp/nve\nfix             2 hi rrp/nve"),
        "the fix's group is lo, not all"),
}
for label, (kw, why) in CASES.items():
    yes, no = drifting(style, 2, "yes", **kw), drifting(style, 2, "no", **kw)
    same_bits(f"{label}, 2 ranks", yes, no)
    t.check(f"{label}: the fix says LAMMPS clears, and why",
            f"Fix rrp/nve 1: LAMMPS clears the forces ({why})" in said(yes[0]), f"{said(yes[0])}")

# runs in a row: taken over, left to LAMMPS while fix recenter acts after the fix, taken over
# again, then runs without setup (run pre no): the bits of clear no
SEQUENCE = ("run 300\nfix rc all recenter INIT INIT INIT\nrun 300\nunfix rc\nrun 300\n"
            "run 300 pre no post no\nrun 300 pre no post no\n")
def sequence(clear):
    script = (t.drifting_composite(style, grid=GRIDS[2]).replace("rrp/nve", f"rrp/nve clear {clear}") +
              QCOMP[style] + SEQUENCE)
    return run(script, style, 2)
yes, no = sequence("yes"), sequence("no")
diff = sum(x != y for x, y in zip(yes[1], no[1]))
REASON = "Fix rrp/nve 1: LAMMPS clears the forces (fix rc (style recenter) acts after it in initial_integrate)"
t.check("five runs in a row, 2 ranks: the same bits, the fix saying each change of who clears",
        len(yes[1]) == 216 and diff == 0 and said(yes[0]) == [CLEARS, REASON, CLEARS],
        f"{diff} atom lines differ, {said(yes[0])}")

# the fix deleted, another integrator's run: LAMMPS clears again (were it left to the deleted
# fix, the forces of each step would add up to the last's)
AFTER = ("unfix 1\nthermo_style custom step pe\nbond_style zero\nbond_coeff 1\nfix 2 all nve/sphere\nrun 300\n")
for np in (1, 2):
    def after(clear):
        script = (t.drifting_composite(style, grid=GRIDS[np]).replace(
            "rrp/nve", f"rrp/nve clear {clear}") + QCOMP[style] + "run 300\n" + AFTER)
        return run(script, style, np)
    yes, no = after("yes"), after("no")
    diff = sum(x != y for x, y in zip(yes[1], no[1]))
    t.check(f"{np} rank(s): after unfix, fix nve/sphere's run ends with the same bits",
            len(yes[1]) == 216 and diff == 0 and said(yes[0]) == [CLEARS],
            f"{diff} atom lines differ, {said(yes[0])}")

# atoms poured in during the run (fix pour inserts them on reneighboring steps), in a box with a
# floor (fix wall/gran) and gravity: the same bits, the clearing standing between insertions
POUR = """
plugin load ${{plugin}}
units           lj
atom_style      {style}
boundary        p p fm
{grid}
region          box block 0 8 0 8 0 16
create_box      1 box
pair_style      rrp/hertz
pair_coeff      * * 2100.0
neighbor        0.3 bin
neigh_modify    delay 0
fix             1 all rrp/nve clear {clear}
fix             g all gravity 1.0 vector 0 0 -1
fix             w all wall/gran hertz/history 2000 NULL 50 NULL 0.5 0 zplane 0.0 NULL
region          ins block 0.5 7.5 0.5 7.5 8 15.5
fix             p all pour 150 1 4821 region ins diam one 1.0 dens 1.9 1.9
compute         m all rrp/momentum
thermo_style    custom step atoms c_m[4] c_m[5] c_m[6]
thermo_modify   format float %.17g
thermo          500
timestep        0.002
{qcomp}run             3000
"""
for style in ("bpm/sphere", "hybrid sphere bond"):
    def pour(clear):
        script = POUR.format(style=style, grid=GRIDS[2], clear=clear, qcomp=QCOMP[style])
        return run(script, style, 2, "clear-pour")
    yes, no = pour("yes"), pour("no")
    diff = sum(x != y for x, y in zip(yes[1], no[1]))
    t.check(f"{style}, fix pour, 2 ranks: clear yes ends with the bits of clear no",
            len(yes[1]) == 150 and len(no[1]) == 150 and diff == 0 and said(yes[0]) == [CLEARS],
            f"{diff} of {len(yes[1])} atom lines differ, {said(yes[0])}")

# the keyword's value is checked
wd = t.workdir("clear")
rc, out = t.run_lammps(t.drifting_composite(style).replace("rrp/nve", "rrp/nve clear maybe") +
                       "run 0\n", wd)
t.check("clear maybe is refused", rc != 0 and "ERROR" in out and "maybe" in out,
        out[out.find("ERROR"):][:200])
t.finish()
