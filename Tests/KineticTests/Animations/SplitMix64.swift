/// The runtime tests' name for the shared seeded generator (Support/SeededGenerator.swift).
typealias SplitMix64 = SeededGenerator
