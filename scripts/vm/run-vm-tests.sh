#!/usr/bin/env bash
# Runs the live-device test suite (LiveDeviceTests) against a real Linux kernel: boots Debian's kernel under
# qemu with TCG, loads evdev.ko and uinput.ko, shares the host root read-only over 9p and runs this worktree's
# test binary inside the guest (docs/INPUT.md §6.3). One boot runs every check.
#
# Installs qemu-system-x86 and busybox-static when missing (scripts/install-deps.sh vm) and downloads the
# kernel .deb once into the per-user cache (~/.cache/kinetic/vm, scripts/vm/common.sh). Fails when the guest's tests fail or it does not report within
# KINETIC_VM_TIMEOUT seconds. When qemu cannot be had it says loudly that it skipped (and fails on CI, where it
# must run). KINETIC_SKIP_VM=1 skips on purpose, also loudly. KINETIC_VM_QEMU, KINETIC_VM_TIMEOUT, KINETIC_VM_FILTER,
# KINETIC_VM_CACHE and KINETIC_VM_KERNEL_PACKAGE override the qemu binary, the timeout (s), the suite, the cache
# directory and the kernel package.
set -euo pipefail

vm_name=vm-test
vm_what="the VM tests (live evdev/uinput devices under qemu)"
source "$(dirname "$0")/common.sh"
filter="${KINETIC_VM_FILTER:-LiveDeviceTests}"
timeout_seconds="${KINETIC_VM_TIMEOUT:-900}"
binary="$(test_bin)/KineticPackageTests.xctest"
if ! command -v "$qemu" >/dev/null || [ ! -x /bin/busybox ]; then
  "$root/scripts/install-deps.sh" vm || skip "could not install qemu-system-x86 and busybox-static (needs apt and root)"
fi
command -v "$qemu" >/dev/null || skip "$qemu not found"

if [ ! -x "$binary" ]; then
  say "building the test binary"
  (cd "$root" && swift build --build-tests "${test_build_flags[@]}")
fi

fetch_kernel

# The initramfs: static busybox, the init script and the modules.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
initramfs_modules=()
while read -r module; do initramfs_modules+=("$kernel/modules/$module.ko"); done < "$kernel/modules/order"
pack_initramfs "$root/scripts/vm/guest-init.sh" "$work/initrd.gz" "${initramfs_modules[@]}"

say "booting $package under qemu (TCG; timeout ${timeout_seconds}s), running $filter"
log="$work/serial.log"
set +e
trap - ERR
# -accel tcg explicitly: KVM does not fail fast here (§6.3). stdin is closed so qemu never waits on it.
timeout "$timeout_seconds" "$qemu" -machine q35 -accel tcg -m 1024 -smp 1 -nographic -no-reboot -nic none \
  -kernel "$kernel/vmlinuz" -initrd "$work/initrd.gz" \
  -append "console=ttyS0 rdinit=/init panic=-1 quiet kinetic.binary=$binary kinetic.filter=$filter" \
  -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
  < /dev/null 2>&1 | serial_text | tee "$log"
qemu_status=${PIPESTATUS[0]}
set -e
trap 'say "FAILED: command failed at line $LINENO"' ERR

result="$(sed -n 's/^KINETIC-VM-RESULT: \([0-9]*\).*/\1/p' "$log" | tail -1)"
if [ -z "$result" ]; then
  if [ "$qemu_status" -eq 124 ]; then say "FAILED: the guest did not finish within ${timeout_seconds}s"
  else say "FAILED: the guest stopped without reporting a result (qemu exit $qemu_status)"; fi
  exit 1
fi
if [ "$result" -ne 0 ]; then
  say "FAILED: the live-device tests in the guest exited with $result"
  exit 1
fi
# A suite that was skipped in the guest would also exit 0: insist that it really ran.
if grep -Eq "(Test|Suite) .* skipped" "$log" || ! grep -Eq "Test run with [1-9][0-9]* tests? .*passed" "$log"; then
  say "FAILED: the guest exited 0 but the live-device tests did not all run (see the log above)"
  exit 1
fi
say "live-device tests passed in the VM ($(grep -Eo "Test run with [0-9]+ tests?" "$log" | tail -1 | sed 's/Test run with //'))"
