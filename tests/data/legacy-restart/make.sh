#!/usr/bin/env bash
# Rebuild the version 1 restart files with the plugin of commit cafb441 (run from this folder).
set -euo pipefail
top=$(git rev-parse --show-toplevel)
. "$top/scripts/paths.sh"
old=$(mktemp -d)
git -C "$top" worktree add -f "$old/src" cafb441
cmake -S "$old/src" -B "$old/build" -D CMAKE_BUILD_TYPE=Release \
  -D LAMMPS_SOURCE_DIR="$RRP_LAMMPS_CACHE/src" -D LAMMPS_BINARY="$rrp_lmp" > /dev/null
cmake --build "$old/build" --target rrpplugin -j "$(nproc)" > /dev/null
for style in sphere bpm/sphere; do
  "$rrp_lmp" -in "$top/tests/lammps/granular.in" -log none -echo none -screen none \
    -var plugin "$old/build/plugin/rrpplugin.so" -var nsteps 100 -var mode write -var box 4 \
    -var style "$style" -var restart "v1-${style//\//-}.restart" -var dump "$old/continuous.dump"
done
"$rrp_lmp" -in binder.in -log none -echo none -screen none \
  -var plugin "$old/build/plugin/rrpplugin.so" -var restart v1-binder.restart
rm -f initial.dump
git -C "$top" worktree remove --force "$old/src"
rm -rf "$old"
