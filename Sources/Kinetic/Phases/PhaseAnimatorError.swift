// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Why a ``PhaseAnimator`` could not be created.
public enum PhaseAnimatorError: Error, Equatable, CustomStringConvertible {
    /// The phase sequence was empty (SwiftUI shows a warning view in that case, docs/ANIMATION.md §7.5).
    case noPhases

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .noPhases:
            "PhaseAnimator needs at least one phase: pass a non-empty sequence "
                + "(the first phase is shown at rest, the others are animated through in order)"
        }
    }
}
