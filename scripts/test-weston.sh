#!/usr/bin/env bash
# `make test`'s lane for clients/weston (kinetic-weston): the module built under AddressSanitizer and
# UndefinedBehaviorSanitizer against a staged libkinetic-client, then run in a real, headless Weston 10 beside the
# kineticd in BIN_DIR, with screenshots (clients/weston/tests/test-weston.py says what it checks).
# Usage: scripts/test-weston.sh BIN_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
bin_dir=$(cd "$1" && pwd)
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
PREFIX="$stage/usr" scripts/install-c-client.sh 2> "$stage/install.log" || { cat "$stage/install.log" >&2; exit 1; }
libdir="$(dirname "$(find "$stage/usr" -name kinetic-client.pc)")"
export PKG_CONFIG_PATH="$libdir"
build=.build-test/weston-sanitized
# A fresh setup each run: the staged library's folder changes.
rm -rf "$build"
meson setup "$build" clients/weston -Db_sanitize=address,undefined -Db_lundef=false > /dev/null
ninja -C "$build" > /dev/null
LD_LIBRARY_PATH="$(dirname "$libdir")" python3 clients/weston/tests/test-weston.py --bin "$bin_dir" --build "$build" --asan
