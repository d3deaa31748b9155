#!/usr/bin/env python3
"""Every rigid-body integrator of the papers, side by side (issue 4): runs build/harness/rrp-integrate
on the benchmark problems of doc/theory.rst section 4 and writes figures and a table into studies/integrators/.

  study_integrators.py [--quick] [--out studies/integrators] [--integrate PATH]

- convergence (Krysl 2006 Figs. 1-3): free body (t = 100), slow top (t = 20), fast top (t = 2):
  ||R - R_ref||_2 and ||Pi - Pi_ref||_2 at the final time against rk4 at a step 1/32 of the
  finest, for four halvings of h; the observed order is the slope between the two finest;
- the Hamiltonian of the soft-wall problem over 40,000 steps of h = 0.5 (Krysl 2006 Figs. 4-5);
- Hulbert (1992): unstable rotation about the intermediate axis (h = 1e-3, t = 30) and the fast
  top (h = 1e-3, t = 2): body angular velocity and energy;
- the pendulum of Baker & Gonzalez (2021) Fig. 1: E(t)-error (38) and q(t)-error (37) orders,
  and the invariants R rho0 . Omega and |R rho0|;
- the staggered scheme with midpoint impulse on the slow top over t = 20 at four h: the energy
  error by quarter of the run and the growth rate of its envelope (its parasitic mode), beside
  its trapezoidal twin and rrp-general;
- a table per problem: observed order, max energy error, max drift of the spatial angular
  momentum, cost per step (wall time of rrp-integrate divided by the steps, this machine).
Progress goes to stderr; --quick shortens every run (for tests)."""
import argparse
import io
import math
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrplmp  # noqa: E402

