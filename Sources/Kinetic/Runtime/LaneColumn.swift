import FoundationEssentials

/// One of a ``SpringLaneGroup``'s per-lane number columns (bases, forces, targets, tolerances): a buffer the group
/// owns alone and frees in its `deinit`.
///
/// Not an `Array`: a re-target moves one lane out of a group and into another at every input frame, and each
/// access to an array stored in a class retains its buffer (and, to write, checks that it is unique): with columns
/// the `Double` re-target went from about 155 to about 128 ns (single runs of `make bench-runtime
/// BENCH_ARGS="--type Double --runs 1 --frames 60"`, before and after, alternated). A column is never
/// shared or copied, so it needs neither; the group checks indices itself (lanes below its lane count,
/// ``reserve(_:keeping:)`` before appending).
@usableFromInline
struct LaneColumn {
    /// The numbers; `capacity` of them are allocated.
    @usableFromInline private(set) var base: UnsafeMutablePointer<Double>
    private(set) var capacity = 0

    init() {
        base = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    }

    /// The number at `index` (below ``capacity``).
    @inlinable
    subscript(index: Int) -> Double {
        @inline(__always) get { base[index] }
        @inline(__always) nonmutating set { base[index] = newValue }
    }

    /// Makes room for at least `count` numbers, keeping the first `kept`.
    mutating func reserve(_ count: Int, keeping kept: Int) {
        guard count > capacity else { return }
        let newCapacity = Swift.max(count, 2 * capacity)
        let grown = UnsafeMutablePointer<Double>.allocate(capacity: newCapacity)
        grown.update(from: base, count: kept)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// Frees the numbers; the group's `deinit` calls it once.
    func deallocate() {
        base.deallocate()
    }
}
