"""write_restart then read_restart continues the same trajectory bitwise: the orientations
(per-atom data of fix rrp/nve) are stored in the restart file and read back."""
import os

import rrptest as t

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "granular.in")
wd = t.workdir("restart")
n = 500
# continuous: run n, write_restart, run n more (the second run re-does setup, as a restart does)
t.must_run(None, wd, input_file=SCRIPT,
           variables={"nsteps": n, "mode": "write", "restart": "mid.restart", "dump": "continuous.dump"})
# restarted: read_restart, same styles, run n
out = t.must_run(None, wd, input_file=SCRIPT,
                 variables={"nsteps": n, "mode": "read", "restart": "mid.restart", "dump": "restarted.dump"})
t.check("the restart file holds the orientations", "WARNING" not in out or "alpha keyword was ignored" in out,
        "warning: " + next((l for l in out.splitlines() if "WARNING" in l), "none"))


def snapshot(name):
    with open(os.path.join(wd, name)) as fh:
        lines = fh.read().splitlines()
    return lines[lines.index(next(l for l in lines if l.startswith("ITEM: ATOMS"))):]


a, b = snapshot("continuous.dump"), snapshot("restarted.dump")
t.check("restarted run equals the continuous one bitwise", a == b and len(a) == 1001,
        f"{sum(x != y for x, y in zip(a, b))} of {len(a) - 1} atom lines differ")
fresh = t.read_dump(os.path.join(wd, "restarted.dump"))
moved = max(abs(v[9] - 1.0) for v in fresh.values())
t.check("orientations are not the initial ones", moved > 1e-3, f"max |1 - q_w| = {moved:.3g}")

# a restart file whose orientation layout is of another version is refused with a clear error
import struct  # noqa: E402
with open(os.path.join(wd, "mid.restart"), "rb") as fh:
    raw = fh.read()
tag = struct.pack("<dd", 7256980.0, 1.0)
t.check("the restart file carries the layout version", raw.count(tag) == 1)
with open(os.path.join(wd, "old.restart"), "wb") as fh:
    fh.write(raw.replace(tag, struct.pack("<dd", 7256980.0, 2.0)))
rc, out = t.run_lammps(None, wd, input_file=SCRIPT, variables={"nsteps": 1, "mode": "read", "restart": "old.restart",
                                                                 "dump": "never.dump"})
t.check("a restart with another state layout version is refused", rc != 0 and
        "holds orientations in state layout version 2 (4 values per atom); this plugin reads version 1" in out,
        next((l for l in out.splitlines() if "ERROR" in l), "no ERROR"))
t.finish()
