#!/usr/bin/env bash
# Fails when the build log shows a compiler warning or error in the project's own sources.
set -euo pipefail
log="$1"
root="$(cd "$(dirname "$0")/.." && pwd)"
if grep -E "^${root}/(Sources|Tests|Benchmarks|Plugins)/[^ ]*: (warning|error):" "$log"; then
  echo "check-warnings: the project's own code has compiler warnings (see above)" >&2
  exit 1
fi
