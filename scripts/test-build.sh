# Sourced by the scripts `make test` runs: test_build_flags, the flags of its one build (scripts/test-build-flags,
# whose first line the Makefile reads too), and test_bin, that build's folder of products. A SwiftPM call with the
# same flags finds everything built and builds nothing.
# shellcheck shell=bash
test_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
read -r -a test_build_flags < "$test_root/scripts/test-build-flags"
test_bin() { (cd "$test_root" && "${SWIFT:-swift}" build "${test_build_flags[@]}" --show-bin-path); }
