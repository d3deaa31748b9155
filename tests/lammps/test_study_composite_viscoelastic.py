"""The composite with viscoelastic binders: scripts/study_composite_viscoelastic.py --quick (600
spheres, one temperature) runs and writes its tables and figures, and what it measured is the
physics of a viscoelastic solid:

- dynamic modulus: every phase angle inside (0, 90) degrees; where the specimen is quasi-static
  (its inertia, measured on the same specimen with frozen branches, below 2%) |E*| rises with
  frequency, lies between the relaxed and the glassy moduli, and the phase rises and falls as the
  parallel model of the series predicts (each step's sign where the model moves by over 1 degree,
  each value within TOL_PHASE_MODEL); the fit's transient is gone (a quarter cycle earlier it
  gives the same |E*| and phase within TOL_TRANSIENT_*); the walls' work over a cycle is pi e0^2
  E'' V0 and the dashpots' work (compute rrp/energy 13) within TOL_LOSS; the energy balance of the
  sweep closes within TOL_BALANCE_SWEEP of the dashpots' work; no binder breaks; frozen and
  relaxed branches show no phase (the fit's floor), the damping of fix rrp/damping shows its own;
- creep: J(t) grows (each sample at least the one before, less TOL_NOISE) as much as the parallel
  model says within TOL_CREEP_MODEL, is the same at the two stresses within TOL_LINEAR, recovers
  after unloading, and the balance with the load's work closes;
- rate: the viscous binder's peak stress rises with the wall speed, over twice as much as the
  elastic binder's moves;
- cycles: every cycle dissipates in the dashpots (> 0, more at each larger strain), its budget
  (walls' work = dashpots + ruptures + damping + stored) closes within TOL_CYCLE, the last cycles
  break binders and their peak stress lies below the same path's without rupture (softening), and
  the rest recovers the viscous set (the reload's stress rises at a smaller strain)."""
import os
import subprocess
import sys

import rrptest as t

TOL_TRANSIENT_E = 0.01        # relative
TOL_TRANSIENT_PHASE = 0.5     # degrees
TOL_LOSS = 0.05               # relative
TOL_BALANCE_SWEEP = 1e-4      # of the dashpots' work in the sweep
TOL_PHASE_MODEL = 3.0         # degrees
TOL_FLOOR = 0.1               # degrees: the phase of an elastic specimen
TOL_NOISE = 0.005             # relative: the wall's ringing in J(t)
TOL_CREEP_MODEL = 0.25        # relative: J's growth against the parallel model's
TOL_LINEAR = 0.10             # relative: J at the two stresses
TOL_CYCLE = 0.01              # of the cycle's walls' work
TOL_SOFT = 0.005              # relative: a peak stress against the same cycle's without rupture

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = t.workdir("study-composite-viscoelastic")
p = subprocess.run([sys.executable, os.path.join(TOP, "scripts", "study_composite_viscoelastic.py"), "--quick",
                    "--jobs", "2", "--out", out], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                   timeout=1200, env=dict(os.environ))
t.check("study_composite_viscoelastic.py --quick runs", p.returncode == 0,
        p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "")
for f in ("table.md", "dynamic.csv", "creep.csv", "rates.csv", "cycles.csv", "dynamic.png", "creep.png", "rates.png",
          "cycles.png"):
    t.check(f"{f} is written", os.path.exists(os.path.join(out, f)) and os.path.getsize(os.path.join(out, f)) > 200)
if p.returncode != 0:
    print(p.stdout[-3000:])
    t.finish()


def table(name):
    """the rows of a CSV file as dicts (comment rows apart)"""
    lines = open(os.path.join(out, name)).read().splitlines()
    head = lines[0].split(",")
    rows, notes = [], []
    for line in lines[1:]:
        if line.startswith("#"):
            notes.append(line[1:].split())
            continue
        rows.append({k: number(v) for k, v in zip(head, line.split(","))})
    return rows, notes


def number(word):
    try:
        return float(word)
    except ValueError:
        return word


# ---- 1. dynamic modulus
dyn, _ = table("dynamic.csv")
sweep = [r for r in dyn if r["kind"] == "sweep"]
frozen = [r for r in dyn if r["kind"] == "frozen"]
relaxed = [r for r in dyn if r["kind"] == "relaxed"]
damped = [r for r in dyn if r["kind"] == "damped"]
eg, er = frozen[0]["E"], relaxed[0]["E"]
t.check("every phase angle inside (0, 90) degrees", sweep and all(0.0 < r["phase"] < 90.0 for r in sweep),
        ", ".join(f"{r['period']:g}: {r['phase']:.2f}" for r in sweep))
