// The seed documents' non-UI transaction, withAnimation and keyframe snippets, compiled unchanged against Kinetic.
// Ours are only the wrapping test functions, the local variables the snippets assign to (`isSelected`, `progress`,
// …, state properties in the seeds), the closing braces the text extraction of seed 002 dropped, and the value
// types seed 003 uses without declaring (`AnimValues`, `PulseValues`). Where a snippet is the body of a SwiftUI
// `keyframes:` closure it is compiled as the body of a `KeyframeTimeline` (the headless equivalent, docs/ANIMATION.md §7.1).
import FoundationEssentials
import Kinetic
import Testing

// MARK: - seed 000 "Custom Transaction Keys": define a key

struct AvatarTappedKey: TransactionKey {
static let defaultValue: Bool = false
}
extension Transaction {
var avatarTapped: Bool {
get { self[AvatarTappedKey.self] }
set { self[AvatarTappedKey.self] = newValue }
}
}

// MARK: - seed 003 "Custom TransactionKey"

struct IsInteractiveKey: TransactionKey {
    static let defaultValue = false
}
extension Transaction {
    var isInteractive: Bool {
        get { self[IsInteractiveKey.self] }
        set { self[IsInteractiveKey.self] = newValue }
    }
}

// MARK: - seed 003 "Pattern 5: Reusable Helper"

extension Animation {
    static func adaptive(
        _ animation: Animation,
        reduceMotion: Bool
    ) -> Animation? {
        reduceMotion ? nil : animation
    }
}

// MARK: - seed 002 "Putting everything together": the gesture state (closing brace restored)

private struct DynamicParameters: Equatable {
    var translation: Double = 0
    var delta: Double = 0
}

// Not declared by seed 003; the smallest types its keyframe snippets compile against.
struct AnimValues {
    var scale = 1.0
}

struct PulseValues {
    var scale = 1.0
    var opacity = 1.0
}

@Suite struct TransactionAndKeyframeSnippetTests {
    /// 000 "Set value in transaction": the key reads back, and the state change runs.
    @Test func customTransactionKey000() {
        var isSelected = false
        var transaction = Transaction()
        transaction.avatarTapped = true
        withTransaction(transaction) {
        isSelected.toggle()
        }
        #expect(isSelected)
        #expect(transaction.avatarTapped)
        #expect(!Transaction().avatarTapped)
    }

    /// 003 "Custom TransactionKey" usage.
    @Test func customTransactionKey003() {
        var dragOffset = CGSize.zero
        let newOffset = CGSize(width: 12, height: -4)
        // Usage
        var transaction = Transaction(animation: .interactiveSpring)
        transaction.isInteractive = true
        withTransaction(transaction) { dragOffset = newOffset }
        #expect(dragOffset == newOffset)
        #expect(transaction.isInteractive && transaction.animation == .interactiveSpring)
    }

    /// 000 Part 5 "withAnimation", "Explicit animation", "No animation"; "Unexpected Animation Merging".
    @Test func withAnimationSnippets000() {
        var scale = 1.0
        var isExpanded = false
        var didReset = false
        func resetState() { didReset = true }

        withAnimation(.spring) {
        scale = 1.5
        }
        withAnimation(.spring(duration: 0.6, bounce: 0.4)) {
        isExpanded.toggle()
        }
        withAnimation(nil) {
        // Changes happen immediately, no animation
        resetState()
        }
        #expect(scale == 1.5 && isExpanded && didReset)

        // ❌ Spring merges with previous animation
        withAnimation(.spring) {
        scale = 1.0
        }
        // ✅ Timing curve starts fresh (additive, no merge)
        withAnimation(.easeInOut(duration: 0.5)) {
        scale = 1.0
        }
        #expect(scale == 1.0)

        // "Default Animation Changes (iOS 17+)": Before iOS 17 / iOS 17+ (the same call).
        withAnimation {
        // Used timing curve by default
        }
        withAnimation {
        // Uses .smooth spring by default
        }
    }

    /// 002: the sheet's gesture state is a plain Equatable value.
    @Test func dynamicParameters002() {
        var state = DynamicParameters()
        state.translation = 40
        #expect(state != .init() && DynamicParameters() == .init())
    }

    /// 003 "Ergonomic Extension Pattern" usage and the reduce-motion patterns 1, 2 and 5 (`reduceMotion` is an
    /// `@Environment` property in the seed).
    @Test(arguments: [false, true])
    func withAnimationSnippets003(reduceMotion: Bool) {
        var isActive = false, isExpanded = false, isVisible = false
        var selectedTab = 0
        let newTab = 2
        withAnimation(.elastic(duration: 0.5)) { isActive.toggle() }
        withAnimation(reduceMotion ? .none : .bouncy) {
            isExpanded.toggle()
        }
        withAnimation(reduceMotion ? .easeInOut(duration: 0.2) : .spring(duration: 0.4, bounce: 0.3)) {
            selectedTab = newTab
        }
        withAnimation(.adaptive(.bouncy, reduceMotion: reduceMotion)) {
            isVisible = true
        }
        #expect(isActive && isExpanded && isVisible && selectedTab == 2)
        #expect(Animation.adaptive(.bouncy, reduceMotion: reduceMotion) == (reduceMotion ? nil : .bouncy))
    }

