// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Animates runtime values through a sequence of phases: a headless `PhaseAnimator` (docs/ANIMATION.md §7.5).
///
/// `content` maps a phase to values — it sets attributes of an ``AnimationGraph`` — and
/// `animation(for:)` picks the animation of each step from the phase being moved **to** (`nil`: no
/// animation). The animator shows the first phase at rest (un-animated). A cycle moves to each
/// following phase in turn and then back to the first; each step starts when the previous step's
/// animations are logically complete (`.logicallyComplete`, so a spring step ends at its response,
/// before it settles). The steps run inside ``AnimationGraph/advance(to:)`` as completions come due.
///
/// * With a trigger, each change of ``trigger`` runs one cycle. A change during a cycle runs one more
///   cycle after it (several changes during a cycle still make one more).
/// * Without a trigger (``init(_:content:animation:)``), cycles run forever.
/// * A step that changes nothing animatable starts no animation; its completion fires at once and
///   the next step follows immediately, so equal consecutive phases are effectively skipped. A
///   whole cycle that animates nothing ends the cycling instead of spinning forever.
/// * An empty phase sequence is an error (``PhaseAnimatorError/noPhases``).
///
/// Each step runs in a transaction of its own: an animation the caller is in does not leak into it.
/// Single-threaded like the graph. The animator holds itself only weakly in the completions it
/// registers: keep a reference to it for as long as it should run.
public final class PhaseAnimator<Phase: Equatable, Trigger: Equatable> {
    /// The phases, in order; never empty.
    public let phases: [Phase]
    private let content: (Phase) -> Void
    private let animation: (Phase) -> Animation?
    private let cyclesForever: Bool
    /// Index of the phase most recently set.
    private var index = 0
    private var isCycling = false
    private var pendingCycles = 0
    /// Identifies the step whose completion is awaited, so a stale completion is ignored.
    private var step = 0

    /// The phase most recently set (the one being animated to during a step).
    public var phase: Phase { phases[index] }

    /// Whether a cycle is in progress.
    public var isAnimating: Bool { isCycling }

    /// Runs one cycle each time it changes to a different value.
    public var trigger: Trigger {
        didSet {
            guard trigger != oldValue else { return }
            if isCycling {
                pendingCycles = 1
            } else {
                isCycling = true
                advance()
            }
        }
    }

    /// A phase animator running one cycle per change of `trigger`. Sets the first phase now,
    /// without animation.
    ///
    /// - Throws: ``PhaseAnimatorError/noPhases`` when `phases` is empty.
    public init(
        _ phases: some Sequence<Phase>,
        trigger: Trigger,
        content: @escaping (Phase) -> Void,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) throws(PhaseAnimatorError) {
        let phases = Array(phases)
        guard !phases.isEmpty else { throw .noPhases }
        self.phases = phases
        self.trigger = trigger
        self.content = content
        self.animation = animation
        self.cyclesForever = false
        Self.isolated { content(phases[0]) }
    }

    private init(
        phases: [Phase], trigger: Trigger, content: @escaping (Phase) -> Void,
        animation: @escaping (Phase) -> Animation?, cyclesForever: Bool
    ) {
        self.phases = phases
        self.trigger = trigger
        self.content = content
        self.animation = animation
        self.cyclesForever = cyclesForever
    }

    /// Takes steps until one starts an animation to wait for, or the cycle is over.
    private func advance() {
        var stepsWithoutAnimation = 0
        while isCycling {
            if index == 0, stepsWithoutAnimation >= phases.count {
                // A whole cycle animated nothing: stop rather than spin.
                isCycling = false
                pendingCycles = 0
                return
            }
            index = (index + 1) % phases.count
            step += 1
            let thisStep = step
            let next = phases[index]
            var inBody = true
            var completedAtOnce = false
            Self.isolated {
                withAnimation(animation(next), completionCriteria: .logicallyComplete) {
                    content(next)
                } completion: { [weak self] in
                    if inBody {
                        completedAtOnce = true
                    } else {
                        self?.stepCompleted(thisStep)
                    }
                }
            }
            inBody = false
            if !completedAtOnce { return }
            stepsWithoutAnimation += 1
            if index == 0 { finishCycle() }
        }
    }

    private func stepCompleted(_ completed: Int) {
        guard completed == step, isCycling else { return }
        if index == 0 { finishCycle() }
        advance()
    }

    /// Back at the first phase: continue, run a pending cycle, or rest.
    private func finishCycle() {
        if cyclesForever { return }
        if pendingCycles > 0 {
            pendingCycles -= 1
        } else {
            isCycling = false
        }
    }

    /// Runs `body` in a transaction of its own, not the caller's.
    private static func isolated(_ body: () -> Void) {
        Transaction.withCurrent(nil, body)
    }
}

extension PhaseAnimator where Trigger == Never? {
    /// A phase animator cycling through `phases` forever, starting now from the first phase.
    ///
    /// - Throws: ``PhaseAnimatorError/noPhases`` when `phases` is empty.
    public convenience init(
        _ phases: some Sequence<Phase>,
        content: @escaping (Phase) -> Void,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) throws(PhaseAnimatorError) {
        let phases = Array(phases)
        guard !phases.isEmpty else { throw .noPhases }
        self.init(phases: phases, trigger: nil, content: content, animation: animation, cyclesForever: true)
        Self.isolated { content(phases[0]) }
        isCycling = true
        advance()
    }
}
