# The two commands of the README: `make demo` (the main job) and `make test` (every test).
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -ec
SWIFT ?= swift

FUZZ_SECONDS ?= 600
FUZZ_TEST_RUNS ?= 500

PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: demo test test-deps test-after-build test-swift test-fuzz test-system test-package test-docs test-python test-c test-weston vm-test deps bench bench-baseline bench-replay bench-frameclock fuzz install deb docs protocol

deps:
	@./scripts/install-deps.sh

# The daemon and its tools never use the @Animatable macro: without the package trait that brings it,
# swift-syntax is not built (Package.swift). Unoptimised and whole-module (SwiftPM's release configuration with
# -Onone, as `make test`'s build: scripts/unoptimised-build-flags), in a folder of its own: the demo's few channels
# need no optimiser, a first run builds in about 70 s against 99 s for a debug build and about 135 s for an optimised
# one on two cores (docs/BUILD-TIMES.md), and `make test` (whose build has the trait) never rebuilds it.
# `make install` and `make deb` build optimised binaries. All of them link the Swift runtime statically into
# kineticd and kineticctl, as the release configuration does (Package.swift). `kineticctl demo` starts the kineticd
# built beside it.
UNOPTIMISED_BUILD_FLAGS := $(shell head -1 scripts/unoptimised-build-flags)
DEMO_BUILD := $(SWIFT) build $(UNOPTIMISED_BUILD_FLAGS) --disable-default-traits --scratch-path .build-demo
demo: deps
	$(DEMO_BUILD) --product kineticd
	$(DEMO_BUILD) --product kineticctl
	"$$($(DEMO_BUILD) --show-bin-path)/kineticctl" demo

# kineticd, kineticctl, the systemd units, sysusers/tmpfiles files, /etc/kinetic/kineticd.yaml, man pages and
# shell completions under DESTDIR/PREFIX, and kinetic-weston in Weston's module folder (scripts/install.sh says where
# each goes).
install: deps
	@./scripts/install-deps.sh weston
	DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" SWIFT="$(SWIFT)" ./scripts/install.sh

# dist/kinetic_VERSION_ARCH.deb: the files of `make install` with PREFIX=/usr, the Swift runtime linked
# statically, maintainer scripts for sysusers/tmpfiles/the socket unit; libkinetic-client1 and
# libkinetic-client-dev, the C client library; and kinetic-weston, the Weston module; lintian must pass on all four
# (scripts/make-deb.sh).
deb: deps
	@./scripts/install-deps.sh deb
	./scripts/make-deb.sh

# Builds everything (tests included) once, with the flags in scripts/unoptimised-build-flags and
# scripts/test-build-flags; then runs every test in four lanes side by side on the machine's cores (each one's output is
# printed whole when it ends): the fuzz smoke run (its own instrumented build), which starts as soon as that build
# ends, and, once swift-argument-parser's man page generator is built too (`--build-tests` leaves out a dependency's
# executable; the install and package checks need it, scripts/install.sh --configuration test) and the build has
# shown no compiler warning in our own code (Swift 6 mode with strict concurrency must stay warning-free) and its
# kineticd and kineticctl carry no ICU (scripts/check-no-icu.sh), `swift
# test`, the system checks with the live-device VM, and the package in the systemd VM.
# The VM suites' cache (a kernel, a Debian root file system) is filled in the background while the build runs, on a
# machine's first run (scripts/vm/prepare.sh; like the suites, it skips itself under KINETIC_SKIP_VM=1).
TEST_BUILD_FLAGS := $(UNOPTIMISED_BUILD_FLAGS) $(shell head -1 scripts/test-build-flags)
TEST_BUILD_LOG := .build-test/kinetic-build.log
test: test-deps
	@mkdir -p .build-test
	@(./scripts/vm/prepare.sh > .build-test/vm-prepare.log 2>&1 &)
	$(SWIFT) build --build-tests $(TEST_BUILD_FLAGS) 2>&1 | tee $(TEST_BUILD_LOG)
	@echo "make test: the fuzz smoke run, swift test, the system checks with the live-device VM and the systemd VM run side by side; each one's output follows when it ends"
	@$(MAKE) --no-print-directory -j4 --output-sync=target test-fuzz test-after-build

