#!/usr/bin/env python3
"""The engine's micro-benchmarks against their floor: `make bench` pipes package-benchmark's markdown report of a
baseline (`swift package benchmark baseline read NAME --format markdown`) into this script, which prints, per type,
each figure in ns per attribute (the p50 of one frame over the benchmark's 100 000 attributes) and its ratio to the
closed-form floor of the same component count, measured in the same run, against the project's targets
(docs/PERFORMANCE.md, "The animation runtime"); then the daemon's encoders in ns each. Exit status 0 when every
target is met, 1 when one is not, 2 when the report lacks a figure this table needs.

Usage: swift package benchmark baseline read latest --format markdown | Benchmarks/floor-ratios.py"""
import re
import sys

ATTRIBUTES = 100_000  # Benchmarks/EngineBenchmarks: attributeCount
UNITS = {"ns": 1.0, "μs": 1e3, "ms": 1e6, "s": 1e9}
# Type, components (which floor it is divided by).
TYPES = [("Double", 1), ("AnimatablePair (2)", 2), ("CGPoint", 2), ("CGSize", 2), ("CGRect", 4), ("AnimatableVector (4)", 4)]
# Figure, and its target as a multiple of the floor.
FIGURES = [("step", 2), ("read presentationValue", 5), ("read velocity", 5), ("start from rest", 100),
           ("re-target", 40), ("step after re-target", 2)]


def medians(report):
    """{(target, benchmark): p50 wall clock in ns} from package-benchmark's markdown report."""
    found, target, name, columns = {}, None, None, None
    for line in report.splitlines():
        if line.startswith("## "):
            target = line[3:].strip()
        elif line.startswith("### "):
            name = line[4:].strip()
        elif line.startswith("| Metric"):
            columns = [cell.strip() for cell in line.strip("|").split("|")]
        elif line.startswith("| Time (wall clock)") and name and columns:
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            unit = re.search(r"\((ns|μs|ms|s)\)", cells[0])
            if unit is None:
                sys.exit(f"floor-ratios: the wall-clock row of '{name}' names no time unit: {cells[0]!r}")
            found[(target, name)] = float(cells[columns.index("p50")]) * UNITS[unit.group(1)]
    return found


def main():
    found = medians(sys.stdin.read())
    if not found:
        sys.exit("floor-ratios: the report on stdin has no wall-clock figures; pipe `swift package benchmark baseline "
                 "read NAME --format markdown` into it (make bench does)")

    def figure(target, name):
        if (target, name) not in found:
            print(f"floor-ratios: the report has no figure for '{name}' ({target}); run every benchmark "
                  f"(make bench) before reading its baseline", file=sys.stderr)
            sys.exit(2)
        return found[(target, name)]

    per_attribute = lambda ns: ns / ATTRIBUTES
    text = lambda value: f"{value:.2f}" if value < 10 else f"{value:.1f}" if value < 100 else f"{value:.0f}"
    print("ns per attribute, p50 of a frame over 100 000 attributes; × the floor of the same component count")
    print()
    print("| type | floor | " + " | ".join(name for name, _ in FIGURES) + " |")
    print("|---|---|" + "---|" * len(FIGURES))
    all_met = True
    for type_name, components in TYPES:
        floor = per_attribute(figure("EngineBenchmarks", f"floor: {components} component{'' if components == 1 else 's'}"))
        cells = []
        for name, target in FIGURES:
            value = per_attribute(figure("EngineBenchmarks", f"{type_name}: {name}"))
            ratio = value / floor
            met = ratio <= target
            all_met = all_met and met
            cells.append(f"{text(value)}; {text(ratio)}× {'≤' if met else '>'} {target}×")
        print(f"| {type_name} | {text(floor)} | " + " | ".join(cells) + " |")
    print()
    daemon = sorted((name, ns) for (target, name), ns in found.items() if target == "DaemonBenchmarks")
    if daemon:
        print("| the daemon's encoders | ns each, p50 |")
        print("|---|---|")
        for name, ns in daemon:
            print(f"| {name} | {text(ns)} |")
        print()
    print("every target met" if all_met else "some target NOT met")
    return 0 if all_met else 1


if __name__ == "__main__":
    sys.exit(main())
