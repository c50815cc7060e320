# Shared by the two VM suites (run-vm-tests.sh, run-systemd-tests.sh); source it after setting vm_name (the
# prefix of every message) and vm_what (what is skipped, for the message).
# shellcheck shell=bash
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# What the suites download (the kernel package, the Debian root file system) is kept per user, not per clone, as
# apt and SwiftPM keep theirs: a new clone's `make test` does not fetch 400 MB again. KINETIC_VM_CACHE moves it;
# deleting the folder makes the next run fetch everything anew.
cache="${KINETIC_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kinetic/vm}"
qemu="${KINETIC_VM_QEMU:-qemu-system-x86_64}"

say() { echo "$vm_name: $*" >&2; }
trap 'say "FAILED: command failed at line $LINENO"' ERR

# Skips loudly; on CI (CI=true) a skip that was not asked for with KINETIC_SKIP_VM=1 is a failure.
skip() {
  say "SKIPPED $vm_what: $*"
  if [ "${CI:-}" = "true" ] && [ "${KINETIC_SKIP_VM:-}" != "1" ]; then
    say "CI must run them; failing"
    exit 1
  fi
  exit 0
}
[ "${KINETIC_SKIP_VM:-}" = "1" ] && skip "KINETIC_SKIP_VM=1"

# The serial console as text: no carriage returns, no terminal escapes.
serial_text() { sed -u -e 's/\r//g' -e 's/\x1b\[[0-9;?]*[A-Za-z]//g' -e 's/\x1bc//g'; }

# What `make test` built and where: the test binary the live-device guest runs, the package the systemd guest installs.
source "$root/scripts/test-build.sh"

# pack_initramfs INIT OUTPUT MODULE... — a guest's initramfs (gzip'd newc cpio): the host's static busybox, the script
# INIT as /init and the given kernel modules (.ko files) in /modules, their names in load order in /modules/order.
pack_initramfs() {
  local init="$1" output="$2" folder module
  shift 2
  folder="$(mktemp -d "$(dirname "$output")/initramfs.XXXXXX")"  # beside the output: the caller's clean-up takes both
  mkdir -p "$folder"/{bin,dev,proc,sys,tmp,modules}
  cp /bin/busybox "$folder/bin/busybox"
  install -m 0755 "$init" "$folder/init"
  for module in "$@"; do
    cp "$module" "$folder/modules/"
    basename "$module" .ko >> "$folder/modules/order"
  done
  (cd "$folder" && find . | /bin/busybox cpio -o -H newc 2>/dev/null | gzip -1 > "$output")
  rm -rf "$folder"
}

# The kernel: the package linux-image-amd64 points to, downloaded once into the cache, reduced to vmlinuz and the
# modules the live-device guest loads (in this order: no depmod in the guest; the 9p stack is what lets host
# binaries run unchanged). Sets $kernel to its folder. Under a lock: `make test` fetches it in the background
# (scripts/vm/prepare.sh) while it builds, and a suite that starts first waits for it.
modules=(evdev uinput virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci
         9pnet 9pnet_virtio netfs fscache 9p)
