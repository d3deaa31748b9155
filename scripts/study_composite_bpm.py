#!/usr/bin/env python3
"""The composite's strength tests side by side with LAMMPS's BPM styles: the UCS, UTS and BTS of
the rrp styles and of bond_style bpm/rotational + pair_style granular at matched stiffness and
strength, each without and with friction, and the energy each accounts for
(studies/composite-strength/side-by-side.*).

  study_composite_bpm.py [--quick] [--n 3000] [--keep] [--out DIR]

Packs one sample per atom style with the same seed (examples/composite/in.pack: astyle "hybrid
sphere bond" for rrp, bpm/sphere for bpm; n spheres, --quick 1500) and runs on each model
(the inputs' `-var model rrp|bpm`, whose headers give the mapping: Kr Ks Kt Kb = Ka Ks Kt Km,
critical loads = the critical values times the stiffnesses at L0 = 1, granular hertz kn = 2 Kpp,
fix viscous + viscous/sphere for fix rrp/damping):
- UCS: in.triaxial with s3 0 (unconfined), the peak of sigma1;
- UTS: in.tension, the peak stress (in.tension has no friction keyword: its contacts are
  frictionless in every variant, so one run per model serves both of its rows);
- BTS: in.brazilian, 2 P/(pi D t) at the splitting peak (calibrate_composite.split_peak);
the binders: the example's (Km = Kt = 10, Ka = Ks = 200, critical values 0.02 0.15 0.15 0.25)
with shear linear (the rrp form that has a small-strain shear stiffness, as bpm/rotational's);
friction: rrp/hertz's `friction mindlin 5400 0.5`, pair granular's `tangential mindlin 5400 0.0
0.5`. Energy: the largest change of the balance column (kinetic + potential + released + damped
+ friction - the walls' work) over the walls' largest work, per test with walls (in.tension
writes no budget). BPM tallies no bond, contact, damping or friction energy, so its balance
shows what it does not account for. Writes side-by-side.md, side-by-side.csv and (with
matplotlib) side-by-side.png (the stress-strain curves) into --out; progress on stderr."""
import argparse
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibrate_composite as cal  # noqa: E402
import rrplmp  # noqa: E402

EX = os.path.join(rrplmp.TOP, "examples", "composite")
FRICTION = "friction mindlin 5400 0.5"
ASTYLE = {"rrp": "hybrid sphere bond", "bpm": "bpm/sphere"}
VARIANTS = (("rrp", ""), ("rrp", FRICTION), ("bpm", ""), ("bpm", FRICTION))
EMAX = 0.06            # the axial strain of the unconfined test
DMAX = 0.1             # the walls' approach over D of the Brazilian test


def params(model, friction):
    """the input variables of one variant"""
    keys = ("km", "ka", "ks", "kpp", "kpw", "ec", "pc", "bc", "tc", "dt", "rate", "ramp", "damp",
            "dampt", "dampr")
    v = {k: cal.BASE[k] for k in keys}
    v.update(kt=cal.BASE["km"], shear="linear", model=model, astyle=ASTYLE[model])
    return v


def run(input_file, wd, variables):
    """one test in wd; its wall time"""
    t0 = time.time()
    rrplmp.run_lmp(wd, os.path.join(EX, input_file), 1, **variables)
    return time.time() - t0


def drift(rows, balance, work):
    """the balance column's largest change over the run, over the largest |work|"""
    top = max(max(abs(r[work]) for r in rows), 1e-300)
    return max(abs(r[balance] - rows[0][balance]) for r in rows) / top


def ucs(data, model, friction, wd):
    v = dict(params(model, friction), data=data, s3=0.0, emax=EMAX)
    if friction:
        v["friction"] = friction
    secs = run("in.triaxial", wd, v)
    rows = rrplmp.read_rows(os.path.join(wd, "triaxial.dat"))
    ip = max(range(len(rows)), key=lambda k: rows[k][3])
    return {"peak": rows[ip][3], "strain_peak": rows[ip][2], "balance": drift(rows, 10, 9),
            "broken": rows[-1][11], "binders0": rows[0][11] + rows[0][12],
            "curve": [(r[2], r[3]) for r in rows], "dir": wd, "seconds": secs}


def uts(data, model, wd):
    v = dict(params(model, ""), data=data)
    secs = run("in.tension", wd, v)
    rows = rrplmp.read_rows(os.path.join(wd, "tension.dat"))
    ip = max(range(len(rows)), key=lambda k: rows[k][3])
    return {"peak": rows[ip][3], "strain_peak": rows[ip][2], "balance": None,
            "broken": rows[-1][5], "binders0": rows[0][5] + rows[0][6],
            "curve": [(r[2], r[3]) for r in rows], "dir": wd, "seconds": secs}


