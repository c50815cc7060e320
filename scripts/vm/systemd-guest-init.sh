#!/bin/busybox sh
# The systemd guest's initramfs /init (packed by run-systemd-tests.sh in place of Debian's generic initramfs, which
# spent about 5 s of a TCG boot probing hardware the guest does not have): loads the modules that reach the root file
# system (virtio PCI, virtio-blk, ext4 and their dependencies, in /modules/order), mounts /dev/vda and hands over
# to systemd on it.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev

# A module that does not load is named but not fatal: the optional ones (crc32c-intel needs SSE 4.2, which TCG's
# default CPU lacks; ext4 falls back to crc32c_generic) may fail; the mount says whether the root is reachable.
for module in $(cat /modules/order); do
  insmod "/modules/$module.ko" 2>/dev/null || echo "vm-systemd-init: insmod $module failed"
done
mkdir -p /newroot
if ! mount -t ext4 -o rw /dev/vda /newroot; then
  echo "vm-systemd-init: cannot mount /dev/vda as the root file system"
  poweroff -f
fi
umount /proc /sys
mount --move /dev /newroot/dev
exec switch_root /newroot /sbin/init
