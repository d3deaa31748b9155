#!/usr/bin/env python3
"""Plots of the compression of a particle-binder composite (examples/composite/in.compress):

  composite-stress-strain.png  the stress on the walls against the nominal strain: the first
                               rows (the packing's prestress, released at strain ~0 as the
                               specimen is carved) drawn apart, the peak, and the window over
                               which Young's modulus E is fitted (calibrate_composite.e_window)
                               with the fitted line and E's value; beside it the binders broken
                               so far, by mode (axial, shear, bending, twist)
  composite-energy.png         the energy budget against strain: kinetic, binder, contact,
                               wall, released by ruptures, work of the walls, and the balance
                               kinetic + potential + released - work (constant to the
                               integrator's accuracy)
  composite-damage.png         the damaged sample: a slab through its middle (x-z), each
                               sphere coloured by the binders it has lost, and where the
                               binders broke, coloured by mode
and summary.txt with the peak stress, the strain at the peak, the initial stress, E and its window,
the breaks by mode and the energy balance.

  plot_composite.py FOLDER   (compress.dat, breaks.dump, compress.dump in FOLDER)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibrate_composite as cal  # noqa: E402  (the E window: one definition)
import rrplmp  # noqa: E402

plt = rrplmp.need_pyplot()
np = rrplmp.need("numpy")

MODES = ["axial", "shear", "bending", "twist"]
COLORS = ["tab:red", "tab:blue", "tab:green", "tab:purple"]


def table(path):
    with open(path) as fh:
        head = next(l for l in fh if l.startswith("#")).split()[1:]
    data = np.loadtxt(path, comments="#", ndmin=2)
    return {name: data[:, k] for k, name in enumerate(head)}


def dump_frames(path):
    """Frames of a dump file as (timestep, column names, rows)."""
    frames, lines = [], open(path).read().splitlines()
    k = 0
    while k < len(lines):
        if lines[k].startswith("ITEM: TIMESTEP"):
            step = int(lines[k + 1])
            n = int(lines[k + 3])
            j = k + 4
            while not lines[j].startswith("ITEM: ATOMS") and not lines[j].startswith("ITEM: ENTRIES"):
                j += 1
            names = lines[j].split()[2:]
            rows = [[float(v) for v in l.split()] for l in lines[j + 1:j + 1 + n]]
            frames.append((step, names, np.array(rows).reshape(-1, len(names))))
            k = j + 1 + n
        else:
            k += 1
    return frames


def main(folder):
    d = table(os.path.join(folder, "compress.dat"))
    strain = d["strain"]
    summary = []

    stress = d["stress"]
    fig, ax = plt.subplots(1, 2, figsize=(11, 5.4))
    E, window, k = cal.modulus([float(x) for x in strain], [float(x) for x in stress])
    # the first rows: the packing's prestress (step 0, read back from in.pack's data file) falls as
    # the carved specimen's free lateral faces relax, at a strain of about 0, down to the lowest
    # stress before the peak; drawn apart so that the drop is not read as part of the response
    r = int(np.argmin(stress[:k + 1]))
    if r > 0:
        ax[0].plot(strain[:r + 1], stress[:r + 1], ls=":", marker=".", color="0.55", ms=5,
                   label=f"first {r + 1} rows: the packing's prestress ({stress[0]:.3g} at step 0) released as "
                         f"the\nspecimen is carved free at the sides (to {stress[r]:.2g}, strain < {strain[r]:.1e})")
    ax[0].plot(strain[r:], stress[r:], "k-", label="stress after the release" if r > 0 else "stress")
    ax[0].plot(strain[k], stress[k], "ro", label=f"peak {stress[k]:.3g} at strain {strain[k]:.4f}")
    if window and np.isfinite(E):
        # the window over which E is fitted (calibrate_composite.e_window) and the fitted line
        x = strain[window]
        a, b = x.min(), x.max()
        ax[0].axvspan(a, b, color="tab:blue", alpha=0.15, lw=0)
        xs = np.array([a, b])
        ax[0].plot(xs, stress[window].mean() + E * (xs - x.mean()), color="tab:blue", lw=2.5,
                   label=f"E = {E:.4g}: the fit over strain {a:.4f}-{b:.4f} (shaded), where the stress is\n"
                         f"20-50% of the way from the initial {stress[0]:.3g} to the peak")
    ax[0].set_xlabel("nominal strain (H0 - H)/H0")
    ax[0].set_ylabel("stress on the walls (force / initial area)")
    ax[0].set_title("Uniaxial compression")
    ax[0].legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14))
    for name, c in zip(MODES, COLORS):
        ax[1].plot(strain, d["n_" + name], color=c, label=name)
    ax[1].plot(strain, sum(d["n_" + m] for m in MODES), "k--", label="all")
    ax[1].set_xlabel("nominal strain")
    ax[1].set_ylabel("binders broken")
    ax[1].legend()
    ax[1].set_title("Ruptures by mode")
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "composite-stress-strain.png"), dpi=110)
    summary.append(f"peak stress {stress[k]:.5g} at strain {strain[k]:.4f}; initial stress {stress[0]:.4g} "
                   f"(the packing's prestress), {stress[r]:.4g} after the carving's release")
    if window:
        summary.append(f"E {E:.5g} over strain {strain[window].min():.4f}-{strain[window].max():.4f} "
                       f"({len(window)} rows)")
    summary.append("binders broken: " + ", ".join(f"{m} {int(d['n_' + m][-1])}" for m in MODES) +
                   f"; left {int(d['binders'][-1])}")

    fig, ax = plt.subplots(figsize=(7.5, 4.5))
    binder = d["Um"] + d["Ua"] + d["Us"]
    # files of in.compress before fix rrp/damping have no dissipated column
    dissipated = d.get("dissipated", np.zeros_like(strain))
    for y, label in ((d["ke"], "kinetic"), (binder, "binders"), (d["Upp"], "contacts"), (d["Upw"], "walls"),
                     (d["released"], "released by ruptures"), (dissipated, "dissipated by damping"),
                     (d["work"], "work of the walls"),
                     (d["balance"], "kinetic + potential + released + dissipated - work")):
        ax.plot(strain, y, label=label)
    ax.set_xlabel("nominal strain")
    ax.set_ylabel("energy")
    ax.legend(fontsize=8)
    ax.set_title("Energy budget")
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "composite-energy.png"), dpi=110)
    drift = d["balance"][-1] - d["balance"][0]
    summary.append(f"energy balance {d['balance'][0]:.6g} -> {d['balance'][-1]:.6g} (change {drift:.3g}, "
                   f"{abs(drift) / max(d['work'][-1], 1e-300):.3g} of the walls' work {d['work'][-1]:.5g}; "
                   f"released {d['released'][-1]:.5g}, dissipated {dissipated[-1]:.5g})")

    atoms = dump_frames(os.path.join(folder, "compress.dump"))[-1]
    _, names, a = atoms
    col = {n: k for k, n in enumerate(names)}
    breaks = [f for f in dump_frames(os.path.join(folder, "breaks.dump")) if len(f[2])]
    fig, ax = plt.subplots(1, 2, figsize=(11, 5))
    y = a[:, col["y"]]
    ymid, half = 0.5 * (y.min() + y.max()), 1.0
    slab = np.abs(y - ymid) < half
    lost = a[:, col["lost"]]
    sc = ax[0].scatter(a[slab, col["x"]], a[slab, col["z"]], s=(a[slab, col["radius"]] * 22) ** 2,
                       c=lost[slab], cmap="inferno_r", vmin=0, vmax=max(1.0, lost.max()), edgecolors="0.5",
                       linewidths=0.3)
    fig.colorbar(sc, ax=ax[0], label="binders lost")
    ax[0].set_aspect("equal")
    ax[0].set_xlabel("x")
    ax[0].set_ylabel("z (compression axis)")
    ax[0].set_title(f"Slab |y - y_mid| < {half} at the end (step {atoms[0]})")
    if breaks:
        names_b = breaks[0][1]
        rows = np.vstack([f[2] for f in breaks])
        cb = {n: k for k, n in enumerate(names_b)}
        for m, (name, c) in enumerate(zip(MODES, COLORS), start=1):
            sel = rows[:, cb["mode"]] == m
            ax[1].scatter(rows[sel, cb["x"]], rows[sel, cb["z"]], s=4, color=c, label=f"{name} ({int(sel.sum())})")
        ax[1].legend(fontsize=8, markerscale=3)
    ax[1].set_aspect("equal")
    ax[1].set_xlabel("x")
    ax[1].set_ylabel("z")
    ax[1].set_title("Where the binders broke (projected on x-z)")
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "composite-damage.png"), dpi=110)

    with open(os.path.join(folder, "summary.txt"), "w") as fh:
        fh.write("\n".join(summary) + "\n")
    print("\n".join(summary))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
