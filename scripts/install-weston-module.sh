#!/usr/bin/env bash
# Builds and installs kinetic-weston (clients/weston), the libweston 10 module, with meson (`make install` and
# `make deb` call it through scripts/install.sh, after libkinetic-client, which it links to).
#
# Environment: DESTDIR (staging root, default empty), PREFIX (where libkinetic-client was installed, default
# /usr/local). The module goes to Weston's module folder whatever the prefix — libweston-10's libdir/weston, from
# pkg-config, /usr/lib/<triplet>/weston on Debian — because Weston loads `--modules=kinetic-weston.so` from there
# only. A release build with Debian's hardening flags (scripts/hardening-flags.sh), in
# .build-weston/release, against the libkinetic-client under DESTDIR/PREFIX; the test window is not built.
set -euo pipefail
cd "$(dirname "$0")/.."
DESTDIR="${DESTDIR:-}"
PREFIX="${PREFIX:-/usr/local}"
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)"
pc="$DESTDIR$PREFIX/lib/$multiarch/pkgconfig/kinetic-client.pc"
[ -f "$pc" ] || { echo "install-weston-module: $pc is missing; install libkinetic-client first (scripts/install-c-client.sh)" >&2; exit 1; }
pkg-config --exists libweston-10 ||
  { echo "install-weston-module: libweston-10 not found by pkg-config; install libweston-10-dev (scripts/install-deps.sh weston)" >&2; exit 1; }
# The library as staged: its pkg-config file with the staging root in front of its prefix (Weston's own files stay
# where they are, so PKG_CONFIG_SYSROOT_DIR, which would move them too, does not fit).
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sed "s|^prefix=.*|prefix=$DESTDIR$PREFIX|" "$pc" > "$work/kinetic-client.pc"
build=.build-weston/release
mkdir -p .build-weston
exec 9> .build-weston/lock
flock 9
source scripts/hardening-flags.sh
options=(--prefix "$PREFIX" --buildtype plain -Dtests=false -Dc_args="$cflags" -Dc_link_args="$ldflags")
# A fresh configuration each time: the staged library's folder changes between runs.
rm -rf "$build"
PKG_CONFIG_PATH="$work${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" meson setup "$build" clients/weston "${options[@]}" >&2
meson compile -C "$build" >&2
DESTDIR="$DESTDIR" meson install -C "$build" --no-rebuild --quiet >&2
echo "install-weston-module: installed kinetic-weston.so into ${DESTDIR}$(pkg-config --variable=libdir libweston-10)/weston" >&2
