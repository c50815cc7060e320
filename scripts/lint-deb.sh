#!/usr/bin/env bash
# Checks a Debian package with lintian: `scripts/lint-deb.sh DEB`. Fails on any error or warning that
# packaging/lintian-overrides (where each override gives its reason) does not cover. make-deb.sh runs it on the
# package it made; the systemd VM suite runs it beside the guest's boot instead (scripts/vm/run-systemd-tests.sh).
set -euo pipefail
deb="$1"
if command -v lintian >/dev/null; then
  lintian --fail-on error,warning --display-info "$deb"
  echo "lint-deb: lintian is clean (overrides: packaging/lintian-overrides)"
else
  echo "lint-deb: lintian is not installed (apt-get install lintian); not checked" >&2
fi