# The part of `make test` after its build that waits for the man page generator and the build's checks, while the
# fuzz smoke run goes on. Its three lanes share the jobs of the `make -j4` above (the fuzz run holds the fourth).
test-after-build:
	$(SWIFT) build $(TEST_BUILD_FLAGS) --product generate-manual 2>&1 | tee -a $(TEST_BUILD_LOG)
	@./scripts/check-warnings.sh $(TEST_BUILD_LOG)
	@./scripts/protocol.py --check
	@./scripts/check-doc-comments.py --self-test
	@./scripts/check-doc-comments.py Sources
	@./scripts/check-no-icu.sh "$$($(SWIFT) build $(TEST_BUILD_FLAGS) --show-bin-path)"/kinetic{d,ctl}
	@$(MAKE) --no-print-directory --output-sync=target test-swift test-system test-package test-docs test-python test-c test-weston

# The DocC documentation of Kinetic and KineticInput (Sources/Kinetic/Kinetic.docc: the overview, a getting-started
# article, topics), with swift-docc-plugin; warnings are errors, so a broken symbol link fails. With the
# FoundationGeometry trait a user of the library has by default (so the API shows Foundation's CGPoint, and `make test`
# compiles that side of KineticGeometry) and without the macro trait, in a folder of its own (the plugin builds the
# modules for their symbol graphs). The archives land in .build-docs/plugins/Swift-DocC/outputs; `swift package
# --traits FoundationGeometry --scratch-path .build-docs preview-documentation --target Kinetic` serves them.
docs: deps
	$(SWIFT) package --traits FoundationGeometry --scratch-path .build-docs generate-documentation \
		--target Kinetic --target KineticInput --warnings-as-errors

# Then the link of a plain `swift build -c release`: the release configuration with the default FoundationGeometry
# trait (scripts/check-release-link.sh says what it leaves out and why), in this lane, whose DocC build is short.
test-docs:
	@$(MAKE) --no-print-directory docs
	@./scripts/check-release-link.sh

test-deps:
	@./scripts/install-deps.sh test

# `swift test` with the build's flags finds everything built; then the replay, plot and showcase outputs byte for byte
# (scripts/check-golden.sh); then every example of the README, docs/ and the man
# pages runs as written against the binaries it tested (scripts/doctest.py says how; about a minute, mostly waiting).
test-swift:
	$(SWIFT) test --skip-build $(TEST_BUILD_FLAGS)
	@./scripts/check-golden.sh "$$($(SWIFT) build $(TEST_BUILD_FLAGS) --show-bin-path)"
	python3 scripts/doctest.py "$$($(SWIFT) build $(TEST_BUILD_FLAGS) --show-bin-path)"

# clients/python (the kinetic package, kinetic-agent, the viewer): its type check and its tests against the kineticd
# built here (scripts/test-python.sh).
test-python:
	@./scripts/test-python.sh "$$($(SWIFT) build $(TEST_BUILD_FLAGS) --show-bin-path)"

# clients/c (libkinetic-client): its tests and example under ASan and UBSan against the kineticd built here, then the
# example built from the installed library through pkg-config (scripts/test-c.sh).
test-c:
	@./scripts/test-c.sh "$$($(SWIFT) build $(TEST_BUILD_FLAGS) --show-bin-path)"

# clients/weston (kinetic-weston): the module under ASan and UBSan in a headless Weston 10 with kineticd, its
# screenshots measured (scripts/test-weston.sh).
test-weston:
	@./scripts/test-weston.sh "$$($(SWIFT) build $(TEST_BUILD_FLAGS) --show-bin-path)"

# At a lower priority than the other lanes: the package lane's guest ends last, and the fuzz build has time to spare
# (with equal shares, the guest ran the last 40 s of `make test` on one core, 2026-11-26).
test-fuzz:
	@nice -n 10 ./scripts/fuzz.sh --runs $(FUZZ_TEST_RUNS)

# The VM suites are called directly, not through `make vm-test`: a sub-make's output would escape the output sync.
# The package and its systemd guest are a lane of their own: the live-device guest (one vCPU) leaves a core free.
test-system:
	@./scripts/check-systemd.sh
	@./scripts/check-install.sh
	@./scripts/check-idle.sh
	@./scripts/vm/run-vm-tests.sh

