#!/usr/bin/env bash
# kineticd under real systemd: packages `make test`'s build as a .deb (scripts/make-deb.sh), installs it into a
# minimal Debian 12 root file system (debootstrap, cached in ~/.cache/kinetic/vm), boots that under qemu with systemd
# as PID 1 and runs scripts/vm/systemd-guest-test.sh in it: socket activation, the dynamic user reading a uinput
# touchscreen, a subscriber seeing the finger followed and settled, systemctl reload, the watchdog restarting a frozen
# daemon, systemctl stop with the shutdown event, the journal's priorities and the exposure in the guest; and a user
# logged in on tty1 who installs and starts kinetic-agent as clients/python/README.md says, which then holds her
# reduced-motion preference in kineticd.
#
# Installs debootstrap, qemu-system-x86 and e2fsprogs when missing. KINETIC_SKIP_VM=1 skips (loudly), as does a
# machine without them, except on CI, where it must run. KINETIC_VM_TIMEOUT (s, default 1500) bounds the boot.
#
# 10 compares kineticd's input with libinput's, side by side on the same uinput devices, and prints the agreement
# table (scripts/vm/side-by-side/, docs/INPUT.md §7).
#
# A benchmark boots the same guest: KINETIC_VM_BENCH_DIR names a folder (Benchmarks/finger-to-photon.sh makes it) that
# goes to the guest's /opt/kinetic-test/bench, whose guest.sh the test unit runs instead of systemd-guest-test.sh and
# whose session.sh alice's login shell on tty1 runs; KINETIC_VM_DEB_CONFIGURATION (default test) chooses the build the
# package is made from (scripts/make-deb.sh's KINETIC_DEB_CONFIGURATION). KINETIC_VM_SERIAL_LOG names a file that keeps
# the guest's serial console (everything it printed, in every boot) after the run.
set -euo pipefail
vm_name=vm-systemd
vm_what="the systemd VM tests"
source "$(dirname "$0")/common.sh"
timeout_seconds="${KINETIC_VM_TIMEOUT:-1500}"
"$root/scripts/install-deps.sh" vm || skip "could not install the VM packages (needs apt and root)"
"$root/scripts/install-deps.sh" deb  # dpkg-shlibdeps and lintian for the package
command -v "$qemu" >/dev/null && command -v debootstrap >/dev/null || skip "qemu or debootstrap not found"
[ "$(id -u)" -eq 0 ] || skip "debootstrap and chroot need root"

work="$(mktemp -d)"
guest="$work/root"
root_job=""
lint_job=""
stopper_job=""
# On the way out, the jobs still running end first (their children too: debootstrap, lintian), then the guest's root
# is unmounted and their folder goes.
trap 'set +e; for job in $root_job $lint_job $stopper_job; do pkill -P "$job"; kill "$job"; wait "$job"; done 2>/dev/null
      mountpoint -q "$guest" && umount "$guest"; rm -rf "$work"' EXIT
# The guest's root file system: the cached one (common.sh), made here while the package is put together when `make
# test` has not already made it in the background (scripts/vm/prepare.sh).
( root_is_current || make_root ) &
root_job=$!

# The package, from the kineticd and kineticctl that `make test` built and tested (scripts/test-build-flags: not
# optimised, the Swift runtime linked statically as in the release package); `make deb` makes the release one with
# the same script.
say "building the package from the test build"
KINETIC_DEB_COMPRESSION=gzip:1 KINETIC_DEB_CONFIGURATION="${KINETIC_VM_DEB_CONFIGURATION:-test}" KINETIC_DEB_LINTIAN=later \
  "$root/scripts/make-deb.sh" >&2
