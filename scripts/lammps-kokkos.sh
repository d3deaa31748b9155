#!/usr/bin/env bash
# Build a KOKKOS-enabled LAMMPS 4Feb2025 beside the plain one of scripts/lammps.sh, from the same
# cached source tree, into $RRP_LAMMPS_CACHE/kokkos (RRP_KOKKOS_BACKEND=cuda: kokkos-cuda):
#   kokkos-prefix/  Kokkos 4.5.01 (OpenMP and Serial backends, or CUDA and Serial; shared
#                   libraries; with Kokkos's DualView modify check: a kernel that writes a view
#                   without marking it modified, or marks both sides, stops the run with a Kokkos
#                   error)
#   prefix/         lmp and liblammps.so with the KOKKOS package, the packages of
#                   scripts/lammps.sh, PLUGIN, shared libraries and MPI
# RRP_KOKKOS_BACKEND: openmp (default) or cuda, for a machine with an NVIDIA GPU and a CUDA
# toolkit that Kokkos 4.5.01 accepts (11.0 to 12.x: CUDA 13 changed runtime calls Kokkos 4.5.01
# makes); RRP_KOKKOS_CUDA_ARCH: Kokkos's name of the GPU architecture (default AMPERE80; VOLTA70,
# TURING75, AMPERE86, ADA89, HOPPER90, ...). scripts/kokkos-cuda.sh drives the CUDA build.
# The Debian source of LAMMPS has no lib/kokkos. The Kokkos source is, in this order:
#   $RRP_KOKKOS_SOURCE   a Kokkos 4.5.01 source tree or its .tar.gz
#   lib/kokkos           of the LAMMPS source tree (upstream LAMMPS tarballs ship it)
# Without either it prints one line and exits 0 without building: callers check
# "$RRP_LAMMPS_CACHE/kokkos/.complete" (rrp_kokkos_ready in paths.sh).
# Reused when present (a stamp names the configuration). About 20 minutes on 2 cores.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/paths.sh"
JOBS=${RRP_JOBS:-$(nproc)}
BACKEND=${RRP_KOKKOS_BACKEND:-openmp}
KK=$(rrp_kokkos_dir "$BACKEND")
log() { echo "rrp-lammps: $*" >&2; }

bash "$top/scripts/lammps.sh"
SRC=$RRP_LAMMPS_CACHE/src

source=""
if [ -n "${RRP_KOKKOS_SOURCE:-}" ]; then
  source=$RRP_KOKKOS_SOURCE
  [ -e "$source" ] || { log "ERROR: RRP_KOKKOS_SOURCE=$source does not exist"; exit 1; }
elif [ -f "$SRC/lib/kokkos/CMakeLists.txt" ]; then
  source=$SRC/lib/kokkos
else
  log "no Kokkos source (set RRP_KOKKOS_SOURCE to a Kokkos 4.5.01 tree or .tar.gz): the KOKKOS LAMMPS is not built, its tests are skipped"
  exit 0
fi
if [ -f "$source" ]; then
  key="tarball $(sha256sum "$source" | cut -d' ' -f1)"
else
  key="tree $(cd "$source" && pwd)"
fi

KOKKOS_OPTS=(-D CMAKE_BUILD_TYPE=Release -D CMAKE_CXX_STANDARD=17 -D BUILD_SHARED_LIBS=on
  -D Kokkos_ENABLE_SERIAL=on -D Kokkos_ENABLE_DEBUG_DUALVIEW_MODIFY_CHECK=on)
LAMMPS_OPTS=(-D CMAKE_BUILD_TYPE=Release -D BUILD_SHARED_LIBS=on -D BUILD_MPI=on
  -D LAMMPS_SIZES=smallbig -D PKG_PLUGIN=on -D PKG_KOKKOS=on -D EXTERNAL_KOKKOS=on
  -D Kokkos_ENABLE_SERIAL=on "${RRP_LAMMPS_PACKAGES[@]}" "${RRP_LAMMPS_EXTRAS_OFF[@]}")
