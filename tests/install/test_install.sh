#!/usr/bin/env bash
# The core as a library: `cmake --install` into a temporary prefix, then the standalone example
# examples/core-c built against that prefix from a clean directory, once with CMake
# (find_package(rrp), target rrp::core) and once with pkg-config (rrp.pc); both run and must
# report the pendulum's invariants. Arguments: the build tree, the source tree.
set -uo pipefail
build=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() {   # name, condition (a command), detail
  if eval "$2"; then passed=$((passed + 1)); echo "PASS $1: $3"; else failed=$((failed + 1)); echo "FAIL $1: $3"; fi
}
# the invariants printed by the example: energy drift O(h^2), the two exact invariants to round-off
invariants_ok() {
  awk '/max \|E - E0\|/ {e = $NF} /R rho0 \. Omega/ {d = $NF} /\|R rho0\| - 1/ {l = $NF}
       END {exit !(e != "" && e + 0 < 1e-3 && e + 0 > 0 && d + 0 < 1e-13 && l + 0 < 1e-14)}' "$1"
}

prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" > "$work/install.log" 2>&1
check "cmake --install puts the library, headers, CMake package and pkg-config file in the prefix" \
  "[ -f '$prefix/lib/librrp.a' ] && [ -e '$prefix/lib/librrp.so' ] && [ -f '$prefix/include/rrp/integrator.h' ] && [ -f '$prefix/lib/cmake/rrp/rrpConfig.cmake' ] && [ -f '$prefix/lib/pkgconfig/rrp.pc' ]" \
  "$(cd "$prefix" && find . -name 'librrp*' -o -name 'rrpConfig.cmake' -o -name rrp.pc | sort | tr '\n' ' ')"

# CMake: find_package(rrp) from a clean build directory, only the prefix known
cmake -S "$src/examples/core-c" -B "$work/cmake" -D CMAKE_PREFIX_PATH="$prefix" > "$work/cmake.log" 2>&1 &&
  cmake --build "$work/cmake" >> "$work/cmake.log" 2>&1 &&
  "$work/cmake/pendulum" exact 0.01 10000 > "$work/cmake.out" 2>&1
check "find_package(rrp): the example builds against the installed core and runs" \
  "invariants_ok '$work/cmake.out'" "$(tr '\n' ';' < "$work/cmake.out")"
check "it links the installed shared library rrp::core" \
  "ldd '$work/cmake/pendulum' > '$work/cmake/ldd.out' && grep -q '$prefix/lib/librrp.so' '$work/cmake/ldd.out'" "$(ldd "$work/cmake/pendulum" | grep rrp)"

# pkg-config
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
mkdir -p "$work/pc"
cc -std=c11 -Wall -Wextra -Werror "$src/examples/core-c/pendulum.c" $(pkg-config --cflags --libs rrp) -lm \
  -Wl,-rpath,"$prefix/lib" -o "$work/pc/pendulum" > "$work/pc.log" 2>&1 &&
  "$work/pc/pendulum" newmark 0.01 10000 > "$work/pc.out" 2>&1
check "pkg-config rrp: the example builds against the installed core and runs" \
  "invariants_ok '$work/pc.out'" "$(pkg-config --cflags --libs rrp); $(tr '\n' ';' < "$work/pc.out")"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
