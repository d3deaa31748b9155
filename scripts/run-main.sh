#!/usr/bin/env bash
# Command A: the main job. Installs what is missing, bootstraps LAMMPS if not cached, builds,
# then runs with LAMMPS and the plugin
#  1. the impact of the particle-binder torus on a rigid wall of Baker & Gonzalez (2021) sec. 4.1
#     (examples/torus): 80 particles, h = 1e-3, t = 35 (35,000 steps, under a minute), and plots
#     the energy of each term over time (Fig. 4) and snapshots of the deformed torus with the
#     particles' orientations (Fig. 3). Output in out/torus/ (or $RRP_OUT): torus.dat,
#     torus.dump, log.lammps, torus-energy.png, torus-snapshots.png, summary.txt. Set
#     RRP_SCHEME (newmark | exact | euler), RRP_TEND, RRP_DT.
#  2. the application the model exists for, a 3D particle-binder composite (examples/composite):
#     a random polydisperse packing bonded by binders, saved as a data file (in.pack), read back
#     and compressed between two walls until it fails (in.compress), with the stress-strain
#     curve, the breaks by mode, the energy budget and the damaged sample plotted. About 3,000
#     spheres packed, a specimen of about 2,000 (under a minute on 2 cores). Output in
#     out/composite/ (or $RRP_OUT_COMPOSITE): data.composite, compress.dat, breaks.dump,
#     compress.dump (OVITO reads the orientations), composite-*.png, summary.txt. Set
#     RRP_COMPOSITE_N (spheres packed: 1e5 ... 1e6 for a large sample) and RRP_NP (MPI ranks).
# Idempotent.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${RRP_BUILD_DIR:-$top/build}
out=${RRP_OUT:-$top/out/torus}

bash "$top/scripts/deps.sh"
bash "$top/scripts/build.sh"
. "$top/scripts/paths.sh"
lmp=$rrp_lmp

mkdir -p "$out"
cd "$out"
/usr/bin/python3 "$top/examples/torus/make_torus.py" --out data.torus
scheme=${RRP_SCHEME:-newmark}
echo "== torus impact, scheme $scheme, h = ${RRP_DT:-0.001}, t = ${RRP_TEND:-35} (progress in %)"
"$lmp" -in "$top/examples/torus/in.torus" -log log.lammps -echo none \
  -var plugin "$build/plugin/rrpplugin.so" -var scheme "$scheme" -var dt "${RRP_DT:-0.001}" \
  -var tend "${RRP_TEND:-35}" -var every 10 -var out torus.dat -var dump torus.dump \
  -var dumpevery 500 | awk '/^ +Step/ {on = 1} on && NF == 0 {on = 0} on'
/usr/bin/python3 "$top/scripts/plot_torus.py" "$out"

# ---- 2. the composite: pack, save, read back, compress until it fails, plot
out_c=${RRP_OUT_COMPOSITE:-$top/out/composite}
np=${RRP_NP:-1}
run_lmp=("$lmp")
[ "$np" -gt 1 ] && run_lmp=(mpirun --allow-run-as-root --oversubscribe -np "$np" "$lmp")
mkdir -p "$out_c"
cd "$out_c"
n=${RRP_COMPOSITE_N:-3000}
echo "== composite: packing $n spheres with binders (examples/composite/in.pack, $np rank(s))"
"${run_lmp[@]}" -in "$top/examples/composite/in.pack" -log log.pack -echo none -screen none \
  -var plugin "$build/plugin/rrpplugin.so" -var n "$n" -var data data.composite
grep '^PACK' log.pack
echo "== composite: uniaxial compression until failure (examples/composite/in.compress)"
"${run_lmp[@]}" -in "$top/examples/composite/in.compress" -log log.compress -echo none \
  -var plugin "$build/plugin/rrpplugin.so" -var data data.composite | grep -E '^(compression|COMPRESS)'
/usr/bin/python3 "$top/scripts/plot_composite.py" "$out_c"
