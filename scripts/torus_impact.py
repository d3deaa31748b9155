#!/usr/bin/env python3
"""Torus impact of Baker & Gonzalez (2021) Figs. 3-4, driven through the LAMMPS Python module:
energy of each term over time and snapshots of the deformed torus with the particles'
orientations. Runs examples/torus/in.torus in chunks, reads the momentum and energy computes
between chunks (progress on stderr) and gathers positions and orientations for the snapshots.

  torus_impact.py [--quick] [--scheme newmark] [--dt 1e-3] [--t-end 35] [--out out/torus-impact]

Writes energy.csv (t, KE_trans, KE_rot, U_m, U_a, U_s, U_pp, U_pw, E), energy.png, snapshots.png."""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402

rrplmp.setup()
np = rrplmp.need("numpy")
import rrp_lammps  # noqa: E402  (python/: the module users import too)


def body_x(q):
    w, x, y, z = q
    return np.array([1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="t = 2 instead of 35")
    ap.add_argument("--scheme", default="newmark", choices=["exact", "newmark", "euler"])
    ap.add_argument("--dt", type=float, default=1e-3)
    ap.add_argument("--t-end", type=float, default=None)
    ap.add_argument("--out", default=os.path.join(rrplmp.TOP, "out", "torus-impact"))
    a = ap.parse_args()
    tend = a.t_end if a.t_end is not None else (2.0 if a.quick else 35.0)
    os.makedirs(a.out, exist_ok=True)
    data = os.path.join(a.out, "data.torus")
    rrplmp.make_torus(data)
    every = max(1, int(round(0.01 / a.dt)))
    lmp = rrplmp.open_lammps({"data": data, "scheme": a.scheme, "dt": a.dt, "tend": 0, "every": every,
                              "out": os.path.join(a.out, "torus.dat"), "dumpevery": 0})
    lmp.file(os.path.join(rrplmp.EXAMPLES, "torus", "in.torus"))
    nsteps = int(round(tend / a.dt))
    nchunks = 50
    shots_at = [int(round(k * nchunks / 5)) for k in range(6)]
    shots = []
    natoms = int(lmp.get_natoms())

    def snapshot():
        shots.append((lmp.get_thermo("time"), rrp_lammps.positions(lmp), rrp_lammps.orientations(lmp)))

    snapshot()
    done = 0
    for k in range(1, nchunks + 1):
        n = nsteps * k // nchunks - done
        if n > 0:
            lmp.command(f"run {n} pre no post no")
        done += n
        if k in shots_at:
            snapshot()
        rrplmp.progress(f"torus impact, {a.scheme}, t = {tend:g}", k, nchunks)
    P = rrp_lammps.momenta(lmp, "m")["P"]
    print(f"final: P = ({P[0]:.6g}, {P[1]:.6g}, {P[2]:.6g}), released binder energy "
          f"{rrp_lammps.energies(lmp, 'e')['released']:.3g}")
    lmp.close()

    d = rrplmp.read_table(os.path.join(a.out, "torus.dat"))
    t, cols = d[:, 1], {"KE_trans": 2, "KE_rot": 3, "U_m": 4, "U_a": 5, "U_s": 6, "U_pp": 7, "U_pw": 8, "E": 10}
    rrplmp.write_csv(os.path.join(a.out, "energy.csv"), ["t"] + list(cols),
                     [[float(t[i])] + [float(d[i, c]) for c in cols.values()] for i in range(len(t))])
    plt = rrplmp.need_pyplot()
    fig, ax = plt.subplots(figsize=(9, 5))
    for name, c in cols.items():
        ax.plot(t, d[:, c], lw=1.6 if name == "E" else 0.9, color="k" if name == "E" else None, label=name)
    ax.set_xlabel("t")
    ax.set_ylabel("energy")
    ax.set_title(f"Torus impact, {a.scheme}, h = {a.dt:g} (cf. Baker & Gonzalez Fig. 4)")
    ax.legend(fontsize=8, ncol=2)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "energy.png"), dpi=100)
    fig, axes = plt.subplots(2, 3, figsize=(12, 8))
    r = 1.5 * math.sin(math.pi / natoms)
    for axx, (time, x, q) in zip(axes.flat, shots):
        from matplotlib.patches import Circle
        for i in range(natoms):
            axx.add_patch(Circle((x[i, 0], x[i, 1]), r, fill=False, lw=0.8))
            b = body_x(q[i])
            axx.plot([x[i, 0], x[i, 0] + r * b[0]], [x[i, 1], x[i, 1] + r * b[1]], color="tab:red", lw=0.8)
        axx.axvline(0.0, color="k", lw=2)
        lo, hi = min(-0.3, x[:, 0].min() - 0.3), max(x[:, 0].max() + 0.3, 3.7)
        axx.set_xlim(lo, hi)
        cy, half = 0.5 * (x[:, 1].max() + x[:, 1].min()), max(2.0, 0.5 * (hi - lo))
        axx.set_ylim(cy - half, cy + half)
        axx.set_aspect("equal")
        axx.set_title(f"t = {time:.2f}")
    fig.suptitle("Deformed torus; red: body x axis of each particle (cf. Fig. 3)")
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "snapshots.png"), dpi=90)
    E = d[:, 10]
    print(f"max |E - E0|/E0 = {np.max(np.abs(E - E[0])) / E[0]:.3e}; wrote {a.out}/energy.csv, energy.png, snapshots.png")


if __name__ == "__main__":
    main()
