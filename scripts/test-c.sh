#!/usr/bin/env bash
# `make test`'s lane for clients/c: libkinetic-client, its tests and its example built under AddressSanitizer and
# UndefinedBehaviorSanitizer (any report fails), run against the kineticd in BIN_DIR; the count of allocations while
# frames are read (none), from a build without the sanitizers, whose allocators it would displace; then the library
# installed into
# a staging prefix and the example built from the installed header and library through pkg-config, as a user would,
# and run against kineticd too.
# Usage: scripts/test-c.sh BIN_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
bin_dir=$(cd "$1" && pwd)
build=.build-test/c-sanitized
if [ -f "$build/build.ninja" ]; then
  meson setup --reconfigure "$build" clients/c -Db_sanitize=address,undefined -Db_lundef=false > /dev/null
else
  meson setup "$build" clients/c -Db_sanitize=address,undefined -Db_lundef=false > /dev/null
fi
ninja -C "$build" > /dev/null
export KINETICD="$bin_dir/kineticd" KINETICCTL="$bin_dir/kineticctl"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
log="$build/meson-test.out"
meson test -C "$build" --print-errorlogs --no-rebuild | tee "$log"
# A test skips itself (exit 77) only without a kineticd, which this lane always gives: a skip here is a failure.
if ! grep -Eq '^Skipped: +0 *$' "$log"; then echo "c: a test was skipped" >&2; exit 1; fi

plain=.build-test/c-plain
[ -f "$plain/build.ninja" ] || meson setup "$plain" clients/c > /dev/null
ninja -C "$plain" test-allocations > /dev/null
"$plain/test-allocations"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
PREFIX="$stage/usr" scripts/install-c-client.sh 2> "$stage/install.log" || { cat "$stage/install.log" >&2; exit 1; }
export PKG_CONFIG_PATH="$(dirname "$(find "$stage/usr" -name kinetic-client.pc)")"
flags="$(pkg-config --cflags --libs kinetic-client)"
libdir="$(pkg-config --variable=libdir kinetic-client)"
# shellcheck disable=SC2086 # the flags are words
cc -std=c11 -Wall -Werror clients/c/examples/compositor-loop.c $flags -Wl,-rpath,"$libdir" -o "$stage/compositor-loop"
"$build/test-example" "$stage/compositor-loop"
echo "c: the tests and the example passed under ASan and UBSan, frames read with no allocation; the example built from the installed library ($flags)"
