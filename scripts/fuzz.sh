#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (Tests/Fuzz/README.md).
#
#   scripts/fuzz.sh [--seconds S | --runs N] [TARGET ...]
#
# Builds the fuzz executable that serves every daemon target (FuzzKinetic), unoptimised, with `--sanitize=fuzzer -Xswiftc
# -sanitize=fuzzer,address` into .build-fuzz (package trait AnimatableMacro off: the macro's compiler plugin cannot
# link against libFuzzer's main, and no target needs it); the clients' targets: libkinetic-client's two (clang with
# libFuzzer, ASan and UBSan, from clients/c/fuzz) and the Python package's (atheris, in a virtual environment of its
# own, from clients/python/fuzz); runs each target for S seconds (default $FUZZ_SECONDS or
# 600) or N runs, and prints a table: target, time, runs, coverage, corpus, crashes, hangs and the slowest input's
# time. Exits non-zero when any target crashed, hung (an input over 5 s), ran slow (an input over 2 s), leaked or ran
# out of memory; the input is kept under .build-fuzz/artifacts/TARGET/ — copy it to Tests/Fuzz/Regressions/TARGET/ with
# a name that says what it does, and add a named test. Inputs go up to each format's real limit (max_len below).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-600}"
runs=""
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
daemon_targets=(serverCore recording configuration animationExpression)
client_targets=(clientStream clientMotion pythonClient)
all=("${daemon_targets[@]}" "${client_targets[@]}")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")

for target in "${targets[@]}"; do
  [[ " ${all[*]} " == *" $target "* ]] || { echo "fuzz.sh: unknown target '$target' (use ${all[*]})" >&2; exit 2; }
done
# Each target runs as the program Fuzz<Target> (serverCore: FuzzServerCore), a link to the one fuzz executable, which
# runs the target it is started as (Tests/Fuzz/Targets/FuzzKinetic).
program() { echo "Fuzz${1^}"; }
# The longest input per target: the real limits, so that the fuzzer can find what is slow at full size. A protocol
# line and a configuration file are at most 1 MiB, a recording file 512 MiB (1 MiB here: longer ones only repeat the
# same events), an expression 1024 bytes (2048: refusals past the limit are tried too), a channel's motion descriptor
# 64 KiB (128 KiB), what a client reads 1 MiB (past a message's limit: the stream's next message starts there).
max_len() {
  case "$1" in
    animationExpression) echo 2048 ;;
    clientMotion) echo 131072 ;;
    *) echo 1048576 ;;
  esac
}
# Seed folders besides the target's own corpus (read only; libFuzzer writes new inputs to the first folder).
seeds() {
  case "$1" in
    recording) echo Recordings Recordings/real ;;
  esac
}

scratch=.build-fuzz
build_log="$scratch/build.log"
mkdir -p "$scratch"
: > "$build_log"
wants() { [[ " ${targets[*]} " == *" $1 "* ]]; }
wants_any() { for t in "$@"; do wants "$t" && return 0; done; return 1; }
# A run of N inputs (make test's smoke run) builds without debug information, as make test's own build does (that
# build took a fifth less time without it; this one was not timed apart), and a crash it finds is kept as an input to
# replay (ASan's report still names the functions). Timed runs keep it, for the file and line of whatever they find;
# switching between the two rebuilds .build-fuzz.
debug_info=()
[ -n "$runs" ] && debug_info=(-debug-info-format none)
# Whole-module and unoptimised, as make test's own build (scripts/unoptimised-build-flags, with the figures).
read -r -a configuration < scripts/unoptimised-build-flags
# One SwiftPM call: planning a build took 6 s even with nothing to compile, once for each of the four executables
# there were before (2026-11-26).
if wants_any "${daemon_targets[@]}"; then
  if ! KINETIC_FUZZ=1 swift build "${configuration[@]}" --scratch-path "$scratch" --disable-default-traits "${debug_info[@]}" \
      --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --product FuzzKinetic >>"$build_log" 2>&1; then
    cat "$build_log" >&2
    echo "fuzz.sh: the build of FuzzKinetic failed" >&2
    exit 1
  fi
  for target in "${daemon_targets[@]}"; do ln -sfn FuzzKinetic "$scratch/release/$(program "$target")"; done
fi
# libkinetic-client's targets: the library's sources compiled into each, with the flags of its meson build
# (-ffp-contract=off: the motion evaluator repeats the daemon's arithmetic); the Swift toolchain's clang brings
# libFuzzer, and its lld links (Debian's gold warns about every sanitizer symbol it cannot export).
mkdir -p "$scratch/release"
if wants_any clientStream clientMotion; then
  for target in clientStream clientMotion; do
    source=clients/c/fuzz/fuzz-$(echo "${target#client}" | tr '[:upper:]' '[:lower:]').c
    # shellcheck disable=SC2046 # pkg-config's flags are words
    if ! clang -std=c11 -g -O1 -fuse-ld=lld -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -ffp-contract=off -Iclients/c/include -Iclients/c/src $(pkg-config --cflags json-c) "$source" \
        clients/c/src/{client,messages,json-writer,motion}.c $(pkg-config --libs json-c) -lm \
        -o "$scratch/release/$(program "$target")" >>"$build_log" 2>&1; then
      cat "$build_log" >&2
      echo "fuzz.sh: the build of $target failed" >&2
      exit 1
    fi
  done
