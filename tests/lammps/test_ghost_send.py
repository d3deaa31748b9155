"""Without comm_modify vel yes, atom_style bpm/sphere does not send its quaternion to ghost atoms;
fix rrp/nve then sends it itself (at borders, and every step where bond_style rrp/binder reads
it). A periodic binder composite drifting through the box, so that atoms migrate between ranks
and neighbor lists are rebuilt often, ends with the same bits with comm_modify vel no as with vel
yes, in both orientation layouts, on 1, 2 (processors 1 2 1) and 4 (processors 2 2 1) ranks.
Beside fix nve/bpm/sphere, whose quaternions this fix would send a step late, the fix stops with
an error."""
import rrptest as t

DUMP, QCOLS, QCOMP = t.STATE_DUMP, t.STATE_QCOLS, t.STATE_QCOMP
GRIDS = {1: "", 2: "processors 1 2 1", 4: "processors 2 2 1"}


def run(style, np, comm, extra="run 1500\n"):
    wd = t.workdir("ghost-send")
    script = (t.drifting_composite(style, grid=GRIDS[np], comm=comm) +
              QCOMP[style] + extra + DUMP.format(name="final.dump", q=QCOLS[style]))
    out = t.must_run(script, wd, np=np)
    return out, t.dump_lines(f"{wd}/final.dump")


for style in ("bpm/sphere", "hybrid sphere bond"):
    for np in (1, 2, 4):
        out_yes, atoms_yes = run(style, np, "comm_modify vel yes")
        out_no, atoms_no = run(style, np, "comm_modify vel no")
        diff = sum(a != b for a, b in zip(atoms_yes, atoms_no))
        turned = sum(1 for a in atoms_no if abs(float(a.split()[10])) < 0.9999)
        builds = t.reneighborings(out_no)
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
BPM = t.drifting_composite("bpm/sphere", fix="group low id <= 100\ngroup high id > 100\n"
                           "fix 1 low rrp/nve\nfix 2 high nve/bpm/sphere")
wd = t.workdir("ghost-send")
rc, out = t.run_lammps(BPM + "run 0\n", wd)
flat = " ".join(out.split())
t.check("vel no, fix nve/bpm/sphere beside fix rrp/nve: refused with an error naming both",
        rc != 0 and "Fix rrp/nve 1: with comm_modify vel no this fix sends the quaternions of atom_style "
        "bpm/sphere to the ghost atoms, which bond_style rrp/binder reads, but fix 2 (style "
        "nve/bpm/sphere) advances them too: set comm_modify vel yes" in flat,
        flat[flat.find("ERROR"):][:300])
t.finish()
