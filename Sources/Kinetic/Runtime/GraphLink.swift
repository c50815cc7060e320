// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// What an attribute keeps of its graph: the graph while it exists, and `nil` from the moment its deinit begins
/// (``AnimationGraph/link``, shared by all of a graph's attributes).
///
/// A `weak` reference says the same, but every load of one goes through the graph's side table with atomic
/// operations, and once the side table exists every retain and release of the graph takes the slow path too.
/// Starting a spring from rest loads the graph once per attribute: with a weak reference, the load and the
/// release after it were 17 % of a `Double` start (`perf record` of `RuntimeBenchmark --type Double --frames 1`,
/// `swift_weakLoadStrong` and `doDecrementSlow`).
///
/// Safe because the graph clears ``isAlive`` first thing in its deinit, and ``graph`` is only read where ``isAlive``
/// is checked first (``current``, and the attribute's inlined start, which reads both): the unowned reference is never
/// followed once the graph is gone. Everything of the engine that keeps a graph without owning it — attributes,
/// keyframe animators — keeps its link.
@usableFromInline
final class GraphLink {
    @usableFromInline unowned(unsafe) let graph: AnimationGraph
    @usableFromInline @exclusivity(unchecked) var isAlive = true

    /// The graph while it exists, else `nil`: what a `weak` reference would give.
    @inlinable var current: AnimationGraph? { isAlive ? graph : nil }

    init(_ graph: AnimationGraph) {
        self.graph = graph
    }
}