test-package:
	@./scripts/vm/run-systemd-tests.sh

# The protocol's generated files (Python requests and client methods, C command writers and declarations,
# docs/PROTOCOL.md's tables) from its description, protocol/kinetic.json (scripts/protocol.py says what it writes).
# `make test` fails while any of them differs from what this would write.
protocol:
	./scripts/protocol.py

# Coverage-guided fuzzing (Tests/Fuzz/README.md): every libFuzzer target for FUZZ_SECONDS each, then a table.
fuzz: deps
	./scripts/fuzz.sh --seconds $(FUZZ_SECONDS)

# Two suites under qemu (docs/INPUT.md §6.3): the live-device suite against a real kernel (busybox as init), then
# the .deb installed in a debootstrapped Debian 12 booted with systemd as PID 1 (scripts/vm/run-systemd-tests.sh).
# They install what they need and fetch the kernel and the root file system into ~/.cache/kinetic/vm when missing; they say
# loudly when they skip (KINETIC_SKIP_VM=1, no qemu) and fail on CI instead.
vm-test:
	@./scripts/vm/run-vm-tests.sh
	@./scripts/vm/run-systemd-tests.sh

# Micro-benchmarks on package-benchmark (ordo-one/benchmark), release build, without the macro trait: the engine's
# step, reads, start from rest and re-target for every grouped type against the closed-form floor measured in the
# same run (Benchmarks/EngineBenchmarks), and the daemon's frame and motion encoders (Benchmarks/DaemonBenchmarks).
# Package.swift adds them only when KINETIC_BENCHMARK=1, built in .build-bench. Every benchmark runs as the baseline
# `latest`; package-benchmark then compares it with the recorded one (.benchmarkBaselines/*/recorded, in the
# repository), and Benchmarks/floor-ratios.py prints the ratios to the floor against their targets (its last line
# says whether they are met). `make bench-baseline` records the last `make bench` as the baseline. Figures:
# docs/PERFORMANCE.md. BENCH_ARGS passes options to each run, e.g. BENCH_ARGS="--filter 'Double: .*'".
# The two targets are named: package-benchmark takes every executable in Benchmarks/ for one, the whole-process
# benchmark executables too.
BENCHMARK = KINETIC_BENCHMARK=1 $(SWIFT) package --disable-default-traits --scratch-path .build-bench --disable-sandbox \
	--allow-writing-to-package-directory benchmark
BENCH_TARGET_NAMES = EngineBenchmarks DaemonBenchmarks
BENCH_TARGETS = $(addprefix --target ,$(BENCH_TARGET_NAMES)) --no-progress
bench: deps
	$(BENCHMARK) baseline update latest $(BENCH_TARGETS) $(BENCH_ARGS)
	$(BENCHMARK) baseline compare recorded latest $(BENCH_TARGETS)
	$(BENCHMARK) baseline read latest --format markdown $(BENCH_TARGETS) | python3 Benchmarks/floor-ratios.py

bench-baseline:
	@./scripts/record-benchmark-baseline.sh $(BENCH_TARGET_NAMES)

# Frame clock: a simulated compositor at 60 and 144 Hz against the daemon's real Dispatch clock, before
# and after it sends frame_clock: phase error and the age of values at presentation (docs/PERFORMANCE.md).
bench-frameclock: deps
	$(SWIFT) build -c release --disable-default-traits --product FrameClockBench
	"$$($(SWIFT) build -c release --disable-default-traits --show-bin-path)/FrameClockBench" $(BENCH_ARGS)

# Deterministic replay speed: every Recordings/*.evemu and the test fixture through the replay driver,
# bindings, engine and server core on a virtual 120-Hz clock, with a JSON Lines and a binary subscriber, release
# build (without the macro trait: the benchmark does not use it). Figures go to docs/PERFORMANCE.md.
bench-replay: deps
	$(SWIFT) build -c release --disable-default-traits --product KineticReplayBench
	"$$($(SWIFT) build -c release --disable-default-traits --show-bin-path)/KineticReplayBench"
