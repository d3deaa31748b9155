#!/usr/bin/env bash
# Obtain a PLUGIN-enabled LAMMPS 4Feb2025, reproducibly, into a cache outside the work tree.
#
# Source: the Debian archive's orig tarball of the `lammps` source package 20250204+dfsg.1
# (Debian 13), fetched through this machine's configured apt mirror (read from the apt sources),
# checked against a pinned sha256. Built with PLUGIN MOLECULE GRANULAR BPM EXTRA-FIX ASPHERE MC RIGID DIPOLE, shared
# library, MPI; installed into $RRP_LAMMPS_CACHE (default ~/.cache/rrp-lammps/lammps-20250204).
# Reused when present: a finished build leaves a stamp file naming its configuration.
#
# Prints nothing but progress on stderr; on success the cache directory holds
#   src/     the LAMMPS source tree (headers for the plugin, python/ for the Python module)
#   prefix/  the installed lmp binary and liblammps.so
set -euo pipefail

VERSION=20250204+dfsg.1
TARBALL=lammps_${VERSION}.orig.tar.xz
SHA256=3671165bd52fad36734e0a9136c5bc5ecb225e03988f8c89aa13366a8b53b1c7
TOPDIR=lammps-4Feb2025
. "$(dirname "$0")/paths.sh"
CACHE=$RRP_LAMMPS_CACHE
JOBS=${RRP_JOBS:-$(nproc)}

CMAKE_OPTS=(-D CMAKE_BUILD_TYPE=Release -D BUILD_SHARED_LIBS=on -D BUILD_MPI=on -D BUILD_OMP=off
  -D LAMMPS_SIZES=smallbig -D PKG_PLUGIN=on "${RRP_LAMMPS_PACKAGES[@]}" "${RRP_LAMMPS_EXTRAS_OFF[@]}")
STAMP_TEXT="$SHA256 rpath ${CMAKE_OPTS[*]}"
STAMP=$CACHE/.complete

log() { echo "rrp-lammps: $*" >&2; }

if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$STAMP_TEXT" ] && [ -x "$CACHE/prefix/bin/lmp" ]; then
  exit 0
fi

# The mirror the machine's apt is configured with: the first Debian archive (not -security,
# not -updates) among apt's index targets; the source pool is shared by all suites.
mirror=""
if command -v apt-get >/dev/null; then
  mirror=$(apt-get indextargets --format '$(REPO_URI) $(CODENAME)' 2>/dev/null |
    awk '$2 !~ /-(security|updates|backports)$/ {print $1; exit}')
  if [ -z "$mirror" ]; then   # no index yet: read the sources files directly
    mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
      awk '$1 == "deb" && $3 !~ /-(security|updates)/ {for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) {print $i; exit}}')
  fi
  if [ -z "$mirror" ]; then
    mirror=$(grep -h '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null |
      awk '$2 !~ /security/ {print $2; exit}')
  fi
fi
[ -n "$mirror" ] || { log "ERROR: cannot read a Debian mirror from the apt sources"; exit 1; }
mirror=${mirror%/}

mkdir -p "$CACHE"
cd "$CACHE"
if [ ! -f "$TARBALL" ] || ! echo "$SHA256  $TARBALL" | sha256sum -c --status; then
  log "fetching $TARBALL from the apt mirror"
  curl -sSfL -o "$TARBALL.part" "$mirror/pool/main/l/lammps/$TARBALL"
  mv "$TARBALL.part" "$TARBALL"
fi
if ! echo "$SHA256  $TARBALL" | sha256sum -c --status; then
  log "ERROR: checksum mismatch for $TARBALL (expected $SHA256)"
  rm -f "$TARBALL"
  exit 1
fi
log "checksum verified: $SHA256"

rm -f "$STAMP"
if [ ! -f src/.rrp-sha256 ] || [ "$(cat src/.rrp-sha256)" != "$SHA256" ]; then
  rm -rf src build prefix
  log "unpacking"
  tar xJf "$TARBALL"
  mv "$TOPDIR" src
  echo "$SHA256" > src/.rrp-sha256
fi
rm -rf prefix

log "configuring and building LAMMPS with $JOBS jobs (about 5 minutes on 2 cores)"
# (ENABLE_TESTING off: LAMMPS's own test programs, which scripts/lammps-harness.sh builds
# afterwards in this build, would otherwise all be built here)
cmake -S src/cmake -B build -D CMAKE_INSTALL_PREFIX="$CACHE/prefix" \
  -D CMAKE_INSTALL_RPATH="$CACHE/prefix/lib" "${CMAKE_OPTS[@]}" "${RRP_LAUNCHER[@]}" -D ENABLE_TESTING=off \
  > build.log 2>&1 || { tail -n 40 build.log >&2; exit 1; }
cmake --build build -j "$JOBS" >> build.log 2>&1 || { tail -n 40 build.log >&2; exit 1; }
cmake --install build >> build.log 2>&1 || { tail -n 40 build.log >&2; exit 1; }
# (the help text is read whole first: grep -q stopping early would fail the pipe under pipefail)
help=$(prefix/bin/lmp -h 2>/dev/null || true)
grep -q '^PLUGIN\b\| PLUGIN ' <<< "$help" ||
  { log "ERROR: the lmp binary does not run or lacks the PLUGIN package"; exit 1; }
echo "$STAMP_TEXT" > "$STAMP"
log "LAMMPS installed into $CACHE/prefix"
