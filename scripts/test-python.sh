#!/usr/bin/env bash
# `make test`'s lane for clients/python: the kinetic package installed (editable, with its test tools from PyPI) in a
# virtual environment of its own under .build-test, its strict type check, then its tests (pytest) against the kineticd
# in BIN_DIR: the clients, the agent on real dbus-daemon buses, the viewer under Xvfb, and a fresh install.
# Usage: scripts/test-python.sh BIN_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
bin_dir=$(cd "$1" && pwd)
venv=.build-test/python-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -e './clients/python[test]'
"$venv/bin/mypy" --config-file clients/python/pyproject.toml clients/python/src clients/python/tests clients/python/examples
log=.build-test/python-tests.log
KINETICD="$bin_dir/kineticd" "$venv/bin/pytest" -q -p no:cacheprovider --rootdir clients/python clients/python/tests \
  2>&1 | tee "$log"
echo "python: $(grep -Eo '[0-9]+ passed' "$log" | tail -1) (clients/python/tests against $bin_dir/kineticd)"
