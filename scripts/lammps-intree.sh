#!/usr/bin/env bash
# Build a static lmp with rrp-lammps compiled in (cmake/RRPInLAMMPS.cmake given to LAMMPS's own
# CMake), from the cached LAMMPS source tree of scripts/lammps.sh, in $RRP_LAMMPS_CACHE/build-intree-<hash of the tree's path>:
# LAMMPS's packages as in scripts/lammps.sh but no PLUGIN and no shared library. The first build
# takes as long as LAMMPS's (about 6 minutes on 2 cores); later ones recompile what changed.
# Prints the lmp's path. tests/lammps/test_intree.py runs the pendulum and the torus with it.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/paths.sh"
CACHE=$RRP_LAMMPS_CACHE
JOBS=${RRP_JOBS:-$(nproc)}
build=$(rrp_intree_dir "$top")
log() { echo "rrp-lammps: $*" >&2; }

if [ ! -f "$build/CMakeCache.txt" ]; then
  log "configuring LAMMPS with rrp-lammps built in (the first build takes about 6 minutes)"
  cmake -S "$CACHE/src/cmake" -B "$build" -D CMAKE_PROJECT_lammps_INCLUDE="$top/cmake/RRPInLAMMPS.cmake" \
    -D CMAKE_BUILD_TYPE=Release -D BUILD_SHARED_LIBS=off -D BUILD_MPI=on -D BUILD_OMP=off \
    -D LAMMPS_SIZES=smallbig "${RRP_LAMMPS_PACKAGES[@]}" "${RRP_LAMMPS_EXTRAS_OFF[@]}" \
    -D ENABLE_TESTING=off > "$build.configure.log" 2>&1 ||
    { tail -n 40 "$build.configure.log" >&2; exit 1; }
fi
cmake --build "$build" -j "$JOBS" > "$build.build.log" 2>&1 || { tail -n 40 "$build.build.log" >&2; exit 1; }
echo "$build/lmp"