case $BACKEND in
  openmp)
    KOKKOS_OPTS+=(-D Kokkos_ENABLE_OPENMP=on)
    LAMMPS_OPTS+=(-D BUILD_OMP=on -D Kokkos_ENABLE_OPENMP=on) ;;
  cuda)
    arch=${RRP_KOKKOS_CUDA_ARCH:-AMPERE80}
    command -v nvcc > /dev/null || { log "ERROR: RRP_KOKKOS_BACKEND=cuda needs nvcc on PATH"; exit 1; }
    # Kokkos compiles through its nvcc_wrapper (installed into kokkos-prefix/bin); the copy that
    # configures Kokkos defaults to the architecture asked for (4.5.01's default, sm_70, is gone
    # from CUDA 13)
    wrapper=$KK/nvcc_wrapper
    KOKKOS_OPTS+=(-D Kokkos_ENABLE_CUDA=on -D "Kokkos_ARCH_$arch=on" -D CMAKE_CXX_COMPILER="$wrapper")
    LAMMPS_OPTS+=(-D BUILD_OMP=off -D Kokkos_ENABLE_CUDA=on -D "Kokkos_ARCH_$arch=on"
      -D CMAKE_CXX_COMPILER="$KK/kokkos-prefix/bin/nvcc_wrapper") ;;
  *) log "ERROR: RRP_KOKKOS_BACKEND=$BACKEND: use openmp or cuda"; exit 1 ;;
esac
STAMP_TEXT="$key $(cat "$RRP_LAMMPS_CACHE/.complete") ${KOKKOS_OPTS[*]} ${LAMMPS_OPTS[*]}"
STAMP=$KK/.complete
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$STAMP_TEXT" ] && [ -x "$KK/prefix/bin/lmp" ]; then
  exit 0
fi
rm -f "$STAMP"
mkdir -p "$KK"

# Kokkos: unpacked from the tarball (its top folder, whatever its name), or the tree as it is
if [ -f "$source" ]; then
  rm -rf "$KK/kokkos-src"
  mkdir -p "$KK/kokkos-src"
  tar xzf "$source" -C "$KK/kokkos-src" --strip-components=1
  ksrc=$KK/kokkos-src
else
  ksrc=$source
fi
grep -q 'Kokkos_VERSION_MAJOR 4' "$ksrc/CMakeLists.txt" ||
  log "WARNING: $ksrc is not Kokkos 4.x; LAMMPS 4Feb2025 expects Kokkos 4.5.01"
if [ "$BACKEND" = cuda ]; then
  sm=$(echo "$arch" | sed 's/[^0-9]//g')
  sed "s/^default_arch=.*/default_arch=\"sm_$sm\"/" "$ksrc/bin/nvcc_wrapper" > "$wrapper"
  chmod +x "$wrapper"
fi
log "building Kokkos ($BACKEND and Serial) with $JOBS jobs (about 3 minutes on 2 cores for OpenMP)"
rm -rf "$KK/kokkos-build" "$KK/kokkos-prefix"
cmake -S "$ksrc" -B "$KK/kokkos-build" -D CMAKE_INSTALL_PREFIX="$KK/kokkos-prefix" \
  -D CMAKE_INSTALL_LIBDIR=lib "${KOKKOS_OPTS[@]}" "${RRP_LAUNCHER[@]}" > "$KK/kokkos.log" 2>&1 ||
  { tail -n 40 "$KK/kokkos.log" >&2; exit 1; }
cmake --build "$KK/kokkos-build" -j "$JOBS" >> "$KK/kokkos.log" 2>&1 || { tail -n 40 "$KK/kokkos.log" >&2; exit 1; }
cmake --install "$KK/kokkos-build" >> "$KK/kokkos.log" 2>&1 || { tail -n 40 "$KK/kokkos.log" >&2; exit 1; }

log "building LAMMPS with KOKKOS ($BACKEND) with $JOBS jobs (about 15 minutes on 2 cores for OpenMP)"
rm -rf "$KK/build" "$KK/prefix"
cmake -S "$SRC/cmake" -B "$KK/build" -D CMAKE_INSTALL_PREFIX="$KK/prefix" \
  -D CMAKE_PREFIX_PATH="$KK/kokkos-prefix" -D CMAKE_INSTALL_RPATH="$KK/prefix/lib;$KK/kokkos-prefix/lib" \
  "${LAMMPS_OPTS[@]}" "${RRP_LAUNCHER[@]}" -D ENABLE_TESTING=off > "$KK/build.log" 2>&1 ||
  { tail -n 40 "$KK/build.log" >&2; exit 1; }
cmake --build "$KK/build" -j "$JOBS" >> "$KK/build.log" 2>&1 || { tail -n 40 "$KK/build.log" >&2; exit 1; }
cmake --install "$KK/build" >> "$KK/build.log" 2>&1 || { tail -n 40 "$KK/build.log" >&2; exit 1; }
help=$("$KK/prefix/bin/lmp" -h 2>/dev/null || true)
grep -q ' KOKKOS ' <<< "$help" && grep -q ' PLUGIN ' <<< "$help" ||
  { log "ERROR: the KOKKOS lmp does not run or lacks the KOKKOS or PLUGIN package"; exit 1; }
echo "$STAMP_TEXT" > "$STAMP"
log "LAMMPS with KOKKOS installed into $KK/prefix"
