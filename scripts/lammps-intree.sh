#!/usr/bin/env bash
# Build a static lmp with rrp-lammps compiled in (cmake/RRPInLAMMPS.cmake given to LAMMPS's own
# CMake), from the cached LAMMPS source tree of scripts/lammps.sh, in $RRP_LAMMPS_CACHE/build-intree:
# LAMMPS's packages as in scripts/lammps.sh but no PLUGIN and no shared library. The build reads
# rrp-lammps from a snapshot in the cache ($RRP_LAMMPS_CACHE/intree-src), which takes a file of
# this tree only where its content differs: any clone of the same sources reuses the whole build,
# and a change recompiles what it touches. Where ccache is installed, the first build compiles
# only what differs from the plugin LAMMPS's build (about 2 minutes on 2 cores; 6 without).
# Prints the lmp's path. tests/lammps/test_intree.py runs the pendulum and the torus with it.
# (Two trees building at the same time would take turns over the snapshot.)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/paths.sh"
CACHE=$RRP_LAMMPS_CACHE
JOBS=${RRP_JOBS:-$(nproc)}
build=$(rrp_intree_dir)
src=$RRP_LAMMPS_CACHE/intree-src
log() { echo "rrp-lammps: $*" >&2; }

# the snapshot: core/, plugin/ and cmake/ of this tree, a file copied only where it differs (so
# that unchanged files keep their times and make leaves their objects), files gone removed
mkdir -p "$src"
(cd "$top" && find core plugin cmake -type f | LC_ALL=C sort) > "$src.files"
while IFS= read -r f; do
  if ! cmp -s "$top/$f" "$src/$f"; then
    mkdir -p "$src/$(dirname "$f")"
    cp "$top/$f" "$src/$f"
  fi
done < "$src.files"
(cd "$src" && find core plugin cmake -type f | LC_ALL=C sort) | LC_ALL=C comm -23 - "$src.files" |
  while IFS= read -r f; do rm -f "$src/$f"; done

# builds of the earlier scheme, keyed by the source path
rm -rf "$CACHE"/build-intree-*

# configure at the first build, and again when the set of files changed (the styles and sources
# are found by globbing at configure time)
if [ ! -f "$build/CMakeCache.txt" ] || ! cmp -s "$src.files" "$build/rrp-files"; then
  log "configuring LAMMPS with rrp-lammps built in (the first build takes 2 to 6 minutes)"
  cmake -S "$CACHE/src/cmake" -B "$build" -D CMAKE_PROJECT_lammps_INCLUDE="$src/cmake/RRPInLAMMPS.cmake" \
    -D CMAKE_BUILD_TYPE=Release -D BUILD_SHARED_LIBS=off -D BUILD_MPI=on -D BUILD_OMP=off \
    -D LAMMPS_SIZES=smallbig "${RRP_LAMMPS_PACKAGES[@]}" "${RRP_LAMMPS_EXTRAS_OFF[@]}" \
    "${RRP_LAUNCHER[@]}" -D ENABLE_TESTING=off > "$build.configure.log" 2>&1 ||
    { tail -n 40 "$build.configure.log" >&2; exit 1; }
  cp "$src.files" "$build/rrp-files"
fi
cmake --build "$build" -j "$JOBS" > "$build.build.log" 2>&1 || { tail -n 40 "$build.build.log" >&2; exit 1; }
echo "$build/lmp"
