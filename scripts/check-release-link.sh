#!/usr/bin/env bash
# `make test`'s check that a plain `swift build -c release` links kineticd and kineticctl: the release configuration
# (whose static runtime and linker settings are what failed to link) with the FoundationGeometry trait that a plain
# build has on by default, in a folder of its own, then each executable run. It differs from the plain command in two
# ways that change nothing the linker sees: the optimiser is off (as in make test's own build,
# scripts/unoptimised-build-flags; the plain optimised build took 18 min on two cores, most of it swift-syntax,
# 2026-11-28), and the AnimatableMacro trait is off (a compiler plugin, linked into no executable).
set -euo pipefail
cd "$(dirname "$0")/.."
read -r -a configuration < scripts/unoptimised-build-flags
scratch=.build-release-link
log="$scratch/build.log"
mkdir -p "$scratch"
for product in kineticd kineticctl; do
  if ! swift build "${configuration[@]}" --traits FoundationGeometry --scratch-path "$scratch" --product "$product" \
      >>"$log" 2>&1; then
    tail -40 "$log" >&2
    echo "check-release-link: $product does not link in the release configuration with FoundationGeometry (the default" \
      "traits of a plain swift build -c release); the whole log is $log" >&2
    exit 1
  fi
done
bin="$(swift build "${configuration[@]}" --traits FoundationGeometry --scratch-path "$scratch" --show-bin-path)"
"$bin/kineticd" --version >/dev/null
"$bin/kineticctl" --version >/dev/null
echo "release link: kineticd and kineticctl link and run with the default FoundationGeometry trait ($(du -h "$bin/kineticd" | cut -f1) each)"
