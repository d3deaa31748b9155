#!/usr/bin/env python3
"""Convergence of the torus (Baker & Gonzalez 2021 Fig. 7) for maps (23) exact, (25) newmark and
(27) euler, driven through the LAMMPS Python module: the E(t)-error (38) and the q(t)-error (37),
whose H1 norm (35) sums |x|^2 + |v|^2 + |theta|^2 + |Omega|^2 over the particles (column H1 of
examples/torus/in.torus), against a reference run at a step 8 times smaller.

  torus_convergence.py [--quick] [--case impact|smooth|both] [--t-end 10] [--out out/torus-convergence]

impact: the paper's impact on the wall (Hertz contacts make the error irregular); smooth: the
free torus without contacts (K_pp = 0, no wall), where the orders are clean. Writes
convergence.csv, convergence.png and prints the orders (between the two finest steps)."""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402

rrplmp.setup()
np = rrplmp.need("numpy")

FREE = ["--v0", "0.3", "--spin", "0.5", "--perturb", "0.2", "--gap", "1.0"]


def run(out, case, scheme, dt, tend):
    data = os.path.join(out, f"data-{case}.torus")
    if not os.path.exists(data):
        rrplmp.make_torus(data, *(FREE if case == "smooth" else []))
    dat = os.path.join(out, f"{case}-{scheme}-{dt:g}.dat")
    v = {"data": data, "scheme": scheme, "dt": dt, "tend": tend, "every": 1, "out": dat, "dumpevery": 0}
    if case == "smooth":
        v.update({"wall": 0, "kpp": 0.0})
    lmp = rrplmp.open_lammps(v)
    lmp.file(os.path.join(rrplmp.EXAMPLES, "torus", "in.torus"))
    lmp.close()
    d = rrplmp.read_table(dat)
    return d[:, 1], d[:, 10], d[:, 17]   # t, E, H1 integrand


def trapz(t, f):
    return float(np.sum(0.5 * (f[1:] + f[:-1]) * np.diff(t)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="t-end 0.5")
    ap.add_argument("--case", default="both", choices=["impact", "smooth", "both"])
    ap.add_argument("--t-end", type=float, default=None)
    ap.add_argument("--out", default=os.path.join(rrplmp.TOP, "out", "torus-convergence"))
    a = ap.parse_args()
    tend = a.t_end if a.t_end is not None else (0.5 if a.quick else 10.0)
    os.makedirs(a.out, exist_ok=True)
    hs = [0.002, 0.001, 0.0005, 0.00025]
    cases = ["impact", "smooth"] if a.case == "both" else [a.case]
    plt = rrplmp.need_pyplot()
    fig, axes = plt.subplots(len(cases), 2, figsize=(11, 4.2 * len(cases)), squeeze=False)
    rows = []
    for ci, case in enumerate(cases):
        t, _, f = run(a.out, case, "newmark", hs[-1] / 8, tend)
        qref = trapz(t, f)
        for scheme in ("exact", "newmark", "euler"):
            eE, eq = [], []
            for k, h in enumerate(hs):
                t, E, f = run(a.out, case, scheme, h, tend)
                eE.append(math.sqrt(np.sum((E[1:] - E[0]) ** 2) * h) / (abs(E[0]) * math.sqrt(tend)))
                eq.append(math.sqrt(abs(trapz(t, f) - qref)) / math.sqrt(qref))
                rows.append([case, scheme, h, eE[-1], eq[-1]])
                rrplmp.progress(f"{case} {scheme}", k + 1, len(hs))
            oE, oq = math.log2(eE[-2] / eE[-1]), math.log2(eq[-2] / eq[-1])
            print(f"{case:6s} {scheme:8s} E-error order {oE:.3f}, q-error order {oq:.3f} "
                  f"(E-errors {' '.join(f'{e:.3e}' for e in eE)})")
            rows.append([case, scheme, "order", oE, oq])
            axes[ci][0].loglog(hs, eE, "o-", ms=3, label=scheme)
            axes[ci][1].loglog(hs, eq, "o-", ms=3, label=scheme)
        axes[ci][0].set_title(f"{case}: E(t)-error (38), t = {tend:g}")
        axes[ci][1].set_title(f"{case}: q(t)-error (37), t = {tend:g}")
        for ax in axes[ci]:
            ax.set_xlabel("h")
            ax.grid(alpha=0.3, which="both")
            ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "convergence.png"), dpi=100)
    rrplmp.write_csv(os.path.join(a.out, "convergence.csv"), ["case", "scheme", "h", "E_error", "q_error"], rows)


if __name__ == "__main__":
    main()