resolve_package() {
  apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-/ {print $2; exit}'
}
# Sets the kernel folder in $kernel, downloading the package once. While it downloads it owns the EXIT trap (it removes
# the download on any way out) and clears it afterwards: a caller sets its own EXIT trap after calling it.
fetch_kernel() {
  mkdir -p "$cache"
  exec 8>"$cache/.kernel.lock"
  flock 8
  package="${KINETIC_VM_KERNEL_PACKAGE:-}"
  if [ -z "$package" ]; then
    for cached in "$cache"/linux-image-*-amd64; do
      [ -f "$cached/vmlinuz" ] && package="$(basename "$cached")"
    done
  fi
  if [ -z "$package" ]; then
    package="$(resolve_package)"
    if [ -z "$package" ]; then
      apt-get update -qq || true
      package="$(resolve_package)"
    fi
    [ -n "$package" ] || skip "cannot find the Debian kernel package (apt-cache depends linux-image-amd64)"
  fi
  if [ ! -f "$cache/$package/vmlinuz" ]; then
    download="$(mktemp -d "$cache/download.XXXXXX")"
    trap 'rm -rf "$download"' EXIT
    say "fetching $package (about 70 MB, once)"
    if ! (cd "$download" && apt-get download "$package" >/dev/null); then
      # Stale package lists name a kernel the archive no longer has: refresh them and ask again, once.
      apt-get update -qq || true
      [ -n "${KINETIC_VM_KERNEL_PACKAGE:-}" ] || package="$(resolve_package)"
      say "retrying with ${package:-no package}"
      [ -n "$package" ] && (cd "$download" && apt-get download "$package" >/dev/null) \
        || skip "apt-get download ${package:-(no kernel package)} failed"
    fi
    kernel="$cache/$package"
    rm -rf "$kernel.tmp"
    dpkg-deb -x "$download"/*.deb "$download/root"
    mkdir -p "$kernel.tmp/modules"
    cp "$download"/root/boot/vmlinuz-* "$kernel.tmp/vmlinuz"
    for module in "${modules[@]}"; do
      found="$(find "$download/root/lib/modules" -name "$module.ko" -print -quit)"
      if [ -n "$found" ]; then
        cp "$found" "$kernel.tmp/modules/"
        echo "$module" >> "$kernel.tmp/modules/order"
      elif ! grep -q "/$module.ko" "$download"/root/lib/modules/*/modules.builtin; then
        say "FAILED: $package has no module $module"; exit 1
      fi
    done
    rm -rf "$kernel" && mv "$kernel.tmp" "$kernel"
    rm -rf "$download"
    trap - EXIT
  fi
  kernel="$cache/$package"
  flock -u 8
}

# The systemd guest's root file system: a minimal Debian 12 with what the guest needs besides the minimal base
# (systemd as init, udev — it gives /dev/input/event* to group input —, Debian's kernel and its modules,
# evemu-tools to create and play the touchscreen, jq for the checks; for a user's session and its agent, logind's PAM
# module, the user's D-Bus bus and Python's venv; Weston, on which kinetic-weston's package depends), made once per
# package list with debootstrap (mostly downloading and unpacking), under a lock: two clones may test at once, and
# `make test` makes it in the background while it builds. Each package list has a folder of its own, so that a clone
# of another version testing meanwhile keeps the root it booted from (its overlay's lower layer). Sets $base to its
# folder.
root_packages=systemd-sysv,udev,kmod,procps,dbus,linux-image-amd64,evemu-tools,libevdev2,libdrm2,libyaml-0-2,jq,libpam-systemd,dbus-user-session,python3-venv,weston
base="$cache/bookworm-systemd-$(echo "$root_packages" | sha256sum | cut -c1-12)"
root_is_current() { [ -f "$base/.kinetic-packages" ] && [ "$(cat "$base/.kinetic-packages")" = "$root_packages" ]; }
make_root() {
  local mirror="${KINETIC_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
  mkdir -p "$cache"
  exec 9>"$cache/.bookworm-systemd.lock"
  flock 9
  if ! root_is_current; then
    say "debootstrap of Debian 12 with $root_packages into $cache (once; a few minutes)"
    rm -rf "$base" "$base.tmp"
    debootstrap --variant=minbase --include="$root_packages" bookworm "$base.tmp" "$mirror" > "$cache/debootstrap.log" 2>&1 \
      || { tail -20 "$cache/debootstrap.log" >&2; say "FAILED: debootstrap (log: $cache/debootstrap.log)"; flock -u 9; return 1; }
    echo "$root_packages" > "$base.tmp/.kinetic-packages"
    mv "$base.tmp" "$base"
  fi
  flock -u 9
}
