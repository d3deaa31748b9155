#!/usr/bin/env python3
"""Plot the pendulum runs of scripts/run-main.sh: energy error and the two invariants of
eq. (41) over time for each scheme; write pendulum.png and summary.txt in the output folder."""
import os
import sys

import rrplmp
from rrplmp import read_rows as load

plt = rrplmp.need_pyplot()


def main(out):
    fig, axes = plt.subplots(3, 1, figsize=(8, 9), sharex=True)
    lines = ["3D pendulum (Baker & Gonzalez 2021, sec. 3), h = 0.01, t = 100, LAMMPS + rrpplugin",
             f"{'scheme':8s} {'max |E - E0|/|E0|':>18s} {'max |R rho0 . Omega|':>21s} {'max ||R rho0| - 1|':>19s}"]
    for scheme in ("exact", "newmark", "euler"):
        path = os.path.join(out, f"pendulum-{scheme}.dat")
        if not os.path.exists(path):
            continue
        rows = load(path)
        t = [r[1] for r in rows]
        e0 = rows[0][2]
        de = [abs(r[2] - e0) / abs(e0) for r in rows]
        dot = [abs(r[13]) for r in rows]
        ln = [abs(r[14]) for r in rows]
        axes[0].semilogy(t, [max(x, 1e-18) for x in de], label=scheme)
        axes[1].semilogy(t, [max(x, 1e-18) for x in dot], label=scheme)
        axes[2].semilogy(t, [max(x, 1e-18) for x in ln], label=scheme)
        lines.append(f"{scheme:8s} {max(de):18.3e} {max(dot):21.3e} {max(ln):19.3e}")
    axes[0].set_ylabel("|E - E0| / |E0|")
    axes[1].set_ylabel("|R rho0 . Omega|")
    axes[2].set_ylabel("||R rho0| - 1|")
    axes[2].set_xlabel("t")
    for ax in axes:
        ax.legend()
        ax.grid(True, which="both", alpha=0.3)
    fig.suptitle("3D pendulum: energy error and invariants (41b), (41c)")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "pendulum.png"), dpi=100)
    with open(os.path.join(out, "summary.txt"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    print(f"wrote {os.path.join(out, 'pendulum.png')} and summary.txt")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "out/pendulum")