fi
# The Python package's target runs under atheris (PyPI), installed with the package (editable) in a virtual
# environment of its own; a link named as the other targets' programs starts it.
if wants pythonClient; then
  venv="$scratch/python-venv"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  if ! "$venv/bin/pip" install --quiet --disable-pip-version-check atheris -e ./clients/python >>"$build_log" 2>&1; then
    cat "$build_log" >&2
    echo "fuzz.sh: installing atheris and the kinetic package failed" >&2
    exit 1
  fi
  printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$PWD/$venv/bin/python" "$PWD/clients/python/fuzz/fuzz_client.py" \
    > "$scratch/release/$(program pythonClient)"
  chmod +x "$scratch/release/$(program pythonClient)"
fi

limit=(-max_total_time="$seconds")
[ -n "$runs" ] && limit=(-runs="$runs")
# The per-input limits of a timed run: an input over 5 s is a hang, one over 2 s is kept as slow. make test's smoke run
# (--runs) shares two cores with three other lanes at a lower priority, so an input's wall time there says nothing
# about its cost: it keeps only a hang limit of 60 s, as a deadlock's guard.
timing=(-timeout=5 -report_slow_units=2)
[ -n "$runs" ] && timing=(-timeout=60 -report_slow_units=60)
results=()
failed=0
for target in "${targets[@]}"; do
  name=$(program "$target")
  # A run of N inputs (make test's smoke run) starts from the seeds alone, so its length does not grow with the
  # corpus that long runs accumulate in .build-fuzz/corpus.
  corpus="$scratch/corpus/$target"
  [ -n "$runs" ] && corpus="$(mktemp -d)"
  artifacts="$scratch/artifacts/$target/"
  log="$scratch/$target.log"
  mkdir -p "$corpus" "$artifacts"
  folders=("$corpus" "Tests/Fuzz/Corpus/$target" "Tests/Fuzz/Regressions/$target")
  for extra in $(seeds "$target"); do folders+=("$extra"); done
  existing=()
  for folder in "${folders[@]}"; do [ -d "$folder" ] && existing+=("$folder"); done
  before=$(find "$artifacts" -type f | wc -l)
  start=$(date +%s)
  # -timeout and -report_slow_units (timing above) fail the run on a hang or a slow input (timeout-*, slow-unit-*).
  # The build is unoptimised with AddressSanitizer, some 20 to 50 times slower than the daemon's release build, whose
  # own budget for one message is 50 ms (docs/STALL.md). -rss_limit_mb: ASan's quarantine needs room (docs/DAEMON.md §5).
  set +e
  dictionary="Tests/Fuzz/Dictionaries/$target.dict"
  [[ " ${client_targets[*]} " == *" $target "* ]] && dictionary=Tests/Fuzz/Dictionaries/clients.dict
  "$scratch/release/$name" "${limit[@]}" "${timing[@]}" -rss_limit_mb=3072 -max_len="$(max_len "$target")" \
    -print_final_stats=1 -dict="$dictionary" -artifact_prefix="$artifacts" "${existing[@]}" >"$log" 2>&1
  status=$?
  set -e
  elapsed=$(( $(date +%s) - start ))
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  coverage=$(grep -E '^#[0-9]+' "$log" | tail -1 | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
  features=$(grep -E '^#[0-9]+' "$log" | tail -1 | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
  slowest=$(sed -n 's/^stat::slowest_unit_time_sec: *//p' "$log" | tail -1)
  corpus_size=$(find "$corpus" -type f | wc -l)
  [ -n "$runs" ] && rm -rf "$corpus"
  crashes=$(find "$artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'oom-*' -o -name 'deadly-*' \) -newer "$scratch/build.log" | wc -l)
  hangs=$(find "$artifacts" -type f \( -name 'timeout-*' -o -name 'slow-unit-*' \) -newer "$scratch/build.log" | wc -l)
  after=$(find "$artifacts" -type f | wc -l)
  if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
    failed=1
    echo "fuzz.sh: $target failed (exit $status); the end of its log ($log):" >&2
    tail -40 "$log" >&2
  fi
  results+=("$(printf '| %-19s | %6s s | %10s | %6s | %7s | %6s | %7s | %5s | %9s |' "$target" "$elapsed" "${executed:-0}" \
    "${coverage:-?}" "${features:-?}" "$corpus_size" "$crashes" "$hangs" "${slowest:-?} s")")
done

echo
budget="$seconds s"
[ -n "$runs" ] && budget="$runs inputs"
echo "libFuzzer, $(date -u +%Y-%m-%dT%H:%MZ), $budget per target (scripts/fuzz.sh):"
echo "| target              |     time |       runs |    cov | features | corpus | crashes | hangs |   slowest |"
echo "|---------------------|----------|------------|--------|----------|--------|---------|-------|-----------|"
for row in "${results[@]}"; do echo "$row"; done
exit "$failed"