    /// 002 "Transactions" and "Explicit and implicit animations" (closing braces restored).
    @Test func transactionSnippets002() {
        var progress = 0.0
        let candidate = 0.4
        let someValue = 0.9
        var transaction = Transaction()
        transaction.isContinuous = true
        transaction.animation = .interpolatingSpring(stiffness: 30,
                                                     damping: 20)
        withTransaction(transaction) {
            // this transaction will affect views that
            // change when progress updates and no other
            progress = candidate
        }
        #expect(progress == candidate && transaction.isContinuous)

        withAnimation(.linear) {
            progress = someValue
        }
        #expect(progress == someValue)
        progress = 0
        do {
            // is shorthand for
            var transaction = Transaction()
            transaction.animation = .linear
            withTransaction(transaction) {
                progress = someValue
            }
            #expect(transaction.animation == .linear)
        }
        #expect(progress == someValue)
    }

    /// 003 "KeyframeTimeline for Manual Evaluation". The knot between the two cubics has the Catmull-Rom
    /// velocity (1.0 − 1.0)/0.7 = 0, so the second segment is a smoothstep from 1.5 to 1.0: at 0.35 s
    /// (u = 1/8) 1.5 − 0.5·(3u² − 2u³) = 1.478515625 (by hand).
    @Test func keyframeTimelineManualEvaluation() {
        let timeline = KeyframeTimeline(initialValue: AnimValues()) {
            KeyframeTrack(\.scale) {
                CubicKeyframe(1.5, duration: 0.3)
                CubicKeyframe(1.0, duration: 0.4)
            }
        }
        let totalDuration = timeline.duration
        let valueAtHalf = timeline.value(time: totalDuration / 2)
        #expect(abs(totalDuration - 0.7) < 1e-12)
        #expect(abs(valueAtHalf.scale - 1.478515625) < 1e-12)
    }

    /// 003 "Bounce-and-Fade": the `keyframes:` closure's tracks over `BounceValues` (declared in
    /// SpringAndCurveSnippets.swift). Hand-checked: 0.65 s long; at 0.1 s the rotation has reached −5°, at 0.2 s
    /// +5° and the scale 1.3; opacity jumps to 1.0 at once.
    @Test func bounceAndFadeKeyframes() {
        let timeline = KeyframeTimeline(initialValue: SpringAndCurveSnippets.BounceValues()) {
                    KeyframeTrack(\.yOffset) {
                        SpringKeyframe(-20, duration: 0.2)
                        CubicKeyframe(5, duration: 0.15)
                        SpringKeyframe(0, duration: 0.3)
                    }
                    KeyframeTrack(\.scale) {
                        CubicKeyframe(1.3, duration: 0.2)
                        CubicKeyframe(0.95, duration: 0.15)
                        SpringKeyframe(1.0, duration: 0.3)
                    }
                    KeyframeTrack(\.rotation) {
                        LinearKeyframe(.degrees(-5), duration: 0.1)
                        LinearKeyframe(.degrees(5), duration: 0.1)
                        SpringKeyframe(.zero, duration: 0.2)
                    }
                    KeyframeTrack(\.opacity) {
                        MoveKeyframe(1.0)
                    }
        }
        #expect(abs(timeline.duration - 0.65) < 1e-12)
        #expect(abs(timeline.value(time: 0.1).rotation.degrees - -5) < 1e-9)
        #expect(abs(timeline.value(time: 0.2).rotation.degrees - 5) < 1e-9)
        #expect(abs(timeline.value(time: 0.2).scale - 1.3) < 1e-12)
        #expect(timeline.value(time: 0).opacity == 1.0)
        #expect(abs(timeline.value(time: 0.35).yOffset - 5) < 1e-12)
    }

    /// 003 "Repeating Keyframe Animation": the `keyframes:` closure's tracks. Each track rises for 0.5 s and comes
    /// back by 1.0 s; at 0.5 s the values are the peaks.
    @Test func pulseKeyframes() {
        let timeline = KeyframeTimeline(initialValue: PulseValues()) {
    KeyframeTrack(\.scale) {
        CubicKeyframe(1.3, duration: 0.5)
        CubicKeyframe(1.0, duration: 0.5)
    }
    KeyframeTrack(\.opacity) {
        CubicKeyframe(0.6, duration: 0.5)
        CubicKeyframe(1.0, duration: 0.5)
    }
        }
        #expect(abs(timeline.duration - 1) < 1e-12)
        #expect(abs(timeline.value(time: 0.5).scale - 1.3) < 1e-12)
        #expect(abs(timeline.value(time: 0.5).opacity - 0.6) < 1e-12)
        #expect(abs(timeline.value(progress: 1).scale - 1) < 1e-12)
    }
}
