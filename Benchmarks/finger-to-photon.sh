#!/usr/bin/env bash
# Finger-to-photon: motion-onset latency from a touchscreen's evdev timestamp to the page flip that shows the picture
# moved, through (a) kineticd and kinetic-weston (`follow=`) and (b) Weston's own touch path to a client, measured in
# the same run (Benchmarks/finger-to-photon/analyse.py says how). In the systemd VM (scripts/vm/run-systemd-tests.sh):
# Weston 10 on the DRM backend (pixman) on vkms's page flips, in a logind session; the packages as `make deb` builds
# them (release); a uinput touchscreen that libinput and libevdev both read. The guest runs under TCG, so the figures
# are TCG figures: they compare the two paths on one emulated machine, not what a real one gives.
#
#   Benchmarks/finger-to-photon.sh [ONSETS]      (default 120; the figures go to stdout, the guest's lines to stderr)
set -euo pipefail
cd "$(dirname "$0")/.."
onsets="${1:-120}"
bench="$(mktemp -d)"
trap 'rm -rf "$bench"' EXIT
here=Benchmarks/finger-to-photon
cp "$here"/{guest.sh,session.sh,analyse.py,weston.ini,kineticd.yaml} "$bench/"
python3 "$here/onsets.py" Recordings/drag-hold.evemu "$onsets" > "$bench/onsets.evemu"
cc -O2 -Wall -Wextra -Werror $(pkg-config --cflags libevdev) "$here/evdev-probe.c" $(pkg-config --libs libevdev) \
  -o "$bench/evdev-probe"
protocols="$(pkg-config --variable=pkgdatadir wayland-protocols)"
for protocol in stable/xdg-shell/xdg-shell stable/presentation-time/presentation-time; do
  name="$(basename "$protocol")"
  wayland-scanner client-header "$protocols/$protocol.xml" "$bench/$name-client-protocol.h"
  wayland-scanner private-code "$protocols/$protocol.xml" "$bench/$name-protocol.c"
done
cc -O2 -Wall -Wextra -Werror -I"$bench" "$here/touch-client.c" "$bench"/{xdg-shell,presentation-time}-protocol.c \
  $(pkg-config --cflags --libs wayland-client) -o "$bench/touch-client"
rm "$bench"/*.h "$bench"/*-protocol.c
KINETIC_VM_BENCH_DIR="$bench" KINETIC_VM_DEB_CONFIGURATION="${KINETIC_VM_DEB_CONFIGURATION:-release}" scripts/vm/run-systemd-tests.sh 2> "$bench.log" ||
  { cat "$bench.log" >&2; echo "finger-to-photon: the guest's run failed (its lines are above)" >&2; rm -f "$bench.log"; exit 1; }
grep 'vm-systemd: finger-to-photon' "$bench.log" | sed 's/^vm-systemd: //'
rm -f "$bench.log"
