#!/usr/bin/env python3
"""The 3D pendulum of Baker & Gonzalez (2021) Fig. 1 through LAMMPS (examples/pendulum with the
plugin), driven by the LAMMPS Python module: E(t)-error (38) and q(t)-error (37) against the step,
and the invariants R rho0 . Omega and |R rho0| - 1, for maps (23) exact, (25) newmark, (27) euler.

  pendulum_convergence.py [--quick] [--t-end 10] [--out out/pendulum-convergence]

The q(t)-error's reference norm comes from a newmark run at a step 16 times smaller than the
finest. Writes convergence.csv, convergence.png and prints the orders."""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402

rrplmp.setup()
np = rrplmp.need("numpy")


def run(out, scheme, dt, tend):
    dat = os.path.join(out, f"{scheme}-{dt:g}.dat")
    lmp = rrplmp.open_lammps({"scheme": scheme, "dt": dt, "tend": tend, "every": 1, "out": dat})
    lmp.file(os.path.join(rrplmp.EXAMPLES, "pendulum", "in.pendulum"))
    lmp.close()
    return rrplmp.read_table(dat)   # step t E a1 a2 a3 qw qx qy qz W1 W2 W3 dot len


def h1_norm2(d):
    """||q||^2 of (35): x = v = 0, |theta|^2 with |theta| = 2 acos|qw|, |Omega|^2; trapezoidal"""
    ang = 2.0 * np.arccos(np.clip(np.abs(d[:, 6]), 0.0, 1.0))
    f = ang ** 2 + np.sum(d[:, 10:13] ** 2, axis=1)
    t = d[:, 1]
    return float(np.sum(0.5 * (f[1:] + f[:-1]) * np.diff(t)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="t-end 2")
    ap.add_argument("--t-end", type=float, default=None)
    ap.add_argument("--out", default=os.path.join(rrplmp.TOP, "out", "pendulum-convergence"))
    a = ap.parse_args()
    tend = a.t_end if a.t_end is not None else (2.0 if a.quick else 10.0)
    os.makedirs(a.out, exist_ok=True)
    hs = [0.1, 0.05, 0.025, 0.0125]
    qref = h1_norm2(run(a.out, "newmark", hs[-1] / 16, tend))
    plt = rrplmp.need_pyplot()
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
    rows = []
    for scheme in ("exact", "newmark", "euler"):
        eE, eq = [], []
        for k, h in enumerate(hs):
            d = run(a.out, scheme, h, tend)
            E = d[:, 2]
            eE.append(math.sqrt(np.sum((E[1:] - E[0]) ** 2) * h) / (abs(E[0]) * math.sqrt(tend)))
            eq.append(math.sqrt(abs(h1_norm2(d) - qref)) / math.sqrt(qref))
            dot, ln = float(np.abs(d[:, 13]).max()), float(np.abs(d[:, 14]).max())
            rows.append([scheme, h, eE[-1], eq[-1], dot, ln])
            rrplmp.progress(f"pendulum {scheme}", k + 1, len(hs))
        oE, oq = math.log2(eE[-2] / eE[-1]), math.log2(eq[-2] / eq[-1])
        print(f"{scheme:8s} E-error order {oE:.3f}, q-error order {oq:.3f}, max |R rho0 . Omega| "
              f"{max(r[4] for r in rows if r[0] == scheme):.2e}, max ||R rho0| - 1| {max(r[5] for r in rows if r[0] == scheme):.2e}")
        rows.append([scheme, "order", oE, oq, "", ""])
        axes[0].loglog(hs, eE, "o-", ms=3, label=scheme)
        axes[1].loglog(hs, eq, "o-", ms=3, label=scheme)
        axes[2].semilogy(d[:, 1], np.maximum(np.abs(d[:, 13]), 1e-18), lw=0.6, label=f"{scheme}, h = {hs[-1]:g}")
    axes[0].set_title("E(t)-error (38)")
    axes[1].set_title("q(t)-error (37)")
    axes[2].set_title("|R rho0 . Omega| (41b)")
    for ax in axes[:2]:
        ax.set_xlabel("h")
        ax.grid(alpha=0.3, which="both")
        ax.legend()
    axes[2].set_xlabel("t")
    axes[2].legend(fontsize=7)
    fig.suptitle(f"3D pendulum in LAMMPS with rrpplugin, t = {tend:g} (cf. Baker & Gonzalez Fig. 1)")
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "convergence.png"), dpi=100)
    rrplmp.write_csv(os.path.join(a.out, "convergence.csv"),
                     ["scheme", "h", "E_error", "q_error", "max_Rrho0_dot_Omega", "max_Rrho0_len_minus_1"], rows)


if __name__ == "__main__":
    main()
