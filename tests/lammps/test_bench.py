"""scripts/bench --smoke: the benchmark builds every system, runs every contender and prints its
tables, the whole-step systems and the kernels alone among them (times are not asserted: the test
keeps the benchmark working)."""
import os
import subprocess
import sys

import rrptest as t

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
p = subprocess.run([sys.executable, os.path.join(TOP, "scripts", "bench"), "--smoke"], stdout=subprocess.PIPE,
                   stderr=subprocess.STDOUT, text=True, timeout=900,
                   env=dict(os.environ, RRP_PLUGIN=t.PLUGIN, RRP_LMP=t.LMP, RRP_MPIEXEC=t.MPIEXEC))
out = p.stdout
t.check("bench --smoke runs", p.returncode == 0, out.strip().splitlines()[-1] if out.strip() else "")
for row in ("| nve/sphere |", "| nve/bpm/sphere |", "| rrp/nve-exact |", "| rrp/nve-newmark |", "| rrp/nve-euler |",
            "| bpm/rotational |", "| rrp/binder |", "| granular-hertz |", "| rrp/hertz |", "| 2 |", "| torus |",
            "| lattice |", "| spheres exact |", "| bodies general |", "| stream triad |",
            "| 1 | BPM: nve/bpm/sphere", "| 1 | rrp/nve + rrp/binder + rrp/hertz (bpm/sphere)",
            "| 2 | rrp/nve + rrp/binder + rrp/hertz (sphere)", "| 1 | the same, rrp/binder shear linear",
            "| 1 | the same, viscoelastic binders", "| binder visco |", "| binder visco-2pass |",
            "| binder lattice |"):
    line = next((l for l in out.splitlines() if l.startswith(row)), None)
    ok = line is not None and all(c.strip() for c in line.split("|")[1:-1])
    t.check(f"table row {row.strip('| ')} measured", ok, line or "missing")
# the KOKKOS section, where the KOKKOS LAMMPS was built (else the bench says in one line that it
# skips it)
if "kokkos: skipped" in out:
    t.check("bench says why it skips the KOKKOS section", "scripts/lammps-kokkos.sh" in out)
else:
    for row in ("| rrp /kk, 1 thread |", "| rrp /kk, 2 threads", "| rrp host styles, 2 MPI ranks |",
                "| LAMMPS /kk, 2 threads |"):
        line = next((l for l in out.splitlines() if l.startswith(row)), None)
        ok = line is not None and all(c.strip() for c in line.split("|")[1:-1])
        t.check(f"KOKKOS table row {row.strip('| ')} measured", ok, line or "missing")
# issue 46's targets in one table at the end: each row measured, with its goal and yes or no
lines = out.splitlines()
head = next((k for k, l in enumerate(lines) if l.startswith("### Issue 46's targets")), None)
t.check("the targets' table is printed", head is not None)
rows = []
if head is not None:
    for l in lines[head + 4:]:
        if not l.startswith("|"):
            break
        rows.append([c.strip() for c in l.split("|")[1:-1]])
t.check("every target row has a goal, a measured value, yes or no, and a reason where no",
        rows and all(len(r) == 5 and all(r) and r[3] in ("yes", "no") for r in rows), rows)
t.check("every target not met says what accounts for it",
        all(r[4] == "-" if r[3] == "yes" else r[4] not in ("-", "not measured") for r in rows), rows)
wanted = ["fix rrp/nve-exact, Modify + Other", "fix rrp/nve-newmark", "bond rrp/binder's Bond time over its kernel",
          "fix rrp/nvt/sphere, Modify", "fix rrp/npt/sphere, Modify"]
if "kokkos: skipped" not in out:
    wanted += ["packed spheres", "the bonded composite", "the hot gas (", "the hot gas, Modify", "the hot gas, Comm"]
for w in wanted:
    t.check(f"target row {w}", any(r[0].startswith(w) for r in rows))
t.finish()
