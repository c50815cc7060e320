#!/usr/bin/env bash
# Builds vkms, the kernel's virtual KMS driver (its vblanks come from a timer at the mode's rate), as a module for a
# Debian kernel that is built without it (Debian 12's has `# CONFIG_DRM_VKMS is not set`): the systemd VM suite loads
# it into its guest to test `phase: auto` against real vblank events.
#
#   scripts/vm/vkms.sh KERNEL_RELEASE     (e.g. 6.1.0-50-amd64; prints the path of vkms.ko)
#
# From Debian's own packages of that kernel's version (apt-get download): the headers and kbuild of that ABI, and
# linux-source for drivers/gpu/drm/vkms, compiled out of tree with the kernel's compiler (gcc-12). The module is kept
# in the VM cache (common.sh's), so this runs once per kernel; the 139 MB source package is thrown away after.
set -euo pipefail
release="$1"
vm_name=vkms
vm_what="building vkms"
source "$(dirname "$0")/common.sh"
out="$cache/vkms-$release"
if [ -f "$out/vkms.ko" ]; then echo "$out/vkms.ko"; exit 0; fi
version="$(apt-cache show "linux-headers-$release" 2>/dev/null | awk '/^Version:/ {print $2; exit}')"
[ -n "$version" ] || { echo "vkms: no linux-headers-$release in apt's lists (apt-get update?)" >&2; exit 1; }
abi="${release%-amd64}"
series="$(echo "$release" | cut -d. -f1-2)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download -q "linux-headers-$release=$version" "linux-headers-$abi-common=$version" \
  "linux-kbuild-$series=$version" "linux-source-$series=$version") >&2 2>&1 | grep -v '^W: Download is performed unsandboxed' >&2 || true
mkdir -p "$work/root"
for deb in "$work"/linux-headers-*.deb "$work"/linux-kbuild-*.deb; do dpkg-deb -x "$deb" "$work/root"; done
dpkg-deb --fsys-tarfile "$work"/linux-source-*.deb | tar -x -C "$work" "./usr/src/linux-source-$series.tar.xz"
tar -xJf "$work/usr/src/linux-source-$series.tar.xz" -C "$work" "linux-source-$series/drivers/gpu/drm/vkms"
headers="$work/root/usr/src/linux-headers-$release"
# The headers' Makefile includes the common headers by their installed path: point it at the unpacked ones.
sed -i "s|/usr/src/linux-headers-$abi-common|$work/root/usr/src/linux-headers-$abi-common|" "$headers/Makefile"
make -s -C "$headers" M="$work/linux-source-$series/drivers/gpu/drm/vkms" CONFIG_DRM_VKMS=m modules >&2
mkdir -p "$out"
cp "$work/linux-source-$series/drivers/gpu/drm/vkms/vkms.ko" "$out/vkms.ko"
echo "$out/vkms.ko"
