#!/usr/bin/env bash
# Command A: the main job. Installs what is missing, bootstraps LAMMPS if not cached, builds,
# then runs the impact of the particle-binder torus on a rigid wall of Baker & Gonzalez (2021)
# sec. 4.1 (examples/torus) with LAMMPS and the plugin: 80 particles, h = 1e-3, t = 35 (35,000
# steps, under a minute), and plots the energy of each term over time (Fig. 4) and snapshots of
# the deformed torus with the particles' orientations (Fig. 3). Idempotent.
# Output in out/torus/ (or $RRP_OUT): torus.dat, torus.dump, log.lammps, torus-energy.png,
# torus-snapshots.png, summary.txt. Set RRP_SCHEME (newmark | exact | euler), RRP_TEND, RRP_DT.
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