qs = [r for r in sweep if r["quasi_static"] == 1]
t.check("at least 3 quasi-static periods (the frozen specimen's inertia below 2%)", len(qs) >= 3,
        ", ".join(f"{r['period']:g}: inertia {r['inertia']:.3f}" for r in sweep))
for T in sorted({r["temp"] for r in qs}):
    pts = sorted((r for r in qs if r["temp"] == T), key=lambda r: r["omega"])
    E = [r["E"] for r in pts]
    t.check(f"T = {T:g}: |E*| rises with frequency, between the relaxed {er:.4g} and glassy {eg:.4g} moduli",
            all(b > a for a, b in zip(E, E[1:])) and all(er < e < eg for e in E),
            ", ".join(f"{r['period']:g}: {r['E']:.4g}" for r in pts))
    steps = [(b["phase"] - a["phase"], b["phase_pred"] - a["phase_pred"]) for a, b in zip(pts, pts[1:])]
    decisive = [(m, q) for m, q in steps if abs(q) > 1.0]
    t.check(f"T = {T:g}: the phase rises and falls as the series predicts (parallel model), each within "
            f"{TOL_PHASE_MODEL} deg", decisive and all((m > 0) == (q > 0) for m, q in decisive) and
            all(abs(r["phase"] - r["phase_pred"]) < TOL_PHASE_MODEL for r in pts),
            "; ".join(f"{r['period']:g}: {r['phase']:.2f} (model {r['phase_pred']:.2f})" for r in pts))
t.check("the transient is gone: the fit a quarter cycle earlier within "
        f"{TOL_TRANSIENT_E} (|E*|) and {TOL_TRANSIENT_PHASE} deg",
        all(abs(r["E_early"] / r["E"] - 1) < TOL_TRANSIENT_E and abs(r["phase_early"] - r["phase"]) < TOL_TRANSIENT_PHASE
            for r in qs), ", ".join(f"{r['E_early'] / r['E'] - 1:+.1e}/{r['phase_early'] - r['phase']:+.2f}" for r in qs))
t.check(f"a cycle's loss: walls' work = pi e0^2 E'' V0 = dashpots' work within {TOL_LOSS}",
        all(abs(r["work_cycle"] / r["loss_fit"] - 1) < TOL_LOSS and abs(r["viscous_cycle"] / r["work_cycle"] - 1) < TOL_LOSS
            for r in qs), ", ".join(f"{r['work_cycle']:.4g}/{r['loss_fit']:.4g}/{r['viscous_cycle']:.4g}" for r in qs))
t.check(f"the sweep's energy balance closes within {TOL_BALANCE_SWEEP} of its dashpots' work, no binder breaks",
        all(r["balance"] < TOL_BALANCE_SWEEP * r["sweep_viscous"] and r["broken"] == 0 for r in sweep),
        ", ".join(f"{r['balance'] / r['sweep_viscous']:.2g}" for r in sweep))
t.check(f"frozen and relaxed branches: no phase (within {TOL_FLOOR} deg where quasi-static)",
        abs(frozen[0]["phase"]) < TOL_FLOOR and abs(relaxed[0]["phase"]) < TOL_FLOOR,
        f"frozen {frozen[0]['phase']:.4f}, relaxed {relaxed[0]['phase']:.4f}")
t.check("fix rrp/damping adds a loss of its own, growing with frequency",
        all(d["phase"] > f["phase"] + TOL_FLOOR for d, f in zip(damped, frozen)) and
        all(b["phase"] > a["phase"] for a, b in zip(damped, damped[1:])),
        ", ".join(f"{d['period']:g}: {d['phase']:.3f} (frozen {f['phase']:.3f})" for d, f in zip(damped, frozen)))

# ---- 2. creep and recovery
cr, notes = table("creep.csv")
levels = [k for k in cr[0] if k.startswith("J_") and k != "J_parallel"]
for k in levels:
    J = [r[k] for r in cr]
    grows = all(b >= a * (1 - TOL_NOISE) for a, b in zip(J, J[1:])) and J[-1] > J[0]
    model = cr[-1]["J_parallel"] / cr[0]["J_parallel"]
    t.check(f"stress {k[2:]}: J(t) grows, by the parallel model's factor within {TOL_CREEP_MODEL}",
            grows and abs((J[-1] / J[0]) / model - 1) < TOL_CREEP_MODEL,
            f"J {J[0]:.5g} -> {J[-1]:.5g} (x {J[-1] / J[0]:.3f}; model x {model:.3f})")