deb="$(ls -t "$root"/dist/kinetic_*.deb | head -1)"
# lintian (17 s of the lane's 100 when it ran first) checks the package while the guest is made and booted; its
# verdict counts at the end.
version="$(basename "$deb" | cut -d_ -f2)"
"$root/scripts/lint-deb.sh" "$deb" "$root"/dist/{libkinetic-client1,libkinetic-client-dev,kinetic-weston}_"$version"_*.deb > "$work/lintian.log" 2>&1 &
lint_job=$!
wait "$root_job" || { say "FAILED: the guest's root file system could not be made"; exit 1; }
root_job=""
# The run's changes (the package, the test's files) go to an overlay above the cache, which stays as debootstrap made
# it; where overlayfs cannot be mounted (a container without the right), to a copy of it (9 s for its 780 MB).
mkdir -p "$guest" "$work/changes" "$work/overlay-work"
mount -t overlay overlay -o "lowerdir=$base,upperdir=$work/changes,workdir=$work/overlay-work" "$guest" 2>/dev/null ||
  cp -a "$base/." "$guest"
# The packages as an administrator would install them (kinetic, and kinetic-weston with the library it links), then
# the test's own files and unit.
cp "$deb" "$guest/tmp/kinetic.deb"
cp "$root"/dist/{libkinetic-client1,kinetic-weston}_"$version"_*.deb "$guest/tmp/"
chroot "$guest" bash -c 'dpkg -i /tmp/kinetic.deb /tmp/libkinetic-client1_*.deb /tmp/kinetic-weston_*.deb' >&2
rm "$guest"/tmp/*.deb
mkdir -p "$guest/opt/kinetic-test"
cp "$root/scripts/vm/systemd-guest-test.sh" "$root/scripts/vm/guest-checks.sh" "$guest/opt/kinetic-test/"
# A user, alice, in the kinetic group (the socket's and the preference_group), logged in on tty1 at boot by agetty's
# autologin: a real session on seat0 (login, PAM, logind), with her systemd --user and session bus. The repository's
# clients/python is in her home, where clients/python/README.md's two agent blocks, cut out here, run as written
# (systemd-guest-test.sh, 8); the guest has no network, so pip finds setuptools and jeepney in a folder of wheels
# downloaded here (PIP_NO_INDEX, PIP_FIND_LINKS).
chroot "$guest" useradd --create-home --groups kinetic --shell /bin/bash alice
mkdir -p "$guest/etc/systemd/system/getty@tty1.service.d" "$guest/home/alice/kinetic"
printf '[Service]\nExecStart=\nExecStart=-/sbin/agetty --autologin alice --noclear %%I $TERM\n' \
  > "$guest/etc/systemd/system/getty@tty1.service.d/autologin.conf"
tar -C "$root" --exclude=build --exclude='*.egg-info' --exclude=__pycache__ --exclude=.mypy_cache --exclude=.pytest_cache \
  -cf - clients/python | tar -C "$guest/home/alice/kinetic" -xf -
chroot "$guest" chown -R alice:alice /home/alice/kinetic
awk -v out="$guest/opt/kinetic-test" '/^## The reduced-motion agent/ { inside = 1; next } inside && /^## / { exit }
  inside && /^```sh/ { file = sprintf("%s/agent-block-%d.sh", out, ++n); next } file && /^```/ { file = ""; next }
  file { print > file }' "$root/clients/python/README.md"
[ -s "$guest/opt/kinetic-test/agent-block-1.sh" ] && [ -s "$guest/opt/kinetic-test/agent-block-2.sh" ] ||
  { say "FAILED: clients/python/README.md has no two sh blocks under 'The reduced-motion agent'"; exit 1; }
mkdir -p "$guest/opt/kinetic-test/wheels"
python3 -m pip download --quiet --disable-pip-version-check --only-binary=:all: --dest "$guest/opt/kinetic-test/wheels" \
  'setuptools>=77' 'jeepney>=0.8' >&2 ||
  { say "FAILED: pip could not download setuptools and jeepney for the guest's agent install (is PyPI reachable?)"; exit 1; }
# phase: auto needs a DRM driver with vblank events, which qemu's displays lack (bochs refuses the ioctl): vkms, built
# for the guest's kernel (scripts/vm/vkms.sh, cached), and the probe that lights its output and records its vblanks.
kernel_release="$(ls "$guest/lib/modules" | head -1)"
cp "$("$root/scripts/vm/vkms.sh" "$kernel_release")" "$guest/opt/kinetic-test/vkms.ko"
cc -O2 -Wall -Werror -I/usr/include/libdrm "$root/scripts/vm/vblank-probe.c" -ldrm -o "$guest/opt/kinetic-test/vblank-probe"
# The swipe, and the same swipe cut into its 14 input frames (each a file with the device's description and that
# frame's events, all stamped 0.000001 so that evemu-play plays each at once): the guest plays one frame, waits for
# kineticd to publish a frame, then plays the next. Played in real time, the 104 ms swipe outran a guest starved by a
# loaded host (11 ticks in 2.4 s, 2026-11-28), which read it late and in one go; paced, each finger frame is answered
# before the next is written, whatever the guest's speed. The device and the bindings are the same.
cp "$root/Recordings/swipe-fling.evemu" "$guest/opt/kinetic-test/swipe.evemu"
mkdir -p "$guest/opt/kinetic-test/swipe-frames"
awk -v out="$guest/opt/kinetic-test/swipe-frames" '
  !/^E: / { header = header $0 "\n"; next }
  { events = events "E: 0.000001 " $3 " " $4 " " $5 "\n" }
  $3 == "0000" && $4 == "0000" { file = sprintf("%s/%02d.evemu", out, ++n); printf "%s%s", header, events > file
                                 close(file); events = "" }
  END { if (n != 14 || events != "") { print "swipe-fling.evemu: expected 14 whole input frames" > "/dev/stderr"
                                       exit 1 } }' "$root/Recordings/swipe-fling.evemu"
# The side-by-side harness with libinput (systemd-guest-test.sh, 10; scripts/vm/side-by-side/guest.sh): its scripts,
# the libinput probe built here against libinput-dev (the guest's libinput10 comes with Weston), and every evemu
# recording of Recordings/ and Recordings/real/.
mkdir -p "$guest/opt/kinetic-test/side-by-side/recordings"
cp "$root"/scripts/vm/side-by-side/{guest.sh,compare.py,kineticd.yaml} "$guest/opt/kinetic-test/side-by-side/"
cp "$root"/Recordings/*.evemu "$root"/Recordings/real/*.evemu "$guest/opt/kinetic-test/side-by-side/recordings/"
# shellcheck disable=SC2046  # pkg-config's flags are words
cc -O2 -Wall -Wextra -Werror $(pkg-config --cflags libinput) "$root/scripts/vm/libinput-probe.c" $(pkg-config --libs libinput) \
  -o "$guest/opt/kinetic-test/side-by-side/libinput-probe"
# Where the offline replay (the same bindings, the same events) starts, at touch-down, and settles: the live run must
# pass between and end there.
"$(test_bin)/kineticctl" replay "$guest/opt/kinetic-test/swipe.evemu" --config "$root/systemd/kineticd.yaml" \
  --channels 'touch.*' > "$work/offline.jsonl"
head -1 "$work/offline.jsonl" > "$guest/opt/kinetic-test/offline-first.json"
tail -1 "$work/offline.jsonl" > "$guest/opt/kinetic-test/offline-final.json"
cat > "$guest/etc/systemd/system/kinetic-vm-test.service" <<'UNIT'
[Unit]
Description=kinetic VM test
After=multi-user.target kineticd.socket systemd-udev-settle.service
[Service]
Type=oneshot
ExecStart=/opt/kinetic-test/systemd-guest-test.sh
StandardOutput=tty
StandardError=tty
TTYPath=/dev/ttyS0
[Install]
WantedBy=multi-user.target
UNIT
ln -sf /etc/systemd/system/kinetic-vm-test.service "$guest/etc/systemd/system/multi-user.target.wants/kinetic-vm-test.service"
if [ -n "${KINETIC_VM_BENCH_DIR:-}" ]; then
  cp -r "$KINETIC_VM_BENCH_DIR" "$guest/opt/kinetic-test/bench"
  chmod -R a+rX "$guest/opt/kinetic-test/bench"  # alice's session runs session.sh from it
  sed -i 's|^ExecStart=.*|ExecStart=/opt/kinetic-test/bench/guest.sh|' "$guest/etc/systemd/system/kinetic-vm-test.service"
  printf '[ "$(tty)" = /dev/tty1 ] && exec /opt/kinetic-test/bench/session.sh\n' > "$guest/home/alice/.bash_profile"
  chroot "$guest" chown alice:alice /home/alice/.bash_profile
fi
# Masked: the serial console's login, and the maintenance jobs of a long-running system, which the guest does not need
# and which TCG makes slow (e2scrub_reap alone held multi-user.target back by 4 s of the guest's 23 s boot); and the
# modprobe@ units of the modules listed next. The login manager and D-Bus run: alice's session needs them.
#
# Modules the guest does not load (module_blacklist= on the kernel command line below): drivers for the emulated
# machine's hardware that kineticd's checks do not use (SATA, the chipset's watchdog, SMBus and LPC, the parallel port,
# the PC speaker, a PS/2 mouse, KVM inside the guest), and modules systemd loads through its modprobe@ units for other
# services' sake (those units are masked with the rest). Not loading them took 3-6 of the 24-25 CPU-seconds of the
# guest's boot off it (the suite's "test unit started" line, 2026-11-27).
unused_drivers=(powernow_k8 kvm_amd kvm ccp ahci libahci libata iTCO_wdt intel_pmc_bxt ppdev parport_pc psmouse i2c_i801
                lpc_ich pcspkr serio_raw)
unused_by_systemd=(efi_pstore dm_mod loop fuse)
unused_modules="$(IFS=,; echo "${unused_drivers[*]},${unused_by_systemd[*]}")"
modprobe_units=("${unused_by_systemd[@]/#/modprobe@}")
for unit in serial-getty@ttyS0.service e2scrub_reap.service e2scrub_all.timer apt-daily.timer \
            apt-daily-upgrade.timer dpkg-db-backup.timer fstrim.timer "${modprobe_units[@]/%/.service}"; do
  ln -sf /dev/null "$guest/etc/systemd/system/$unit"
done
echo kinetic-vm > "$guest/etc/hostname"
printf '/dev/vda / ext4 rw,relatime 0 1\n' > "$guest/etc/fstab"
# Debian's kernel, with an initramfs of our own instead of Debian's generic one: busybox loads the modules that reach
# the root file system (their dependencies as the guest's modprobe lists them) and hands over to systemd. From qemu's
# start to the guest's test unit: 18 s instead of 26 (2026-11-27, one run each on an idle host;
# scripts/vm/systemd-guest-init.sh).
kernel="$(ls "$guest"/boot/vmlinuz-* | head -1)"
version="${kernel##*/vmlinuz-}"
cp "$kernel" "$work/vmlinuz"
root_modules=()
while read -r module; do root_modules+=("$guest$module"); done < <(
  for module in virtio_pci virtio_blk ext4; do chroot "$guest" modprobe -S "$version" --show-depends "$module"; done |
    awk '$1 == "insmod" && !seen[$2]++ { print $2 }')
