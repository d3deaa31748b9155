# Sourced by the shell scripts: where the bootstrapped LAMMPS lives (one definition).
#   RRP_LAMMPS_CACHE  cache directory of scripts/lammps.sh (default ~/.cache/rrp-lammps/lammps-20250204)
#   rrp_lmp           the lmp executable to run: $RRP_LAMMPS_BINARY or the cached one
RRP_LAMMPS_CACHE=${RRP_LAMMPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rrp-lammps/lammps-20250204}
rrp_lmp=${RRP_LAMMPS_BINARY:-$RRP_LAMMPS_CACHE/prefix/bin/lmp}
# the build of LAMMPS with rrp-lammps built in (scripts/lammps-intree.sh), one per source tree
# (its include paths name the tree, so two trees would rebuild each other's)
rrp_intree_dir() { echo "$RRP_LAMMPS_CACHE/build-intree-$(echo "$1" | md5sum | cut -c1-8)"; }