def bts(data, model, friction, wd):
    v = dict(params(model, friction), data=data, dmax=DMAX)
    if friction:
        v["friction"] = friction
    secs = run("in.brazilian", wd, v)
    rows = rrplmp.read_rows(os.path.join(wd, "brazilian.dat"))
    ip = cal.split_peak([r[3] for r in rows])
    return {"peak": rows[ip][4], "strain_peak": rows[ip][2], "balance": drift(rows, 9, 8),
            "broken": rows[-1][10], "binders0": rows[0][10] + rows[0][11],
            "curve": [(r[2], r[4]) for r in rows], "dir": wd, "seconds": secs}


def pack(n, model, wd):
    t0 = time.time()
    text = rrplmp.run_lmp(wd, os.path.join(EX, "in.pack"), 1, n=n, data="data.composite",
                          astyle=ASTYLE[model])
    line = next(l for l in text.splitlines() if l.startswith("PACK"))
    return os.path.join(wd, "data.composite"), line, time.time() - t0


def label(model, friction):
    return f"{model}{' + friction' if friction else ''}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="1500 spheres")
    ap.add_argument("--n", type=int, default=3000, help="spheres packed")
    ap.add_argument("--keep", action="store_true",
                    help="keep the runs' folders (their paths in side-by-side.csv)")
    ap.add_argument("--out", default=os.path.join(rrplmp.TOP, "studies", "composite-strength"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if not os.path.exists(rrplmp.PLUGIN):
        sys.exit(f"error: plugin {rrplmp.PLUGIN} not found: build first (scripts/build.sh) "
                 "or set RRP_PLUGIN")
    n = 1500 if args.quick else args.n
    top = tempfile.mkdtemp(prefix="rrp-strength-bpm-")
    t0 = time.time()

    def folder(name):
        wd = os.path.join(top, name)
        os.makedirs(wd)
        return wd

    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            rrplmp.log(f"packing {n} spheres twice (hybrid sphere bond, bpm/sphere), one seed")
            packs = {m: pool.submit(pack, n, m, folder(f"pack-{m}")) for m in ASTYLE}
            packs = {m: j.result() for m, j in packs.items()}
            jobs = {}
            for model, friction in VARIANTS:
                key = label(model, friction)
                tag = key.replace(" + ", "-")
                data = packs[model][0]
                more = "" if friction else ", tension"
                rrplmp.log(f"{key}: unconfined compression, Brazilian{more}")
                jobs[key, "UCS"] = pool.submit(ucs, data, model, friction, folder(f"{tag}-ucs"))
                jobs[key, "BTS"] = pool.submit(bts, data, model, friction, folder(f"{tag}-bts"))
                if not friction:
                    jobs[key, "UTS"] = pool.submit(uts, data, model, folder(f"{tag}-uts"))
            res = {k: j.result() for k, j in jobs.items()}
    except RuntimeError as e:
        sys.exit(f"study_composite_bpm.py: {e}")
    for model, friction in VARIANTS:
        if friction:
            res[label(model, friction), "UTS"] = res[model, "UTS"]
    elapsed = time.time() - t0

    intro = (
        f"Generated by `scripts/study_composite_bpm.py{' --quick' if args.quick else ''}` on two "
        f"packings of {n} spheres (examples/composite/in.pack, the same seed; atom_style hybrid "
        "sphere bond for rrp, bpm/sphere for bpm): in.triaxial with s3 0 (unconfined, UCS), "
        "in.tension (UTS) and in.brazilian (BTS), each with `-var model rrp` (fix rrp/nve, "
        "bond_style rrp/binder shear linear, pair_style rrp/hertz, fix rrp/damping) or `-var model "
        "bpm` (fix nve/bpm/sphere, bond_style bpm/rotational break yes smooth no overlay/pair yes, "
        "pair_style granular hertz, fix viscous + fix viscous/sphere), the same walls (fix "
        "rrp/wall), wall speed 0.01, time step 0.005. Matched: Kr Ks Kt Kb = Ka Ks Kt Km = 200 200 "
        "10 10; critical loads Fcr Fcs Tct Tcb = Ka eps_c, Ks phi_c, Kt tau_c, Km beta_c = 4 30 "
        "2.5 1.5 (the critical values 0.02 0.15 0.25 0.15 through the stiffnesses at L0 = 1); "
        "granular hertz kn = 2 Kpp = 4200 (the same contact force for two spheres of diameter 1); "
        f"friction: rrp/hertz `{FRICTION}`, granular `tangential mindlin 5400 0.0 0.5`. The "
        "inputs' headers give the mapping and what it leaves out.")
    legend = (
        "Balance: the largest change of kinetic + potential + released + damped + viscous + "
        "friction - the walls' work, over the walls' largest work (UCS and BTS tests; in.tension "
        "writes no energy budget). bpm/rotational tallies no bond energy and pair granular no "
        "contact energy or frictional work, fix viscous no dissipated work: bpm's balance is minus "
        "all of that. UTS: in.tension has no friction keyword, so its contacts are frictionless in "
        "every row (one run per model). Broken: bonds broken by the end of each test, of the "
        "specimen's bonds at the start.")
    table = ["# The strength tests side by side with LAMMPS's BPM styles", "", intro, "", legend,
             "", "| model | friction | UCS | UTS | BTS | UCS/UTS | UCS/BTS | balance UCS | "
             "balance BTS | broken UCS | broken UTS | broken BTS |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    csv = ["model,friction,UCS,UTS,BTS,UCS_UTS,UCS_BTS,strain_UCS,strain_UTS,approach_BTS,"
           "balance_UCS,balance_BTS,broken_UCS,broken_UTS,broken_BTS,binders_UCS,binders_UTS,"
           "binders_BTS,seconds_UCS,seconds_UTS,seconds_BTS,dir_UCS,dir_UTS,dir_BTS"]
    for model, friction in VARIANTS:
        key = label(model, friction)
        u, t, b = res[key, "UCS"], res[key, "UTS"], res[key, "BTS"]
        fname = "mindlin 5400 0.5" if friction else "none"
        broken = " | ".join(f"{x['broken']:.0f} of {x['binders0']:.0f}" for x in (u, t, b))
        table.append(f"| {model} | {fname} | {u['peak']:.4g} | {t['peak']:.4g} | {b['peak']:.4g} "
                     f"| {u['peak'] / t['peak']:.3g} | {u['peak'] / b['peak']:.3g} "
                     f"| {u['balance']:.2g} | {b['balance']:.2g} | {broken} |")
        values = (u["peak"], t["peak"], b["peak"], u["peak"] / t["peak"], u["peak"] / b["peak"],
                  u["strain_peak"], t["strain_peak"], b["strain_peak"], u["balance"], b["balance"])
        counts = (u["broken"], t["broken"], b["broken"], u["binders0"], t["binders0"],
                  b["binders0"])
        csv.append(",".join([model, fname] + [repr(x) for x in values] +
                            [f"{x:.0f}" for x in counts] +
                            [f"{x['seconds']:.1f}" for x in (u, t, b)] +
                            [x["dir"] if args.keep else "" for x in (u, t, b)]))
    ratio = [res[label("bpm", f), k]["balance"] / max(res[label("rrp", f), k]["balance"], 1e-300)
             for f in ("", FRICTION) for k in ("UCS", "BTS")]
    table += ["", "bpm's balance drift over rrp's, per test (UCS, BTS; without, with friction): "
              + ", ".join(f"{r:.3g}" for r in ratio) + ".", "",
              f"Wall time: {elapsed:.0f} s for the two packings and ten runs, two at a time (the "
              "runs' own times in side-by-side.csv).", ""]
    rrplmp.write_lines(args.out, {"side-by-side.md": table, "side-by-side.csv": csv})
    figure(res, args.out)
    if not args.keep:
        shutil.rmtree(top, ignore_errors=True)
    print("\n".join(table))
    rrplmp.log(f"wrote {args.out}/side-by-side.md in {elapsed:.0f} s")


def figure(res, out):
    plt = rrplmp.pyplot()
    if not plt:
        return
    fig, ax = plt.subplots(1, 3, figsize=(13, 4))
    for k, (test, xl, yl) in enumerate((("UCS", "axial strain", "sigma1 (unconfined)"),
                                        ("UTS", "strain", "tensile stress"),
                                        ("BTS", "walls' approach / D", "2 P/(pi D t)"))):
        for model, friction in VARIANTS:
            key = label(model, friction)
            if test == "UTS" and friction:
                continue
            r = res[key, test]
            ax[k].plot([c[0] for c in r["curve"]], [c[1] for c in r["curve"]],
                       "-" if model == "rrp" else "--", label=f"{key}: {r['peak']:.3g}")
        ax[k].set_title(test + (" (frictionless contacts)" if test == "UTS" else ""))
        ax[k].set_xlabel(xl)
        ax[k].set_ylabel(yl)
        ax[k].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "side-by-side.png"), dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
