#!/usr/bin/env python3
"""The engine's micro-benchmarks against their floor: `make bench` pipes package-benchmark's markdown report of a
baseline (`swift package benchmark baseline read NAME --format markdown`) into this script, which prints, per type,
each figure in ns per attribute (the p50 of one frame over the benchmark's 100 000 attributes) and its ratio to the
closed-form floor of the same component count, measured in the same run, against the project's targets (a type
whose figures or floor the run left out, through a filter, is named and skipped)
(docs/PERFORMANCE.md, "The animation runtime"); then the daemon's encoders in ns each. Its last line says whether
every target is met. Exit status 0 once the tables are printed (with --check: 1 when a target is not met), 2 when
the report has no wall-clock figure at all.

Usage: swift package benchmark baseline read latest --format markdown | Benchmarks/floor-ratios.py [--check]"""
import re
import sys

ATTRIBUTES = 100_000  # Benchmarks/EngineBenchmarks: attributeCount
UNITS = {"ns": 1.0, "μs": 1e3, "ms": 1e6, "s": 1e9}
# Type, components (which floor it is divided by).
TYPES = [("Double", 1), ("AnimatablePair (2)", 2), ("CGPoint", 2), ("CGSize", 2), ("CGRect", 4), ("AnimatableVector (4)", 4)]
# Figure, and its target as a multiple of the floor.
FIGURES = [("step", 2), ("read presentationValue", 5), ("read velocity", 5), ("start from rest", 100),
           ("re-target", 40), ("step after re-target", 2)]


def fail(reason):
    print(f"floor-ratios: {reason}", file=sys.stderr)
    sys.exit(2)


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
                fail(f"the wall-clock row of '{name}' names no time unit ({cells[0]!r}); is this package-benchmark's "
                     f"markdown report?")
            found[(target, name)] = float(cells[columns.index("p50")]) * UNITS[unit.group(1)]
    return found


def main():
    found = medians(sys.stdin.read())
    if not found:
        fail("the report on stdin has no wall-clock figures; pipe `swift package benchmark baseline read NAME "
             "--format markdown` into it (make bench does)")

    def figure(name):
        return found.get(("EngineBenchmarks", name))

    per_attribute = lambda ns: ns / ATTRIBUTES
    text = lambda value: f"{value:.2f}" if value < 10 else f"{value:.1f}" if value < 100 else f"{value:.0f}"
    all_met, left_out, rows = True, [], []
    for type_name, components in TYPES:
        floor = figure(f"floor: {components} component{'' if components == 1 else 's'}")
        values = [figure(f"{type_name}: {name}") for name, _ in FIGURES]
        if floor is None or None in values:
            left_out.append(type_name)
            continue
        cells = []
        for value, (name, target) in zip(values, FIGURES):
            ratio = value / floor
            met = ratio <= target
            all_met = all_met and met
            cells.append(f"{text(per_attribute(value))}; {text(ratio)}× {'≤' if met else '>'} {target}×")
        rows.append(f"| {type_name} | {text(per_attribute(floor))} | " + " | ".join(cells) + " |")
    if rows:
        print("ns per attribute, p50 of a frame over 100 000 attributes; × the floor of the same component count")
        print()
        print("| type | floor | " + " | ".join(name for name, _ in FIGURES) + " |")
        print("|---|---|" + "---|" * len(FIGURES))
        print("\n".join(rows))
    if left_out:
        print(f"(not in this run, or without its floor: {', '.join(left_out)})")
    print()
    daemon = sorted((name, ns) for (target, name), ns in found.items() if target == "DaemonBenchmarks")
    if daemon:
        print("| the daemon's encoders | ns each, p50 |")
        print("|---|---|")
        for name, ns in daemon:
            print(f"| {name} | {text(ns)} |")
        print()
    if rows:
        print("every target met" if all_met else "some target NOT met")
    return 0 if all_met or "--check" not in sys.argv[1:] else 1


if __name__ == "__main__":
    sys.exit(main())
