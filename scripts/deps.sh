#!/usr/bin/env bash
# Install with apt-get the Debian packages rrp-lammps needs, only those that are missing.
# Idempotent; does nothing when everything is present. Run as root (or with sudo available).
set -euo pipefail

pkgs=(cmake make g++ gcc libopenmpi-dev openmpi-bin libcmocka-dev python3 python3-numpy
      python3-matplotlib xz-utils curl ca-certificates pkgconf googletest libyaml-dev
      python3-venv python3-pip python3-setuptools ccache gdb python3-sphinx)

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "rrp-lammps: installing missing packages: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