[[ " ${root_modules[*]##*/} " == *" virtio_blk.ko "* && " ${root_modules[*]##*/} " == *" ext4.ko "* ]] ||
  { say "FAILED: the guest's modprobe did not list virtio_blk and ext4 for kernel $version"; exit 1; }
pack_initramfs "$root/scripts/vm/systemd-guest-init.sh" "$work/initrd" "${root_modules[@]}"
say "booting Debian 12 with systemd under qemu (TCG; timeout ${timeout_seconds}s)"
log="$work/serial.log"
set +e
trap - ERR
start=$(date +%s)
# A guest whose kernel locks up is booted once more, from a fresh disk. Once (CI on 3bf4be8, 2026-11-29) both of the
# guest's CPUs stopped in its kernel about 100 s after boot: the watchdog reported "soft lockup - CPU#0 stuck" (in
# systemd) and CPU#1 (in systemd-udevd) every 28 s, and qemu ran on until the 1500 s timeout. The RCU thread had last
# run 10.6 s after boot, before the test unit starts (about 15 s): a fault of the emulated machine (TCG with two
# threads) or of the guest's kernel, begun before any test ran. A CPU reported stuck for 100 s or more ends the attempt;
# a second lockup fails the run. Every attempt's console goes to KINETIC_VM_SERIAL_LOG, and a locked one's tail to
# stderr.
lockup_seconds=100
[ -z "${KINETIC_VM_SERIAL_LOG:-}" ] || : > "$KINETIC_VM_SERIAL_LOG"
for attempt in 1 2; do
  mkfs.ext4 -q -F -L root -d "$guest" "$work/disk.img" 3G || { say "FAILED: mkfs.ext4 could not make the guest's disk"; exit 1; }
  : > "$log"
  rm -f "$work/locked-up"
  # The guest powers itself off after its last line. Once (in five runs, 2026-11-27, with vkms loaded) it did not, and
  # qemu ran on until the timeout; the results were out and the disk is thrown away, so qemu is stopped 15 s after the
  # summary line if it is still running.
  ( while ! grep -qE '^vm-systemd: [0-9]+ passed, [0-9]+ failed' "$log" 2>/dev/null; do
      if grep -E 'soft lockup - CPU#[0-9]+ stuck for [0-9]+s' "$log" 2>/dev/null |
           awk -v limit="$lockup_seconds" '{ for (i = 1; i <= NF; i++) if ($i == "for" && $(i + 1) + 0 >= limit) found = 1 }
                                             END { exit !found }'; then
        touch "$work/locked-up"
        pkill -f -- "file=$work/disk.img"
        exit
      fi
      sleep 1
    done
    sleep 15
    pkill -f -- "file=$work/disk.img" && say "the guest did not power off 15 s after its results; qemu stopped" ) &
  stopper_job=$!
  # bochs-display: a DRM device with one virtual output (the guest's bochs driver), for rate_hz: auto through libdrm.
  timeout "$timeout_seconds" "$qemu" -machine q35 -accel tcg -m 1536 -smp 2 -nographic -no-reboot -nic none -device bochs-display \
    -kernel "$work/vmlinuz" -initrd "$work/initrd" -drive "file=$work/disk.img,format=raw,if=virtio" \
    -append "console=ttyS0 root=/dev/vda rw panic=-1 systemd.show_status=0 quiet mitigations=off module_blacklist=$unused_modules" \
    < /dev/null 2>&1 | serial_text | tee "$log" | grep --line-buffered '^vm-systemd:' >&2
  qemu_status=${PIPESTATUS[0]}
  kill "$stopper_job" 2>/dev/null
  wait "$stopper_job" 2>/dev/null
  stopper_job=""
  [ -z "${KINETIC_VM_SERIAL_LOG:-}" ] || cat "$log" >> "$KINETIC_VM_SERIAL_LOG"
  [ -e "$work/locked-up" ] || break
  tail -25 "$log" >&2
  lockup="$(grep -oE 'soft lockup - CPU#[0-9]+ stuck for [0-9]+s! \[[^]]*\]' "$log" | tail -1)"
  if [ "$attempt" -eq 2 ]; then
    say "FAILED: the guest's kernel locked up in both boots ($lockup, above): qemu's TCG or the guest's kernel, not a test" \
        "(the comment above lockup_seconds in this script); run again, or set KINETIC_SKIP_VM=1 to skip the VM outside CI"
    exit 1
  fi
  say "the guest's kernel locked up ($lockup, above) after $(( $(date +%s) - start )) s: booting once more from a fresh disk"
done
wait "$lint_job"
lint_status=$?
cat "$work/lintian.log" >&2
set -e
trap 'say "FAILED: command failed at line $LINENO"' ERR
[ "$lint_status" -eq 0 ] || say "FAILED: lintian found errors or warnings in the package (above)"
summary="$(grep -E '^vm-systemd: [0-9]+ passed, [0-9]+ failed' "$log" | tail -1 || true)"
if [ -z "$summary" ]; then
  tail -40 "$log" >&2
  if [ "$qemu_status" -eq 124 ]; then say "FAILED: the guest did not finish within ${timeout_seconds}s"
  else say "FAILED: the guest stopped without reporting (qemu exit $qemu_status)"; fi
  exit 1
fi
echo "${summary#vm-systemd: }" | grep -q ', 0 failed' || { say "FAILED: ${summary#vm-systemd: }"; exit 1; }
[ "$lint_status" -eq 0 ] || exit 1
say "${summary#vm-systemd: } under systemd in $(( $(date +%s) - start )) s of wall time (package $(du -k "$deb" | cut -f1) KiB)"
echo "${summary#vm-systemd: }"
