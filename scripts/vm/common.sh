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
