#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, only when missing.
# Used by `make demo` (no argument: the build's packages), `make install` (`c`: libkinetic-client's build; `weston`:
# kinetic-weston's), the VM
# suites (`vm`: qemu, busybox, debootstrap),
# `make deb` (`deb`) and `make test` (`test`: every group); safe to run repeatedly.
set -euo pipefail

# Keep these lists in one place: every system package the project needs.
packages=(
  pkg-config
  libevdev-dev
  libdrm-dev  # rate_hz: auto reads the display's refresh rate through libdrm
  libyaml-dev  # the configuration and libinput's recordings (KineticYAML)
  libevemu3
  python3   # scripts/check-doc-comments.py (make test), scripts/make-recordings.py, the daemon's socket tests
  # systemd-analyze, for scripts/check-systemd.sh (verify and the security exposure of systemd/*).
  systemd
  # groff, for scripts/check-install.sh (the man pages format without warnings).
  groff-base
)
# `make deb`: dpkg-shlibdeps computes Depends:, lintian checks the package.
deb_packages=(
  dpkg-dev
  lintian
  binutils  # strip
)
# The documentation's examples (scripts/doctest.py, in `make test`) use socat and jq, as a reader would.
doc_packages=(
  socat
  jq
)
# qemu with TCG boots a Debian kernel for the live-device tests; busybox-static is the guest's init
# (docs/INPUT.md §6.3). The kernel itself is fetched by the VM script with `apt-get download`.
# clients/python's tests (scripts/test-python.sh): a virtual environment, dbus-daemon buses for kinetic-agent, and the
# GTK 4 viewer (Debian's python3 with PyGObject) in Xvfb, its screenshots taken with xwd.
python_packages=(
  python3-venv
  dbus-daemon
  python3-gi
  python3-gi-cairo
  gir1.2-gtk-4.0
  xvfb
  x11-apps
)
# clients/c (libkinetic-client): meson and ninja build it, json-c reads the daemon's JSON messages; gcc builds it
# with the sanitizers for its tests (scripts/test-c.sh). `make install` and `make deb` build it too.
c_packages=(
  meson
  ninja-build
  gcc
  libjson-c-dev
)
# clients/weston (kinetic-weston): libweston 10 and Weston itself, whose headless backend runs its tests
# (scripts/test-weston.sh); wayland-scanner and the protocols build the test's Wayland client.
weston_packages=(
  weston
  libweston-10-dev
  libwayland-dev
  libwayland-bin
  wayland-protocols
  libpixman-1-dev
)
vm_packages=(
  qemu-system-x86
  busybox-static
  # The systemd guest (scripts/vm/run-systemd-tests.sh): its root file system and disk image.
  debootstrap
  e2fsprogs
  # The side-by-side harness's libinput probe (scripts/vm/libinput-probe.c), built here and run in that guest, whose
  # libinput10 comes with Weston: libinput is the reference kineticd's input is compared with (docs/INPUT.md §7).
  libinput-dev
)

case "${1:-}" in
  "") wanted=("${packages[@]}") ;;
  c) wanted=("${c_packages[@]}") ;;
  vm) wanted=("${vm_packages[@]}") ;;
  deb) wanted=("${deb_packages[@]}" "${c_packages[@]}" "${weston_packages[@]}") ;;
  weston) wanted=("${c_packages[@]}" "${weston_packages[@]}") ;;
  # `make test`: all of them in one apt-get call before its steps run side by side (two apt-gets at once fail on
  # dpkg's lock).
  test) wanted=("${packages[@]}" "${deb_packages[@]}" "${vm_packages[@]}" "${doc_packages[@]}" "${python_packages[@]}" "${c_packages[@]}" "${weston_packages[@]}") ;;
  *) echo "install-deps: unknown group '$1' (use no argument, 'c', 'weston', 'vm', 'deb' or 'test')" >&2; exit 2 ;;
esac

missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
