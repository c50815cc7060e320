#!/bin/bash
# The finger-to-photon benchmark inside the systemd guest (scripts/vm/run-systemd-tests.sh with KINETIC_VM_BENCH_DIR, from
# Benchmarks/finger-to-photon.sh; started by kinetic-vm-test.service as root): vkms lit by Weston on the DRM backend in
# alice's session (session.sh), kinetic-weston connected to the system kineticd (kineticd.yaml), touch-client
# fullscreen, then the onsets played through a uinput touchscreen that Weston (libinput) and kineticd (libevdev) both
# read, evdev-probe taking the kernel's timestamps. analyse.py gives the figures. Every line for the host starts with
# "vm-systemd:"; the last is "vm-systemd: N passed, M failed", then the guest powers off. Waits are for conditions,
# with generous bounds (TCG).
set -u
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
data=/opt/kinetic-test/bench
work=/run/kinetic-test
mkdir -p "$work"
source /opt/kinetic-test/guest-checks.sh
say() { echo "vm-systemd: finger-to-photon: $*"; }
finish() {
  echo "vm-systemd: $passed passed, $failed failed"
  systemctl poweroff --force --force
  exit 0
}
weston_log=/tmp/bench-weston.log
alice_uid="$(id -u alice)"

modprobe evdev
modprobe uinput
modprobe drm_kms_helper && modprobe drm_shmem_helper && insmod /opt/kinetic-test/vkms.ko
vkms_card() {
  local path
  for path in /sys/class/drm/card[0-9]*; do
    # vkms registers its own platform device, vkms, with no driver bound to it.
    grep -qs 'platform:vkms' "$path/device/uevent" && { basename "$path"; return 0; }
  done
  return 1
}
until_true 60 vkms_card
card="$(vkms_card)" || { fail "vkms gives a DRM card" "$(ls /sys/class/drm | tr "\n" " ")"; finish; }
install -m 0644 "$data/kineticd.yaml" /etc/kinetic/kineticd.yaml
systemctl stop kineticd.service 2>/dev/null
mkdir -p /run/kinetic-bench
echo "$card" > /run/kinetic-bench/go.tmp && mv /run/kinetic-bench/go.tmp /run/kinetic-bench/go
if until_true 300 grep -q 'kinetic-weston: connected to' "$weston_log"; then
  ok "Weston runs on vkms ($card, DRM backend, pixman) in alice's session, kinetic-weston connected to kineticd"
else
  fail "Weston on vkms with kinetic-weston connected" "$(tail -c 600 "$weston_log" 2>/dev/null | tr '\n' ' ')"
  journalctl -b -o cat --no-pager _UID="$alice_uid" | tail -n 20 | sed 's/^/vm-systemd: alice: /'
  finish
fi
grep -E "Loading module .*kinetic-weston|kinetic-weston:|DRM: head|Output .* enabled|launcher" "$weston_log" | sed 's/^/vm-systemd: weston: /'
# Weston's socket, in alice's runtime folder.
wayland_socket() { find "/run/user/$alice_uid" -maxdepth 1 -type s -name 'wayland-[0-9]*' -printf '%f\n' | head -1 | grep .; }
until_true 120 wayland_socket || { fail "Weston's Wayland socket" "$(ls -la "/run/user/$alice_uid" | tr '\n' ' ')"; finish; }
runuser -u alice -- env XDG_RUNTIME_DIR="/run/user/$alice_uid" WAYLAND_DISPLAY="$(wayland_socket)" "$data/touch-client" 1024 768 \
  > "$work/client.txt" 2> "$work/client.err" &
client=$!
until_true 120 grep -q '^mapped' "$work/client.txt" || { fail "touch-client maps" "$(cat "$work/client.err")"; finish; }
evemu-device "$data/onsets.evemu" > "$work/device.txt" 2>&1 &
device_holder=$!
until_true 60 grep -q '/dev/input/event' "$work/device.txt"
node="$(grep -o '/dev/input/event[0-9]*' "$work/device.txt" | head -1)"
"$data/evdev-probe" "$node" > "$work/evdev.txt" 2> "$work/evdev.err" &
probe=$!
# Weston (libinput) has the touchscreen once it logs it; kineticd opens it when udev gives it the device's group.
until_true 120 grep -q 'Kinetic Synthetic Touchscreen' "$weston_log" || fail "Weston opened the touchscreen" "$(tail -c 300 "$weston_log")"
until_true 120 bash -c "journalctl -u kineticd -o cat | grep -q '$node'" || true
sleep 2
say "playing $(grep -c '0000 0000 0$' "$data/onsets.evemu") input frames through $node"
started=$SECONDS
evemu-play "$node" < "$data/onsets.evemu"
say "played in $((SECONDS - started)) s"
sleep 3
kill "$probe" "$client" "$device_holder" 2>/dev/null
pkill -u alice -x weston
until_true 30 bash -c '! pgrep -u alice -x weston'
python3 "$data/analyse.py" "$work/evdev.txt" "$weston_log" "$work/client.txt" > "$work/figures.txt" 2>&1
status=$?
sed 's/^/vm-systemd: /' "$work/figures.txt"
if [ "$status" -eq 0 ]; then ok "both paths measured over at least 100 onsets"; else fail "both paths measured" "analyse.py exited $status"; fi
[ -s "$work/evdev.err" ] && sed 's/^/vm-systemd: evdev-probe: /' "$work/evdev.err"
finish