ratio = [r[levels[1]] / r[levels[0]] for r in cr]
t.check(f"J linear in the stress: J at {levels[1][2:]} over J at {levels[0][2:]} within {TOL_LINEAR} of 1",
        all(abs(x - 1) < TOL_LINEAR for x in ratio), f"{min(ratio):.4f} ... {max(ratio):.4f}")
# (its notes: "# name,value,value")
notes = {n[0].split(",")[0]: [float(x) for x in n[0].split(",")[1:]] for n in notes}
t.check("the creep strain recovers after unloading (over 80% in the recovery time)",
        all(x > 0.8 for x in notes["recovered"]), str(notes["recovered"]))
t.check("creep: the balance with the load's work closes within 1e-5 of it, no binder breaks",
        all(x < 1e-5 for x in notes["balance_over_work"]) and all(x == 0 for x in notes["broken"]),
        f"{notes['balance_over_work']}, broken {notes['broken']}")

# ---- 3. strength against rate
rt, _ = table("rates.csv")
peak = {(r["binder"], r["rate"]): r["peak"] for r in rt}
fast, slow = max(r["rate"] for r in rt), min(r["rate"] for r in rt)
rise_v = peak[("viscoelastic", fast)] / peak[("viscoelastic", slow)] - 1
rise_e = peak[("elastic", fast)] / peak[("elastic", slow)] - 1
t.check("the viscous binder's peak stress rises with the wall speed, over twice as much as the elastic binder's "
        "moves", rise_v > 0 and rise_v > 2 * abs(rise_e),
        f"viscoelastic {peak[('viscoelastic', slow)]:.4g} -> {peak[('viscoelastic', fast)]:.4g} ({rise_v:+.3f}), "
        f"elastic {peak[('elastic', slow)]:.4g} -> {peak[('elastic', fast)]:.4g} ({rise_e:+.3f})")
t.check("compressions quasi-static (KE/W at the peak < 0.05) with their balance within 1% of the work",
        all(r["ke_peak"] < 0.05 and r["balance"] < 0.01 for r in rt),
        ", ".join(f"{r['binder']} {r['rate']:g}: {r['ke_peak']:.3f}, {r['balance']:.2g}" for r in rt))

# ---- 4. cycles
cy, notes = table("cycles.csv")
ve = [r for r in cy if r["binder"] == "viscoelastic" and r["rupture"] == 1]
intact = [r for r in cy if r["binder"] == "viscoelastic" and r["rupture"] == 0]
el = [r for r in cy if r["binder"] == "elastic" and r["rupture"] == 1]
t.check("every cycle dissipates in the dashpots, more at each larger strain",
        len(ve) >= 5 and all(r["viscous"] > 0 for r in ve) and all(b["viscous"] > a["viscous"] for a, b in zip(ve, ve[1:])),
        ", ".join(f"{r['viscous']:.4g}" for r in ve))
t.check(f"each cycle's budget closes within {TOL_CYCLE} of its walls' work (every run)",
        all(r["work"] > 0 and abs(r["closure"]) < TOL_CYCLE * r["work"] for r in cy),
        ", ".join(f"{r['closure'] / r['work']:.1e}" for r in cy))
t.check("the last cycles break binders and release their energy; without critical values none breaks; the "
        "elastic binders dissipate nothing viscous",
        ve[-1]["broken"] > 0 and ve[-1]["released"] > 0 and all(r["broken"] == 0 for r in intact) and
        all(r["viscous"] == 0 for r in el), f"broken {[int(r['broken']) for r in ve]}, released {ve[-1]['released']:.4g}")
t.check(f"ruptures soften: the last cycle's peak below the same cycle's without rupture (by over {TOL_SOFT}), "
        f"no cycle above it by over {TOL_SOFT}", ve[-1]["softening"] > TOL_SOFT and
        all(r["softening"] > -TOL_SOFT for r in ve), ", ".join(f"{r['softening']:+.4f}" for r in ve))
note = {n[0]: dict(zip(n[1::2], map(float, n[2::2]))) for n in notes}
v, e = note["viscoelastic"], note["elastic"]
t.check("the rest recovers the viscous set: the reload's stress rises at a smaller strain than before the rest, "
        "by more than with elastic binders",
        v["rest_set"] < v["set_before_rest"] and
        v["set_before_rest"] - v["rest_set"] > e["set_before_rest"] - e["rest_set"],
        f"viscoelastic {v['set_before_rest']:.5f} -> {v['rest_set']:.5f}, elastic {e['set_before_rest']:.5f} -> "
        f"{e['rest_set']:.5f}")
t.check("the cycles' energy balance closes within 1% of the walls' work",
        all(note[b]["balance_cycles"] < 0.01 for b in note), str({b: note[b]["balance_cycles"] for b in note}))
t.finish()
