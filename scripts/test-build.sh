# Sourced by the scripts `make test` runs: test_build_flags, the flags of its one build (the first lines of
# scripts/unoptimised-build-flags and scripts/test-build-flags, which the Makefile reads too), and test_bin, that
# build's folder of products. A SwiftPM call with the same flags finds everything built and builds nothing.
# shellcheck shell=bash
test_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
read -r -a unoptimised_flags < "$test_root/scripts/unoptimised-build-flags"
read -r -a test_only_flags < "$test_root/scripts/test-build-flags"
test_build_flags=("${unoptimised_flags[@]}" "${test_only_flags[@]}")
test_bin() { (cd "$test_root" && "${SWIFT:-swift}" build "${test_build_flags[@]}" --show-bin-path); }
