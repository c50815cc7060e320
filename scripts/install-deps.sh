#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, only when missing.
# Used by `make demo` and `make test`; safe to run repeatedly.
set -euo pipefail

# Keep this list in one place: every system package the project needs.
packages=(
  pkg-config
  libevdev-dev
  python3
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
