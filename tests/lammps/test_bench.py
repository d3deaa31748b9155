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
            "| 1 | the same, viscoelastic binders", "| binder visco |", "| binder visco-2pass |"):
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
t.finish()
