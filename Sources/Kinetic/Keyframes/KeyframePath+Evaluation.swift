// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension KeyframePath {
    /// The index of the timed element that shows `time`, for 0 ≤ time < duration: the first element
    /// of positive duration ending at or after it. So a boundary belongs to the element that ends
    /// there (K5: 10 at 0.2 s, before the move to −5), and jumps at time 0 are already made at 0.
    private func elementIndex(at time: TimeInterval) -> Int {
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].start + elements[middle].duration < time {
                low = middle + 1
            } else {
                high = middle
            }
        }
        while elements[low].duration == 0 { low += 1 }
        return low
    }

    /// The track's value `time` seconds after its start: the initial value before 0 (and for NaN),
    /// the final value (after any trailing jumps) from ``duration`` on.
    func value(at time: TimeInterval) -> Value {
        guard time >= 0, let last = elements.last else { return initialValue }
        guard time < duration else { return Self.write(last.end, into: last.target) }
        let element = elements[elementIndex(at: time)]
        return Self.write(element.data(at: time - element.start), into: element.target)
    }

    /// The track's velocity `time` seconds after its start, in value units per second; 0 before
    /// the start, after the end and at jumps.
    func velocity(at time: TimeInterval) -> Data {
        guard time >= 0, time < duration else { return .zero }
        let element = elements[elementIndex(at: time)]
        return element.velocity(at: time - element.start)
    }

    private static func write(_ data: Data, into value: Value) -> Value {
        var result = value
        result.animatableData = data
        return result
    }
}

extension KeyframePath.Element {
    /// The data `elapsed` seconds into this element (0 ≤ elapsed ≤ duration).
    func data(at elapsed: TimeInterval) -> Value.AnimatableData {
        switch motion {
        case .move:
            return to
        case let .linear(curve):
            return from.interpolated(towards: to, amount: curve.value(at: elapsed / duration))
        case let .cubic(startTangent, endTangent):
            let u = elapsed / duration
            let u2 = u * u
            let u3 = u2 * u
            return from.scaled(by: 2 * u3 - 3 * u2 + 1) + to.scaled(by: 3 * u2 - 2 * u3)
                + startTangent.scaled(by: u3 - 2 * u2 + u) + endTangent.scaled(by: u3 - u2)
        case let .spring(spring, initialVelocity):
            return from + spring.value(target: to - from, initialVelocity: initialVelocity, time: elapsed)
        }
    }

    /// The time derivative of ``data(at:)``, in value units per second.
    func velocity(at elapsed: TimeInterval) -> Value.AnimatableData {
        switch motion {
        case .move:
            return .zero
        case let .linear(curve):
            return (to - from).scaled(by: curve.velocity(at: elapsed / duration) / duration)
        case let .cubic(startTangent, endTangent):
            let u = elapsed / duration
            let u2 = u * u
            let slope = from.scaled(by: 6 * u2 - 6 * u) + to.scaled(by: 6 * u - 6 * u2)
                + startTangent.scaled(by: 3 * u2 - 4 * u + 1) + endTangent.scaled(by: 3 * u2 - 2 * u)
            return slope.scaled(by: 1 / duration)
        case let .spring(spring, initialVelocity):
            return spring.velocity(target: to - from, initialVelocity: initialVelocity, time: elapsed)
        }
    }
}
