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
/// Safe because the graph clears ``isAlive`` first thing in its deinit, and ``graph`` is only read through
/// ``AnimatableAttribute/graph``, which checks it: the unowned reference is never followed once the graph is gone.
@usableFromInline
final class GraphLink {
    @usableFromInline unowned(unsafe) let graph: AnimationGraph
    @usableFromInline @exclusivity(unchecked) var isAlive = true

    init(_ graph: AnimationGraph) {
        self.graph = graph
    }
}
