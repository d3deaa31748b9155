#!/usr/bin/env bash
# The 3D pendulum job (the paper's 3D pendulum, doc/install.rst). Installs what is missing, bootstraps LAMMPS if not cached, builds,
# then runs the 3D pendulum of Baker & Gonzalez (2021) with LAMMPS and the plugin for each
# scheme (examples/pendulum/in.pendulum) and plots energy and invariants. Idempotent.
# Output in out/pendulum/ (or $RRP_OUT): pendulum-SCHEME.dat, pendulum.png, summary.txt.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${RRP_BUILD_DIR:-$top/build}
out=${RRP_OUT:-$top/out/pendulum}

bash "$top/scripts/deps.sh"
bash "$top/scripts/build.sh"
. "$top/scripts/paths.sh"
lmp=$rrp_lmp

mkdir -p "$out"
for scheme in exact newmark euler; do
  echo "== pendulum, scheme $scheme, h = 0.01, t = 100 (10,000 steps)"
  (cd "$out" && "$lmp" -in "$top/examples/pendulum/in.pendulum" -log "log.$scheme" -echo none \
     -var plugin "$build/plugin/rrpplugin.so" -var scheme "$scheme" -var dt 0.01 -var tend 100 \
     -var every 10 -var out "pendulum-$scheme.dat" | grep -E '^ +[0-9]+ ' )
done
/usr/bin/python3 "$top/scripts/plot_pendulum.py" "$out"
