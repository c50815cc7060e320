#!/usr/bin/env bash
# Builds and installs libkinetic-client (clients/c) with meson: the shared library, its header and its pkg-config
# file (`make install` and `make deb` call it through scripts/install.sh).
#
# Environment: DESTDIR (staging root, default empty), PREFIX (default /usr/local). The build is a release build with
# Debian's hardening flags (dpkg-buildflags: fortified functions, stack protector, full RELRO and immediate binding),
# in .build-c/release; the library goes to meson's libdir for the prefix (lib/<multiarch triplet> on Debian).
set -euo pipefail
cd "$(dirname "$0")/.."
DESTDIR="${DESTDIR:-}"
PREFIX="${PREFIX:-/usr/local}"
build=.build-c/release
# One build folder, reconfigured for each prefix: `make test` installs the library three times at once (the install
# check, the package and the C lane, each into a prefix of its own), so they take turns, or one's reconfiguration
# would move another's files.
mkdir -p .build-c
exec 9> .build-c/lock
flock 9
source scripts/hardening-flags.sh
options=(--prefix "$PREFIX" --buildtype plain -Dc_args="$cflags" -Dc_link_args="$ldflags")
if [ -f "$build/build.ninja" ]; then
  meson setup --reconfigure "$build" clients/c "${options[@]}" >&2
else
  meson setup "$build" clients/c "${options[@]}" >&2
fi
meson compile -C "$build" kinetic-client >&2
# Only the library, its header and its pkg-config file: the tests and the example are not installed.
DESTDIR="$DESTDIR" meson install -C "$build" --no-rebuild --quiet >&2
echo "install-c-client: installed libkinetic-client into ${DESTDIR:-/}$PREFIX" >&2