np = rrplmp.need("numpy")

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class Runner:
    def __init__(self, exe):
        self.exe = exe
        out = subprocess.run([exe, "--list"], check=True, stdout=subprocess.PIPE, text=True).stdout
        self.problems, self.schemes, section = {}, {}, None
        for line in out.splitlines():
            if line.startswith("problems:"):
                section = self.problems
            elif line.startswith("schemes:"):
                section = self.schemes
            elif line.strip() and section is not None:
                name = line.split()[0]
                section[name] = line.strip()

    def scalar_only(self, scheme):
        return "scalar inertia only" in self.schemes[scheme]

    def run(self, problem, scheme, h, tend, every=None):
        """(array of rows, seconds) or (None, message) when the scheme fails or is refused."""
        steps = int(round(tend / h))
        every = every or steps
        t0 = time.perf_counter()
        p = subprocess.run([self.exe, "--problem", problem, "--scheme", scheme, "--dt", repr(h),
                            "--t-end", repr(tend), "--every", str(every)], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
        dt = time.perf_counter() - t0
        if p.returncode != 0:
            return None, p.stderr.strip()
        data = np.loadtxt(io.StringIO(p.stdout), delimiter=",", skiprows=1, ndmin=2)
        return data, dt


def final_state(rows):
    last = rows[-1]
    return last[8:17].reshape(3, 3), last[5:8]


def general_schemes(r):
    return [s for s in r.schemes if not r.scalar_only(s) and s != "rk4"]


def convergence(r, out, quick, table):
    plt = rrplmp.need_pyplot()
    cases = [("free-body", 100.0, [0.1, 0.05, 0.025, 0.0125]),
             ("slow-top", 20.0, [0.02, 0.01, 0.005, 0.0025]),
             ("fast-top", 2.0, [0.002, 0.001, 0.0005, 0.00025])]
    if quick:
        cases = [(p, t / 10.0, hs[:3]) for p, t, hs in cases]
    for problem, tend, hs in cases:
        href = hs[-1] / 32.0
        log(f"convergence: {problem}, t = {tend:g}, reference rk4 h = {href:g}")
        ref, _ = r.run(problem, "rk4", href, tend)
        Rref, Piref = final_state(ref)
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
        for i, scheme in enumerate(general_schemes(r)):
            style = "o-" if i < 10 else "s--"
            eR, eP = [], []
            for h in hs:
                rows, info = r.run(problem, scheme, h, tend)
                if rows is None:
                    eR.append(float("nan"))
                    eP.append(float("nan"))
                    continue
                R, Pi = final_state(rows)
                eR.append(np.linalg.norm(R - Rref, 2))
                eP.append(np.linalg.norm(Pi - Piref))
            order = math.log2(eP[-2] / eP[-1]) if all(np.isfinite(eP[-2:])) and eP[-1] > 0 else float("nan")
            orderR = math.log2(eR[-2] / eR[-1]) if all(np.isfinite(eR[-2:])) and eR[-1] > 0 else float("nan")
            table.setdefault(problem, {}).setdefault(scheme, {}).update(
                {"order_Pi": order, "order_R": orderR, "err_Pi": eP[-1], "err_R": eR[-1]})
            axes[0].loglog(hs, eP, style, ms=3, lw=0.8, label=scheme)
            axes[1].loglog(hs, eR, style, ms=3, lw=0.8, label=scheme)
        axes[0].set_title(f"{problem}: ||Pi - Pi_ref|| at t = {tend:g}")
        axes[1].set_title(f"{problem}: ||R - R_ref||_2 at t = {tend:g}")
        for ax in axes:
            ax.set_xlabel("h")
            ax.grid(alpha=0.3, which="both")
        axes[1].legend(fontsize=6, ncol=2)
        fig.tight_layout()
        fig.savefig(os.path.join(out, f"convergence-{problem}.png"), dpi=100)
        plt.close(fig)


def long_runs(r, out, quick, table):
    """energy and momentum histories, cost per step"""
    plt = rrplmp.need_pyplot()
    runs = [("soft-wall", 0.5, 2000.0 if quick else 20000.0, 20 if quick else 100),
            ("intermediate-axis", 0.001, 3.0 if quick else 30.0, 100),
            ("fast-top", 0.001, 0.2 if quick else 2.0, 10),
            ("free-body", 0.1, 10.0 if quick else 100.0, 1)]
    for problem, h, tend, every in runs:
        log(f"long run: {problem}, h = {h:g}, t = {tend:g}")
        fig, axes = plt.subplots(2, 1, figsize=(10, 7), sharex=True)
        blown = []
        for scheme in general_schemes(r):
            rows, info = r.run(problem, scheme, h, tend, every)
            entry = table.setdefault(problem, {}).setdefault(scheme, {})
            if rows is None:
                entry["failed"] = info
                log(f"  {scheme}: {info}")
                continue
            t, E, L = rows[:, 0], rows[:, 1], rows[:, 2:5]
            steps = int(round(tend / h))
            entry["cost_us"] = 1e6 * info / steps
            if problem == "intermediate-axis":
                after = t > 2.0 + 2 * h   # torque-free after the disturbance
                E0 = E[after][0]
                entry["dE"] = float(np.max(np.abs(E[after] - E0)) / abs(E0))
                entry["dL"] = float(np.max(np.linalg.norm(L[after] - L[after][0], axis=1)) / np.linalg.norm(L[after][0]))
            else:
                entry["dE"] = float(np.max(np.abs(E - E[0])) / abs(E[0]))
                if problem == "free-body":
                    entry["dL"] = float(np.max(np.linalg.norm(L - L[0], axis=1)) / np.linalg.norm(L[0]))
            if entry["dE"] > 0.5:   # blown up: listed in the table, not drawn
                entry["failed"] = f"energy error {entry['dE']:.2g}: unstable at this step"
                blown.append(scheme)
                continue
            axes[0].plot(t, E / E[-1 if problem == "intermediate-axis" else 0], lw=0.6, label=scheme,
                         ls=["-", "--", ":"][len(axes[0].lines) // 10])
            w = rows[:, 5:8] / np.array([5.0, 10.0, 1.0]) if problem == "intermediate-axis" else rows[:, 5:8]
            axes[1].plot(t, w[:, 0], lw=0.6, ls=axes[0].lines[-1].get_linestyle())
        axes[0].set_ylabel("H / H0" if problem != "intermediate-axis" else "H / H(end)")
        axes[1].set_ylabel("omega_1 (body)" if problem == "intermediate-axis" else "Pi_1 (body)")
        axes[1].set_xlabel("t")
        if problem == "soft-wall":
            axes[0].set_ylim(0.9, 1.1)
        axes[0].legend(fontsize=6, ncol=3)
        axes[0].set_title(f"{problem}, h = {h:g} ({int(round(tend / h))} steps)"
                          + (f"; unstable, not drawn: {', '.join(blown)}" if blown else ""), fontsize=9)
        for ax in axes:
            ax.grid(alpha=0.3)
        fig.tight_layout()
        fig.savefig(os.path.join(out, f"history-{problem}.png"), dpi=100)
        plt.close(fig)


def pendulum(r, out, quick, table):
    """Baker & Gonzalez Fig. 1: E(t)-error (38), q(t)-error (37), invariants"""
    hs = [0.1, 0.05, 0.025, 0.0125]
    tend = 10.0
    href = 0.0125 / 16
    ref, _ = r.run("pendulum", "rk4", href, tend, 1)

    def h1(rows):
        """||q||^2 of (35) by the trapezoidal rule over the samples: x = v = 0,
        |log R|_F^2/2 = angle^2 (angle from the trace), |Omega|^2 (L = J Omega, J = 1)"""
        R = rows[:, 8:17].reshape(-1, 3, 3)
        tr = np.clip((np.trace(R, axis1=1, axis2=2) - 1) / 2, -1, 1)
        f = np.arccos(tr) ** 2 + np.sum(rows[:, 2:5] ** 2, axis=1)
        t = rows[:, 0]
        return float(np.sum(0.5 * (f[1:] + f[:-1]) * np.diff(t)))

    plt = rrplmp.need_pyplot()
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
    qref = h1(ref)
    for scheme in ("rrp-exact", "rrp-newmark", "rrp-euler", "rrp-general"):
        eE, eq = [], []
        for h in hs:
            rows, _ = r.run("pendulum", scheme, h, tend, 1)
            E = rows[:, 1]
            eE.append(math.sqrt(np.sum((E[1:] - E[0]) ** 2) * h) / (abs(E[0]) * math.sqrt(tend)))
            eq.append(math.sqrt(abs(h1(rows) - qref)) / math.sqrt(qref))
        R = rows[:, 8:17].reshape(-1, 3, 3)
        rr = R[:, :, 2]
        dots = np.abs(np.sum(rr * rows[:, 2:5], axis=1))
        lens = np.abs(np.linalg.norm(rr, axis=1) - 1)
        dot, ln = np.max(dots), np.max(lens)
        axes[0].loglog(hs, eE, "o-", ms=3, label=scheme)
        axes[1].loglog(hs, eq, "o-", ms=3, label=scheme)
        axes[2].semilogy(rows[:, 0], np.maximum(dots, 1e-18), lw=0.6, label=f"{scheme}: |R rho0 . Omega|")
        table.setdefault("pendulum", {})[scheme] = {
            "order_E": math.log2(eE[-2] / eE[-1]), "order_q": math.log2(eq[-2] / eq[-1]),
            "err_E": eE[-1], "dot": float(dot), "len": float(ln)}
    axes[0].set_title("E(t)-error (38), t = 10")
    axes[1].set_title("q(t)-error (37), t = 10")
    axes[2].set_title("invariant R rho0 . Omega (41b), h = 0.0125")
    for ax in axes[:2]:
        ax.set_xlabel("h")
        ax.grid(alpha=0.3, which="both")
        ax.legend(fontsize=7)
    axes[2].set_xlabel("t")
    axes[2].legend(fontsize=6)
    fig.suptitle("3D pendulum (Baker & Gonzalez 2021, Fig. 1), rigid-body schemes of rrp-integrate")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "pendulum.png"), dpi=100)
    plt.close(fig)


def equal_accuracy(r, out, quick, table):
    """cost at equal accuracy of the general-inertia map against the schemes that conserve L:
    the explicit ones (liemid-ea, Hulbert's) and the implicit midpoint IMIDM. Error constant
    C = err_Pi / h^2 at the finest of three steps (all order 2), cost per step from a run of
    many steps writing two rows (minus the start-up of a 1-step run), then the step h* that
    reaches ||Pi - Pi_ref|| = 1e-4 and the cost per unit of simulated time at h*"""
    schemes = ["rrp-general", "liemid-ea", "imidm", "hulbert-sw-trap", "hulbert-st-trap"]
    cases = [("free-body", 100.0, [0.05, 0.025, 0.0125]), ("slow-top", 5.0, [0.01, 0.005, 0.0025])]
    target = 1e-4
    nsteps = 20000 if quick else 400000
    for problem, tend, hs in cases:
        if quick:
            tend /= 10.0
        ref, _ = r.run(problem, "rk4", hs[-1] / 32.0, tend)
        _, Piref = final_state(ref)
        key = f"equal-accuracy {problem} (t = {tend:g}, ||Pi - Pi_ref|| = {target:g})"
        log(f"equal accuracy: {problem}")
        for scheme in schemes:
            rows, _ = r.run(problem, scheme, hs[-1], tend)
            if rows is None:
                table.setdefault(key, {})[scheme] = {"failed": "failed"}
                continue
            err = float(np.linalg.norm(final_state(rows)[1] - Piref))
            C = err / hs[-1] ** 2
            h0 = min(hs[-1], 1e-3)
            _, t1 = r.run(problem, scheme, h0, h0)
            costs = []
            for _ in range(3):
                _, tn = r.run(problem, scheme, h0, h0 * nsteps)
                costs.append(max(tn - t1, 0.0) / nsteps)
            cost = min(costs)
            hstar = math.sqrt(target / C)
            table.setdefault(key, {})[scheme] = {
                "ns_per_step": 1e9 * cost, "C_Pi": C, "h_star": hstar,
                "us_per_unit_time": 1e6 * cost / hstar}


def parasitic(r, out, quick, table):
    """The staggered scheme with midpoint impulse on the slow top: the largest relative energy
    error in each quarter of t in [0, 20] at four h, and the growth rate of that error from
    [5, 10] to [15, 20] (ln of their ratio over 10 time units); the trapezoidal twin and
    rrp-general beside it."""
    hs = [0.01, 0.005] if quick else [0.01, 0.005, 0.0025, 0.00125]
    key = "slow-top energy error by quarter of t = 20"
    for scheme in ("hulbert-st-mid", "hulbert-st-trap", "rrp-general"):
        for h in hs:
            log(f"parasitic mode: {scheme}, h = {h:g}")
            rows, _ = r.run("slow-top", scheme, h, 20.0, every=1)
            t, E = rows[:, 0], rows[:, 1]
            err = np.abs(E - E[0]) / abs(E[0])
            v = {}
            for a in range(0, 20, 5):
                v[f"dE_t{a:02d}-{a + 5:02d}"] = float(err[(t >= a) & (t <= a + 5)].max())
            v["growth_per_time"] = math.log(v["dE_t15-20"] / v["dE_t05-10"]) / 10.0
            table.setdefault(key, {})[f"{scheme} h={h:g}"] = v


def write_table(out, table):
    lines = ["# Rigid-body integrators side by side", "",
             "Generated by `scripts/study_integrators.py` from `rrp-integrate` runs on this machine "
             "(2 cores); cost per step is wall time of the whole run divided by its steps (includes "
             "the CSV output of every row written).", ""]
    for problem, rows in table.items():
        lines += [f"## {problem}", ""]
        keys = sorted({k for v in rows.values() for k in v if k != "failed"})
        lines.append("| scheme | " + " | ".join(keys) + " | note |")
        lines.append("|---" * (len(keys) + 2) + "|")
        for scheme, v in rows.items():
            cells = []
            for k in keys:
                x = v.get(k)
                cells.append("" if x is None else (f"{x:.3g}" if isinstance(x, float) else str(x)))
            lines.append(f"| {scheme} | " + " | ".join(cells) + f" | {v.get('failed', '')} |")
        lines.append("")
    lines += ["Keys: order_Pi, order_R: observed order between the two finest steps of the "
              "convergence study; err_*: error at the finest step; dE: max relative energy error "
              "(after the disturbance for intermediate-axis); dL: max relative drift of the spatial "
              "angular momentum (torque-free runs); cost_us: microseconds per step; order_E, "
              "order_q: orders of the E(t)- and q(t)-errors (37)-(38); dot, len: max |R rho0 . "
              "Omega| and ||R rho0| - 1|; equal accuracy: ns_per_step: nanoseconds per step of a "
              "run that writes only its first and last rows; C_Pi = err_Pi / h^2 at the finest "
              "step; h_star = sqrt(1e-4 / C_Pi), the step that reaches ||Pi - Pi_ref|| = 1e-4; "
              "us_per_unit_time: cost per unit of simulated time at h_star; slow-top energy error by "
              "quarter: dE_tA-B: max relative energy error for t in [A, B], growth_per_time: "
              "ln(dE_t15-20 / dE_t05-10) / 10, the rate at which that error grows."]
    with open(os.path.join(out, "table.md"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default=os.path.join(TOP, "studies", "integrators"))
    ap.add_argument("--integrate", default=os.path.join(TOP, "build", "harness", "rrp-integrate"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    r = Runner(a.integrate)
    table = {}
    pendulum(r, a.out, a.quick, table)
    convergence(r, a.out, a.quick, table)
    long_runs(r, a.out, a.quick, table)
    equal_accuracy(r, a.out, a.quick, table)
    parasitic(r, a.out, a.quick, table)
    print(write_table(a.out, table))


if __name__ == "__main__":
    main()
