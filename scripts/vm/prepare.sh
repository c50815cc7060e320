#!/usr/bin/env bash
# Fills the VM suites' cache (scripts/vm/common.sh): the kernel package for the live-device guest and the Debian 12
# root file system for the systemd guest, each only when missing. `make test` runs it in the background while it
# builds (a machine's first run spends a few minutes downloading and unpacking here); the suites take the same
# locks, so one that starts before it is done waits for it, and one that finds the cache incomplete fills it itself.
set -euo pipefail
vm_name=vm-prepare
vm_what="preparing the VM cache"
source "$(dirname "$0")/common.sh"
command -v debootstrap >/dev/null || skip "debootstrap not found (scripts/install-deps.sh vm)"
[ "$(id -u)" -eq 0 ] || skip "debootstrap needs root"
fetch_kernel
make_root
say "the kernel and the root file system are in $cache"
