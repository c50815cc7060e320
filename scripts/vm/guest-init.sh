#!/bin/busybox sh
# PID 1 of the live-device test VM (docs/INPUT.md §6.3), packed into the initramfs by
# run-vm-tests.sh: loads the input and 9p modules, mounts the host root read-only over 9p, runs the project's
# test binary in it against real evdev/uinput, and reports "KINETIC-VM-RESULT: <exit code>" on the serial
# console before powering off. The binary and the test filter come from the kernel command line.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev

report() {
  echo "KINETIC-VM-RESULT: $1"
  sync
  poweroff -f
}

binary=""
filter=""
for word in $(cat /proc/cmdline); do
  case "$word" in
    kinetic.binary=*) binary="${word#kinetic.binary=}" ;;
    kinetic.filter=*) filter="${word#kinetic.filter=}" ;;
  esac
done

for module in $(cat /modules/order); do
  insmod "/modules/$module.ko" || { echo "kinetic-vm: insmod $module failed"; report 125; }
done
[ -c /dev/uinput ] || { echo "kinetic-vm: /dev/uinput missing after loading uinput.ko"; report 125; }

mkdir -p /host
mount -t 9p -o trans=virtio,version=9p2000.L,ro hostroot /host || { echo "kinetic-vm: 9p mount failed"; report 125; }
# The host root stays read-only (the binary may live anywhere, /tmp included); scratch space is the guest's own.
mkdir -p /dev/shm
mount -t tmpfs tmpfs /dev/shm
mount --rbind /dev /host/dev
mount --bind /proc /host/proc
mount --bind /sys /host/sys

# One test at a time: the suites share the guest kernel's input devices, and a test that watches /dev/input (the
# hotplug monitor, the in-process kineticd) would see the devices another suite's test plugs in meanwhile.
echo "kinetic-vm: kernel $(uname -r); running $binary --filter $filter"
chroot /host /usr/bin/env -i PATH=/usr/bin:/bin HOME=/dev/shm TMPDIR=/dev/shm NO_COLOR=1 KINETIC_LIVE_DEVICE_TESTS=1 \
  "$binary" --testing-library swift-testing --no-parallel --filter "$filter"
report $?
