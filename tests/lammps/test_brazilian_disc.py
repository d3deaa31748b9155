"""examples/composite/in.brazilian's disc: which spheres it keeps, with its axis along y or x and
the packing moved by a fraction of its periodic box first (axis, shift: the several discs of one
packing that scripts/calibrate_strength.py averages), and its errors.

A packing of in.pack is cut four ways (axis y and x, shift 0 and 0.5). For each, the spheres of
the data file are counted here whose centres, moved by shift times the box across the axis and
wrapped into the box, lie in the flattened disc (a cylinder of diameter D = frac min(l_across,
lz) and length l_axis - 2 margin at the box's centre, cut by the flats |z - zc| <= D/2 cos(flat)),
with in.brazilian's numbers rounded as its $(...) rounds them (15 digits); in.brazilian must
print the same count, D and t. The cuts with shift 0.5 keep other spheres than those of shift 0.
A bad axis or halt ends with an ERROR naming the value."""
import math
import os

import rrptest as t

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EX = os.path.join(TOP, "examples", "composite")
wd = t.workdir("brazilian-disc")
t.must_run("", wd, input_file=os.path.join(EX, "in.pack"), variables={"n": 600, "data": "data.composite"})
data = os.path.join(wd, "data.composite")


def r15(v):
    return float(f"{v:.15g}")


def read(path):
    box, atoms, section = {}, {}, None
    for line in open(path):
        w = line.split("#")[0].split()
        if len(w) == 4 and w[2].endswith("lo") and w[3].endswith("hi"):
            box[w[2][0]] = (float(w[0]), float(w[1]))
        elif line.startswith("Atoms"):
            section = "atoms"
        elif line[:1].isalpha():
            section = None
        elif section == "atoms" and len(w) >= 5:
            atoms[int(w[0])] = tuple(float(x) for x in w[2:5])
    return box, atoms


box, atoms = read(data)
L = {k: hi - lo for k, (lo, hi) in box.items()}
FRAC, FLAT, MARGIN = 0.9, 15.0, 1.2


def expected(axis, shift):
    """the ids in the disc, D and t"""
    across = "x" if axis == "y" else "y"
    ia, ic = "xyz".index(axis), "xyz".index(across)
    D = r15(FRAC * min(L[across], L["z"]))
    T = r15(L[axis] - 2 * MARGIN)
    lo = box[across][0]
    cc, cz = r15(0.5 * (box[across][0] + box[across][1])), r15(0.5 * (box["z"][0] + box["z"][1]))
    R, a0, a1 = r15(0.5 * D), r15(box[axis][0] + MARGIN), r15(box[axis][1] - MARGIN)
    hflat = r15(0.5 * D * math.cos(FLAT * math.pi / 180))
    z0, z1 = r15(cz - hflat), r15(cz + hflat)
    keep = set()
    for i, x in atoms.items():
        c = x[ic] + r15(shift * L[across]) if shift else x[ic]
        c = lo + (c - lo) % L[across]
        if (c - cc) ** 2 + (x[2] - cz) ** 2 <= R * R and a0 <= x[ia] <= a1 and z0 <= x[2] <= z1:
            keep.add(i)
    return keep, D, T


QUICK = {"data": data, "rate": 1.0, "ramp": 0.2, "dmax": 0.01, "every": 10}
kept = {}
for axis in ("y", "x"):
    for shift in (0.0, 0.5):
        rc, out = t.run_lammps("", wd, input_file=os.path.join(EX, "in.brazilian"),
                               variables=dict(QUICK, axis=axis, shift=shift))
        line = next((l for l in out.splitlines() if l.startswith("brazilian: disc of")), "")
        w = line.split()
        got = (int(w[3]), float(w[8].rstrip(",")), float(w[10].rstrip(","))) if len(w) > 10 else None
        keep, D, T = expected(axis, shift)
        kept[axis, shift] = keep
        t.check(f"axis {axis} shift {shift}: the disc keeps the spheres in it ({len(keep)}), D {D:.6g}, t {T:.6g}",
                rc == 0 and "ERROR" not in out and got is not None and got[0] == len(keep) and
                abs(got[1] - D) <= 1e-9 * D and abs(got[2] - T) <= 1e-9 * T, f"{line} (rc {rc})")
for axis in ("y", "x"):
    a, b = kept[axis, 0.0], kept[axis, 0.5]
    t.check(f"axis {axis}: shift 0.5 cuts a disc of other spheres ({len(a ^ b)} differ of {len(a | b)})",
            len(a ^ b) > 0.2 * len(a | b), f"{len(a)} {len(b)} {len(a & b)}")
t.check("axes y and x cut different discs", kept["y", 0.0] != kept["x", 0.0])

for var, bad, word in (("axis", "z", "axis z"), ("halt", 1.5, "halt 1.5")):
    rc, out = t.run_lammps("", wd, input_file=os.path.join(EX, "in.brazilian"), variables=dict(QUICK, **{var: bad}))
    t.check(f"{var} {bad}: an ERROR naming it, a failing exit", rc != 0 and f"ERROR: in.brazilian: {word}" in out,
            f"rc {rc}: {out.strip().splitlines()[-1] if out.strip() else ''}")
t.finish()
