"""fix rrp/nve join: a step's second half kick joined to the next step's first half (one pass
over the atoms instead of two) gives the bits of the two halves made apart, in both orientation
layouts, on 1 and 2 ranks, across output steps and two runs in a row; with a fix acting at the
end of every fifth step (no join on those steps), a thermostat that measures the temperature of
all atoms (never a join) and a run stopped by timer timeout (no join with a timeout set). When
the fix decides right, which steps join is not visible to an input: that the joins happen is
measured by scripts/bench (the Modify section of fix rrp/nve)."""
import rrptest as t

SYSTEM = "plugin load ${{plugin}}\n" + t.binder_lattice("{style}") + """
compute         m all rrp/momentum
thermo_style    custom step c_m[1] c_m[2] c_m[3] c_m[4] c_m[5] c_m[6]
thermo_modify   format float %.17g
timestep        0.002
fix             1 all rrp/nve join {join}
{extra}
"""
DUMP, QCOLS, QCOMP = t.STATE_DUMP, t.STATE_QCOLS, t.STATE_QCOMP


def thermo_rows(out):
    """the thermo lines: steps 0, 7, ..., 56, 60 of the first run, 60, 63, 70, 77, 83 of the
    second, with their two header lines"""
    def number(w):
        try:
            float(w)
            return True
        except ValueError:
            return False
    return [line for line in out.splitlines() if line.split()[:1] == ["Step"] or
            (len(line.split()) == 7 and all(number(w) for w in line.split()))]


def run(style, np, join, body, extra=""):
    wd = t.workdir("join")
    script = (SYSTEM.format(style=style, join=join, extra=extra) + QCOMP[style] + body +
              DUMP.format(name="final.dump", q=QCOLS[style]))
    out = t.must_run(script, wd, np=np)
    return out, t.dump_lines(f"{wd}/final.dump")


# two runs in a row with thermo output every 7 steps: steps 1-60 join but at the output steps
# 7, ..., 56 and the last step 60; steps 61-83 but at 63, 70, 77 and 83
TWO_RUNS = "thermo 7\nrun 60\nrun 23\n"
for style in ("hybrid sphere bond", "bpm/sphere"):
    for np in (1, 2):
        out_no, atoms_no = run(style, np, "no", TWO_RUNS)
        out_yes, atoms_yes = run(style, np, "yes", TWO_RUNS)
        diff = sum(a != b for a, b in zip(atoms_no, atoms_yes))
        t.check(f"{style}, {np} rank(s): join yes ends with the bits of join no after two runs",
                len(atoms_no) == 125 and len(atoms_yes) == 125 and diff == 0,
                f"{diff} of {len(atoms_no)} atom lines differ")
        rows_no, rows_yes = thermo_rows(out_no), thermo_rows(out_yes)
        t.check(f"{style}, {np} rank(s): the thermo lines (momentum, energy) agree bitwise",
                len(rows_no) == 17 and rows_no == rows_yes, f"{len(rows_no)} and {len(rows_yes)} lines")

# a fix acting at the end of every fifth step (fix ave/time, samples at 5 and 10 averaged, shown
# at 10) reads the velocities there: no join on those steps
style = "bpm/sphere"
AVE = ("fix av all ave/time 5 2 10 c_m[4] c_m[5] c_m[6]\n"
       "thermo_style custom step c_m[1] c_m[2] c_m[3] f_av[1] f_av[2] f_av[3]\n"
       "thermo_modify format float %.17g\n")
AVE_RUNS = "thermo 10\nrun 60\nrun 30\n"    # thermo lines: 0, 10, ..., 60; 60, 70, 80, 90
out_no, atoms_no = run(style, 1, "no", AVE_RUNS, AVE)
out_yes, atoms_yes = run(style, 1, "yes", AVE_RUNS, AVE)
rows_no, rows_yes = thermo_rows(out_no), thermo_rows(out_yes)
t.check("with fix ave/time every 5 steps its values (thermo) and the atoms are join no's",
        len(rows_no) == 13 and rows_no == rows_yes and len(atoms_yes) == 125 and atoms_yes == atoms_no,
        f"{sum(a != b for a, b in zip(rows_no, rows_yes))} thermo lines, "
        f"{sum(a != b for a, b in zip(atoms_no, atoms_yes))} atom lines differ")

# a thermostat that measures the temperature of all atoms (fix nvt of an empty group, after fix
# rrp/nve in the list: its final half reads their velocities; its thermostat energy f_2 shows it)
NVT = ("group none empty\ncompute tall all temp\nfix 2 none nvt temp 0.02 0.02 0.1\n"
       "fix_modify 2 temp tall\n"
       "thermo_style custom step c_m[1] c_m[2] c_m[3] c_m[4] c_m[5] f_2\nthermo_modify format float %.17g\n")
out_no, atoms_no = run(style, 1, "no", TWO_RUNS, NVT)
out_yes, atoms_yes = run(style, 1, "yes", TWO_RUNS, NVT)
rows_no, rows_yes = thermo_rows(out_no), thermo_rows(out_yes)
t.check("with a thermostat measuring all atoms (fix nvt) the thermo lines (its energy) are join no's",
        len(rows_no) == 17 and rows_no == rows_yes and atoms_yes == atoms_no,
        f"{len(rows_no)} and {len(rows_yes)} lines, {sum(a != b for a, b in zip(rows_no, rows_yes))} differ")

# a run stopped by timer timeout after some step k (with a timeout set the fix does not join: the
# run may end before the next step); the same k steps under join no give the same bits
TIMEOUT = 'thermo 0\ntimer timeout 0.5 every 1\nrun 100000000\nprint "STOPPED $(step)"\n'
out_yes, atoms_yes = run(style, 1, "yes", TIMEOUT)
k = [int(line.split()[1]) for line in out_yes.splitlines() if line.startswith("STOPPED")]
ok = len(k) == 1 and 1 < k[0] < 100000000
if ok:
    out_no, atoms_no = run(style, 1, "no", f"thermo 0\nrun {k[0]}\n")
    ok = len(atoms_yes) == 125 and atoms_yes == atoms_no
t.check("a run stopped by timer timeout ends with the bits of join no", ok,
        f"stopped at step {k}")

# a bad value is refused, naming it
wd = t.workdir("join-bad")
rc, out = t.run_lammps(SYSTEM.format(style=style, join="maybe", extra=""), wd)
t.check("join maybe is refused", rc != 0 and "ERROR" in out and "maybe" in out,
        next((line for line in out.splitlines() if "ERROR" in line), "no ERROR line"))

t.finish()
