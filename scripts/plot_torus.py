#!/usr/bin/env python3
"""Plot a torus run of scripts/run-main.sh (examples/torus/in.torus): the energy of each term
over time as in Fig. 4 of Baker & Gonzalez (2021), and snapshots of the deformed torus with
each particle's orientation as in Fig. 3. Writes torus-energy.png, torus-snapshots.png and
summary.txt into the run folder.

usage: plot_torus.py RUNDIR"""
import math
import os
import sys

import rrplmp
from rrplmp import read_rows

plt = rrplmp.need_pyplot()
Circle = rrplmp.need("matplotlib.patches").Circle

COLUMNS = "step t KEt KEr Um Ua Us Upp Upw PE E P1 P2 P3 L1 L2 L3".split()


def load_table(path):
    rows = read_rows(path)
    return {name: [r[k] for r in rows] for k, name in enumerate(COLUMNS)}


def load_dump(path):
    """Snapshots: list of (step, {id: (x, y, z, qw, qx, qy, qz)})."""
    snaps = []
    with open(path) as fh:
        lines = fh.read().splitlines()
    k = 0
    while k < len(lines):
        if lines[k].startswith("ITEM: TIMESTEP"):
            step = int(lines[k + 1])
            n = int(lines[k + 3])
            head = lines[k + 8].split()[2:]
            atoms = {}
            for line in lines[k + 9:k + 9 + n]:
                v = line.split()
                row = dict(zip(head, v))
                atoms[int(row["id"])] = tuple(float(row[c]) for c in
                                              ("x", "y", "z", "c_o[4]", "c_o[5]", "c_o[6]", "c_o[7]"))
            snaps.append((step, atoms))
            k += 9 + n
        else:
            k += 1
    return snaps


def body_x(q):
    """First column of R(q): where the body's x axis points."""
    w, x, y, z = q
    return (1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y))


def main(run):
    d = load_table(os.path.join(run, "torus.dat"))
    t = d["t"]
    fig, ax = plt.subplots(figsize=(9, 5))
    for key, label in (("KEt", "translational kinetic $m|v|^2/2$"), ("KEr", "rotational kinetic $J|\\Omega|^2/2$"),
                       ("Um", "binder torsion/bending $U^m$"), ("Ua", "binder axial $U^a$"),
                       ("Us", "binder shear $U^s$"), ("Upp", "particle-particle $U^{pp}$"),
                       ("Upw", "particle-wall $U^{pw}$"), ("E", "total")):
        ax.plot(t, d[key], label=label, lw=1.8 if key == "E" else 1.0, color="k" if key == "E" else None)
    ax.set_xlabel("t")
    ax.set_ylabel("energy")
    ax.set_title("Particle-binder torus impact on a rigid wall: energy exchange (cf. Fig. 4)")
    ax.legend(fontsize=8, ncol=2)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(os.path.join(run, "torus-energy.png"), dpi=100)

    snaps = load_dump(os.path.join(run, "torus.dump"))
    if snaps:
        dt = t[1] - t[0]
        steps_per_t = (d["step"][1] - d["step"][0]) / dt
        picks = [snaps[int(round(k * (len(snaps) - 1) / 5))] for k in range(6)]
        fig, axes = plt.subplots(2, 3, figsize=(12, 8))
        for axx, (step, atoms) in zip(axes.flat, picks):
            r = 0.5 * 3.0 * math.sin(math.pi / len(atoms))
            for a in atoms.values():
                axx.add_patch(Circle((a[0], a[1]), r, fill=False, lw=0.8))
                bx = body_x(a[3:7])
                axx.plot([a[0], a[0] + r * bx[0]], [a[1], a[1] + r * bx[1]], color="tab:red", lw=0.8)
            axx.axvline(0.0, color="k", lw=2)
            axx.set_aspect("equal")
            xs = [a[0] for a in atoms.values()]
            ys = [a[1] for a in atoms.values()]
            lo = min(-0.3, min(xs) - 0.3)
            hi = max(max(xs) + 0.3, lo + 4.0)
            half = max(2.0, 0.5 * (max(ys) - min(ys)) + 0.3, 0.5 * (hi - lo) * 0.95)
            cy = 0.5 * (max(ys) + min(ys))
            axx.set_xlim(lo, hi)
            axx.set_ylim(cy - half, cy + half)
            axx.set_title(f"t = {step / steps_per_t:.1f}")
        fig.suptitle("Deformed torus (x-y plane); red: each particle's body x axis (cf. Fig. 3)")
        fig.tight_layout()
        fig.savefig(os.path.join(run, "torus-snapshots.png"), dpi=90)

    E0 = d["E"][0]
    dE = max(abs(e - E0) for e in d["E"]) / abs(E0)
    P0, L0 = [d[f"P{k}"][0] for k in (1, 2, 3)], [d[f"L{k}"][0] for k in (1, 2, 3)]
    lines = [f"particle-binder torus impact, t = {t[-1]:g}, {len(t)} samples",
             f"E0 = {E0:.10g}, max |E - E0|/|E0| = {dE:.3e}",
             f"P0 = ({P0[0]:.6g}, {P0[1]:.6g}, {P0[2]:.6g}), P(end) = ({d['P1'][-1]:.6g}, {d['P2'][-1]:.6g}, {d['P3'][-1]:.6g})",
             f"max particle-wall energy {max(d['Upw']):.4g}, max particle-particle {max(d['Upp']):.4g}"]
    with open(os.path.join(run, "summary.txt"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    print(f"wrote {run}/torus-energy.png, torus-snapshots.png, summary.txt")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "out/torus")
