// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Where an element is in its transition, as SwiftUI's `TransitionPhase`.
///
/// An inserted element is shown in `willAppear` and at once moves to `identity`; a removed one moves from
/// `identity` to `didDisappear`. Removing an element while it is still appearing moves it to `didDisappear`;
/// inserting it again while it is disappearing moves it back to `identity` (``TransitionPresence``).
@frozen
public enum TransitionPhase: Hashable, Sendable {
    /// About to be inserted: the appearance the insertion animates from.
    case willAppear
    /// Present: the steady appearance (a transition changes nothing here).
    case identity
    /// Being removed: the appearance the removal animates to.
    case didDisappear

    /// Whether this is ``identity``.
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// −1 for ``willAppear``, 0 for ``identity``, 1 for ``didDisappear`` (SwiftUI's values), for effects that
    /// go one way in and the other way out.
    @inlinable
    public var value: Double {
        switch self {
        case .willAppear: -1
        case .identity: 0
        case .didDisappear: 1
        }
    }
}
