#!/usr/bin/env bash
# The KOKKOS twins on an NVIDIA GPU: builds Kokkos 4.5.01 and LAMMPS with KOKKOS on the CUDA
# backend (scripts/lammps-kokkos.sh with RRP_KOKKOS_BACKEND=cuda, into $RRP_LAMMPS_CACHE/kokkos-cuda),
# rrpkkplugin.so against it (in build-cuda/, or $RRP_BUILD_DIR), and, where a GPU answers
# (nvidia-smi), runs the KOKKOS tests on it (tests/lammps/test_kokkos.py with -k on g 1).
#
#   RRP_KOKKOS_SOURCE=/path/to/kokkos-4.5.01.tar.gz RRP_KOKKOS_CUDA_ARCH=AMPERE80 scripts/kokkos-cuda.sh
#
# Needs nvcc on PATH (CUDA 11.0 to 12.x: Kokkos 4.5.01 does not compile with CUDA 13) and
# RRP_KOKKOS_SOURCE (or a LAMMPS source tree with lib/kokkos, see scripts/lammps-kokkos.sh).
# Without a GPU it stops after the build: a compile check.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/paths.sh"
build=${RRP_BUILD_DIR:-$top/build-cuda}
log() { echo "rrp-lammps: $*" >&2; }

command -v nvcc > /dev/null || { log "ERROR: no nvcc on PATH (add the CUDA toolkit's bin folder)"; exit 1; }
if [ -z "${RRP_KOKKOS_SOURCE:-}" ] && [ ! -f "$RRP_LAMMPS_CACHE/src/lib/kokkos/CMakeLists.txt" ]; then
  log "ERROR: set RRP_KOKKOS_SOURCE to a Kokkos 4.5.01 source tree or .tar.gz"
  exit 1
fi
bash "$top/scripts/deps.sh"
# the core's inline kernels compile for the GPU (seconds, before the long builds)
sm=$(echo "${RRP_KOKKOS_CUDA_ARCH:-AMPERE80}" | sed 's/[^0-9]//g')
mkdir -p "$build"
nvcc -std=c++17 -arch="sm_$sm" -I "$top/core/include" -c "$top/tests/kokkos/device_kernels.cu" \
  -o "$build/device_kernels.o" || { log "ERROR: the core's kernels do not compile for sm_$sm"; exit 1; }
log "the core's kernels compile for sm_$sm"
RRP_KOKKOS_BACKEND=cuda bash "$top/scripts/lammps-kokkos.sh"
rrp_kokkos_ready cuda || { log "ERROR: the CUDA LAMMPS was not built"; exit 1; }
kk=$(rrp_kokkos_dir cuda)

# the plugin, its sources compiled by Kokkos's nvcc_wrapper as LAMMPS's were
log "building rrpkkplugin.so for CUDA in $build"
cmake -S "$top" -B "$build" -D CMAKE_BUILD_TYPE=Release -D LAMMPS_SOURCE_DIR="$RRP_LAMMPS_CACHE/src" \
  -D CMAKE_CXX_COMPILER="$kk/kokkos-prefix/bin/nvcc_wrapper" -D RRP_KOKKOS_PREFIX="$kk/kokkos-prefix" \
  -D LAMMPS_BINARY="$rrp_lmp" -D LAMMPS_KOKKOS_BINARY="$kk/prefix/bin/lmp" -D RRP_KOKKOS_DEVICE=gpu \
  > "$build.configure.log" 2>&1 || { cat "$build.configure.log" >&2; exit 1; }
cmake --build "$build" -j "${RRP_JOBS:-$(nproc)}" --target rrpkkplugin

if ! nvidia-smi -L > /dev/null 2>&1; then
  log "no GPU answers (nvidia-smi -L): built, not run"
  exit 0
fi
(cd "$build" && ctest --output-on-failure -R 'lammps\.kokkos$')
