#!/usr/bin/env bash
# Command B: every test. Installs what is missing (apt-get), bootstraps LAMMPS if not cached,
# builds with warnings as errors, runs the cmocka core tests and the LAMMPS integration tests
# (ctest), then the core tests again under AddressSanitizer + UBSan. Idempotent.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)

bash "$top/scripts/deps.sh"
# the LAMMPS built with KOKKOS, for rrpkkplugin.so and its tests, where a Kokkos source is given
# (RRP_KOKKOS_SOURCE; else one line says that they are skipped)
if [ -z "${RRP_LAMMPS_SOURCE_DIR:-}" ]; then
  bash "$top/scripts/lammps-kokkos.sh"
fi
bash "$top/scripts/build.sh" -D RRP_WERROR=ON
# rrp-lammps built into a static lmp (tests/lammps/test_intree.py), unless an own LAMMPS is used
if [ -z "${RRP_LAMMPS_SOURCE_DIR:-}" ]; then
  echo "== LAMMPS with rrp-lammps built in (scripts/lammps-intree.sh)"
  bash "$top/scripts/lammps-intree.sh" > /dev/null
fi

echo "== ctest: core (cmocka) and LAMMPS integration tests"
(cd "${RRP_BUILD_DIR:-$top/build}" && ctest --output-on-failure -j "${RRP_JOBS:-$(nproc)}")

echo "== ctest: core tests under AddressSanitizer + UBSan"
asan=${RRP_BUILD_DIR:-$top/build}-asan
cmake -S "$top" -B "$asan" -D CMAKE_BUILD_TYPE=Debug -D RRP_BUILD_PLUGIN=OFF -D RRP_SANITIZE=ON \
  -D RRP_WERROR=ON > "$asan.configure.log" 2>&1 || { cat "$asan.configure.log" >&2; exit 1; }
cmake --build "$asan" -j "${RRP_JOBS:-$(nproc)}" > "$asan.build.log" 2>&1 || { cat "$asan.build.log" >&2; exit 1; }
(cd "$asan" && ctest --output-on-failure)
