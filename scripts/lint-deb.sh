#!/usr/bin/env bash
# Checks Debian packages with lintian: `scripts/lint-deb.sh DEB...`. Fails on any error or warning that
# packaging/lintian-overrides (where each override gives its reason) does not cover. make-deb.sh runs it on the
# package it made; the systemd VM suite runs it beside the guest's boot instead (scripts/vm/run-systemd-tests.sh).
#
# Every check runs but binaries/spelling: it reports common misspellings among a binary's strings at the info level,
# which does not fail the package, and in binaries that link the Swift runtime, Foundation and ICU's data statically
# all 38 it found were theirs (Portugese, overriden, ... on 2026-11-27), none in our own strings. It took 5 of
# lintian's 17 CPU-seconds on the test package (`/usr/bin/time lintian ...` with and without `-X binaries/spelling`).
set -euo pipefail
debs=("$@")
if command -v lintian >/dev/null; then
  lintian --fail-on error,warning --display-info -X binaries/spelling "${debs[@]}"
  echo "lint-deb: lintian is clean (overrides: packaging/lintian-overrides)"
else
  echo "lint-deb: lintian is not installed (apt-get install lintian); not checked" >&2
fi
