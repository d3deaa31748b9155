# Sourced by the shell scripts: where the bootstrapped LAMMPS lives (one definition).
#   RRP_LAMMPS_CACHE  cache directory of scripts/lammps.sh (default ~/.cache/rrp-lammps/lammps-20250204)
#   rrp_lmp           the lmp executable to run: $RRP_LAMMPS_BINARY or the cached one
RRP_LAMMPS_CACHE=${RRP_LAMMPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rrp-lammps/lammps-20250204}
rrp_lmp=${RRP_LAMMPS_BINARY:-$RRP_LAMMPS_CACHE/prefix/bin/lmp}
# LAMMPS's packages and options, shared by the plugin's LAMMPS (scripts/lammps.sh, which adds
# PLUGIN and the shared library) and the static one with rrp-lammps built in (lammps-intree.sh)
RRP_LAMMPS_PACKAGES=(-D PKG_MOLECULE=on -D PKG_GRANULAR=on -D PKG_BPM=on -D PKG_ASPHERE=on -D PKG_MC=on
  -D PKG_RIGID=on -D PKG_DIPOLE=on -D PKG_EXTRA-FIX=on)
RRP_LAMMPS_EXTRAS_OFF=(-D WITH_JPEG=off -D WITH_PNG=off -D WITH_FFMPEG=off -D WITH_CURL=off
  -D DOWNLOAD_POTENTIALS=off -D BUILD_TOOLS=off -D BUILD_LAMMPS_GUI=off)
# the build of LAMMPS with rrp-lammps built in (scripts/lammps-intree.sh): one, from a snapshot of
# the sources in the cache that any clone shares (a file is copied where its content differs)
rrp_intree_dir() { echo "$RRP_LAMMPS_CACHE/build-intree"; }
# the compilers run through ccache where it is installed (scripts/deps.sh installs it), with its
# cache beside LAMMPS's: the static lmp with rrp-lammps built in then takes every object whose
# preprocessed source is the plugin LAMMPS's from that build, instead of compiling LAMMPS again
export CCACHE_DIR=${CCACHE_DIR:-$RRP_LAMMPS_CACHE/ccache}
RRP_LAUNCHER=()
if command -v ccache > /dev/null; then
  RRP_LAUNCHER=(-D CMAKE_C_COMPILER_LAUNCHER=ccache -D CMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
# the KOKKOS-enabled LAMMPS of scripts/lammps-kokkos.sh (built only where a Kokkos source is given)
# (backend openmp, the default: kokkos/; cuda: kokkos-cuda/)
rrp_kokkos_dir() { if [ "${1:-openmp}" = openmp ]; then echo "$RRP_LAMMPS_CACHE/kokkos"; else echo "$RRP_LAMMPS_CACHE/kokkos-$1"; fi; }
rrp_kokkos_ready() { [ -f "$(rrp_kokkos_dir "$@")/.complete" ] && [ -x "$(rrp_kokkos_dir "$@")/prefix/bin/lmp" ]; }
