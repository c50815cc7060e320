// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// One of a ``SpringLaneGroup``'s per-lane number columns (bases, forces, targets, tolerances): a buffer the group
/// owns alone and frees in its `deinit`.
///
/// Not an `Array`: a re-target moves one lane out of a group and into another at every input frame, and each
/// access to an array stored in a class retains its buffer (and, to write, checks that it is unique): with columns
/// the `Double` re-target went from about 155 to about 128 ns (single runs of `make bench-runtime
/// BENCH_ARGS="--type Double --runs 1 --frames 60"`, before and after, alternated). A column is never
/// shared or copied, so it needs neither; the group checks indices itself (lanes below its lane count,
/// ``reserve(_:)`` before appending).
///
/// Its memory comes from `malloc` and grows with `realloc`, which moves a large column's pages instead of copying
/// them (glibc remaps blocks above its mmap threshold): 100 000 springs started from rest in one transaction grow
/// each column 13 times, and allocating, copying and freeing at each growth was a third of the start's time, in
/// page faults and copies (`perf record` of `RuntimeBenchmark --type Double --frames 1`).
@usableFromInline
struct LaneColumn {
    /// The numbers; `capacity` of them are allocated.
    @usableFromInline private(set) var base: UnsafeMutablePointer<Double>
    private(set) var capacity = 0

    init() {
        base = Self.resize(nil, to: 1)
    }

    /// The number at `index` (below ``capacity``).
    @inlinable
    subscript(index: Int) -> Double {
        @inline(__always) get { base[index] }
        @inline(__always) nonmutating set { base[index] = newValue }
    }

    /// Makes room for at least `count` numbers, keeping the ones it holds.
    mutating func reserve(_ count: Int) {
        guard count > capacity else { return }
        let newCapacity = Swift.max(count, 2 * capacity)
        base = Self.resize(base, to: newCapacity)
        capacity = newCapacity
    }

    /// Frees the numbers; the group's `deinit` calls it once.
    func deallocate() {
        free(base)
    }

    /// `base` (or a new block when `nil`) resized to `count` numbers, its contents kept up to the smaller size.
    /// Running out of memory stops the process, as Swift's own allocations do.
    private static func resize(_ base: UnsafeMutablePointer<Double>?, to count: Int) -> UnsafeMutablePointer<Double> {
        guard let block = realloc(base, count * MemoryLayout<Double>.stride) else {
            fatalError("LaneColumn: out of memory for \(count) numbers")
        }
        return block.assumingMemoryBound(to: Double.self)
    }
}
