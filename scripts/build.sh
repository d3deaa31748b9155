#!/usr/bin/env bash
# Configure and build rrp-lammps (core, plugin, tests, rrp-integrate) in build/ (or $RRP_BUILD_DIR).
#
# LAMMPS: by default the PLUGIN-enabled LAMMPS 4Feb2025 that scripts/lammps.sh bootstraps into
# its cache. To use your own LAMMPS build instead, set
#   RRP_LAMMPS_SOURCE_DIR=/path/to/lammps   (the source tree it was built from; headers in src/)
#   RRP_LAMMPS_BINARY=/path/to/lmp          (its executable, for the integration tests)
#   RRP_LAMMPS_HARNESS_DIR=/path/to/build   (optional: where its unittest/force-styles programs
#                                            test_bond_style ... were built, for tests/yaml)
#   RRP_KOKKOS_PREFIX=/path/to/kokkos       (optional: the Kokkos installation of a LAMMPS built
#   RRP_LAMMPS_KOKKOS_BINARY=/path/to/lmp    with KOKKOS, and its lmp: rrpkkplugin.so, its tests)
# Extra CMake arguments may follow on the command line.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${RRP_BUILD_DIR:-$top/build}

if [ -z "${RRP_LAMMPS_SOURCE_DIR:-}" ]; then
  bash "$top/scripts/lammps.sh"
  bash "$top/scripts/lammps-harness.sh"
  . "$top/scripts/paths.sh"
  RRP_LAMMPS_SOURCE_DIR=$RRP_LAMMPS_CACHE/src
  RRP_LAMMPS_BINARY=$rrp_lmp
  RRP_LAMMPS_HARNESS_DIR=$RRP_LAMMPS_CACHE/build
  RRP_LMP_INTREE=$(rrp_intree_dir)/lmp
  # the KOKKOS LAMMPS, where scripts/lammps-kokkos.sh built it: rrpkkplugin.so and its tests
  if rrp_kokkos_ready; then
    RRP_KOKKOS_PREFIX=$(rrp_kokkos_dir)/kokkos-prefix
    RRP_LAMMPS_KOKKOS_BINARY=$(rrp_kokkos_dir)/prefix/bin/lmp
  fi
fi

cmake -S "$top" -B "$build" -D CMAKE_BUILD_TYPE=Release \
  -D LAMMPS_SOURCE_DIR="$RRP_LAMMPS_SOURCE_DIR" -D LAMMPS_BINARY="${RRP_LAMMPS_BINARY:-}" \
  -D LAMMPS_HARNESS_DIR="${RRP_LAMMPS_HARNESS_DIR:-}" -D LAMMPS_INTREE_BINARY="${RRP_LMP_INTREE:-}" \
  -D RRP_KOKKOS_PREFIX="${RRP_KOKKOS_PREFIX:-}" -D LAMMPS_KOKKOS_BINARY="${RRP_LAMMPS_KOKKOS_BINARY:-}" "$@" > "$build.configure.log" 2>&1 ||
  { cat "$build.configure.log" >&2; exit 1; }
cmake --build "$build" -j "${RRP_JOBS:-$(nproc)}"
