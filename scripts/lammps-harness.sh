#!/usr/bin/env bash
# Build LAMMPS's own force-style test programs (unittest/force-styles: test_bond_style,
# test_pair_style, test_fix_timestep) in the cached LAMMPS build of scripts/lammps.sh, against
# the googletest sources of Debian's googletest package (/usr/src/googletest) and Debian's
# libyaml (libyaml-dev): nothing is downloaded. Idempotent: done once per LAMMPS build.
# The YAML files that drive them are ours, in tests/yaml (tests/lammps/test_yaml.py runs them).
set -euo pipefail
. "$(dirname "$0")/paths.sh"
CACHE=$RRP_LAMMPS_CACHE
JOBS=${RRP_JOBS:-$(nproc)}
progs=(test_bond_style test_pair_style test_fix_timestep)

log() { echo "rrp-lammps: $*" >&2; }

built=1
for p in "${progs[@]}"; do
  [ -x "$CACHE/build/$p" ] && [ "$CACHE/build/$p" -nt "$CACHE/.complete" ] || built=0
done
[ $built = 1 ] && exit 0

gt=/usr/src/googletest
[ -f "$gt/googletest/CMakeLists.txt" ] ||
  { log "ERROR: $gt has no googletest sources: install Debian's googletest (scripts/deps.sh)"; exit 1; }
# LAMMPS unpacks googletest from a tarball whose MD5 it checks: make one of Debian's sources,
# with the top folder LAMMPS expects, and give LAMMPS its file URL and MD5
mkdir -p "$CACHE/harness"
tarball=$CACHE/harness/release-1.12.1.tar.gz
if [ ! -f "$tarball" ]; then
  tmp=$(mktemp -d)
  cp -r "$gt" "$tmp/googletest-release-1.12.1"
  tar czf "$tarball" -C "$tmp" googletest-release-1.12.1
  rm -rf "$tmp"
fi
md5=$(md5sum "$tarball" | cut -d' ' -f1)
log "building LAMMPS's force-style test programs (about 1 minute)"
cmake -S "$CACHE/src/cmake" -B "$CACHE/build" -D ENABLE_TESTING=on -D GTEST_URL="file://$tarball" \
  -D GTEST_MD5="$md5" > "$CACHE/harness/configure.log" 2>&1 ||
  { tail -n 40 "$CACHE/harness/configure.log" >&2; exit 1; }
cmake --build "$CACHE/build" -j "$JOBS" --target "${progs[@]}" > "$CACHE/harness/build.log" 2>&1 ||
  { tail -n 40 "$CACHE/harness/build.log" >&2; exit 1; }
for p in "${progs[@]}"; do touch "$CACHE/build/$p"; done
