import FoundationEssentials
import Testing
@testable import Kinetic

private struct AvatarTappedKey: TransactionKey {
    static let defaultValue: Bool = false
}

extension Transaction {
    fileprivate var avatarTapped: Bool {
        get { self[AvatarTappedKey.self] }
        set { self[AvatarTappedKey.self] = newValue }
    }
}

@Suite struct TransactionTests {
    @Test func defaults() {
        let transaction = Transaction()
        #expect(transaction.animation == nil)
        #expect(!transaction.disablesAnimations)
        #expect(!transaction.isContinuous)
        #expect(!transaction.tracksVelocity)
        #expect(!transaction.avatarTapped)
        #expect(Transaction(animation: .spring).animation == .spring)
    }

    @Test func customKeys() {
        var transaction = Transaction()
        transaction.avatarTapped = true
        #expect(transaction.avatarTapped)
        #expect(transaction[AvatarTappedKey.self])
    }

    @Test func currentTransactionIsScopedToTheBody() {
        #expect(Transaction.current == nil)
        withAnimation(.bouncy) {
            #expect(Transaction.current?.animation == .bouncy)
            withTransaction(\.isContinuous, true) {
                // iOS 17 merging: the inner sets only isContinuous, the outer animation stays.
                #expect(Transaction.current?.animation == .bouncy)
                #expect(Transaction.current?.isContinuous == true)
            }
            #expect(Transaction.current?.isContinuous == false)
        }
        #expect(Transaction.current == nil)
    }

    /// The lane spring a grouped re-target reads follows the current transaction: the body's fluid spring, `nil`
    /// under a transaction that is not a lone fluid spring, put back when a nested body ends, gone after the outer
    /// one. A task inherits the transaction but not the thread's slot (its changes take the generic path, which
    /// reads ``Transaction/current``).
    @Test func laneSpringFollowsTheCurrentTransaction() async {
        let spring = Animation.interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0)
        let fluid = FluidSpringAnimation(response: 0.15, dampingFraction: 0.86, blendDuration: 0)
        #expect(Transaction.laneRetargetSpring() == nil)
        let inherited: Task<(FluidSpringAnimation?, Animation?), Never> = withAnimation(spring) {
            #expect(Transaction.laneRetargetSpring() == fluid)
            withAnimation(.linear) { #expect(Transaction.laneRetargetSpring() == nil) }
            withAnimation(spring, completionCriteria: .removed) {
                #expect(Transaction.laneRetargetSpring() == nil, "a completion needs the generic path")
            } completion: {}
            #expect(Transaction.laneRetargetSpring() == fluid, "put back when the nested body ends")
            return Task { (Transaction.laneRetargetSpring(), Transaction.current?.animation) }
        }
        #expect(Transaction.laneRetargetSpring() == nil)
        let (slot, animation) = await inherited.value
        #expect(animation == spring, "the task inherits the transaction")
        #expect(slot == nil, "but not the thread's lane spring")
    }

    /// withAnimation(A) { withAnimation(B) { a = … }; b = … }: a animates with B, b with A (docs/ANIMATION.md §6.2).
    @Test func nestedWithAnimation() {
        let graph = AnimationGraph()
        let a = graph.attribute(0.0)
        let b = graph.attribute(0.0)
        withAnimation(.testLinear(1)) {
            withAnimation(.testLinear(2)) { a.value = 1 }
            b.value = 1
        }
        graph.advance(to: 0.5)
        #expect(a.presentationValue == 0.25)
        #expect(b.presentationValue == 0.5)
    }

    @Test func withAnimationNilInsideAnAnimationSnaps() {
        let graph = AnimationGraph()
        let a = graph.attribute(0.0)
        withAnimation(.testLinear(1)) {
            withAnimation(nil) { a.value = 1 }
        }
        #expect(!a.isAnimating)
        #expect(a.presentationValue == 1)
    }

    @Test func withAnimationDefaultsToTheDefaultAnimation() {
        let graph = AnimationGraph()
        let a = graph.attribute(0.0)
        withAnimation { a.value = 1 }
        #expect(a.animator?.animation == .default)
    }

    /// `disablesAnimations` does not stop the transaction's own animation (docs/ANIMATION.md §5.1, probe T8).
    @Test func disablesAnimationsKeepsTheTransactionsOwnAnimation() {
        let graph = AnimationGraph()
        let a = graph.attribute(0.0)
        var transaction = Transaction(animation: .testLinear(1))
        transaction.disablesAnimations = true
        withTransaction(transaction) { a.value = 1 }
        graph.advance(to: 0.5)
        #expect(a.presentationValue == 0.5)
    }

    /// The attribute's animation override plays `.animation(_:value:)`: it replaces the transaction's
    /// animation (even with nil), unless the transaction disables animations (docs/ANIMATION.md §6.3).
    @Test func animationOverride() {
        let graph = AnimationGraph()
        let a = graph.attribute(0.0)
        a.animation(.testLinear(4))
        withAnimation(.testLinear(1)) { a.value = 1 }
        a.value = 1   // a change without a transaction is animated by the override too
        graph.advance(to: 1)
        #expect(a.presentationValue == 0.25)

        let b = graph.attribute(0.0)
        b.animation(.testLinear(4))
        var transaction = Transaction(animation: .testLinear(1))
        transaction.disablesAnimations = true
        withTransaction(transaction) { b.value = 1 }
        graph.advance(to: 1.5)
        #expect(b.presentationValue == 0.5)

        let c = graph.attribute(0.0)
        c.animation(nil)
        withAnimation(.testLinear(1)) { c.value = 1 }
        #expect(!c.isAnimating)
        c.removeAnimationOverride()
        withAnimation(.testLinear(1)) { c.value = 2 }
        #expect(c.isAnimating)
    }

    /// The attribute's transaction transform plays `.transaction { }`, reading custom keys.
    @Test func transactionTransform() {
        let graph = AnimationGraph()
        let a = graph.attribute(0.0)
        a.transaction { transaction in
            transaction.animation = transaction.avatarTapped ? .testLinear(2) : .testLinear(1)
        }
        var tapped = Transaction()
        tapped.avatarTapped = true
        withTransaction(tapped) { a.value = 1 }
        graph.advance(to: 0.5)
        #expect(a.presentationValue == 0.25)
        graph.advance(to: 3)
        a.value = 2
        graph.advance(to: 3.5)
        #expect(a.presentationValue == 1.5)
        a.transaction(nil)
        a.value = 3
        #expect(!a.isAnimating || a.presentationValue != 3)
    }

    @Test func transformRunsAfterTheOverride() {
        let graph = AnimationGraph()
        let a = graph.attribute(0.0)
        a.animation(.testLinear(1))
        a.transaction { transaction in
            #expect(transaction.animation == .testLinear(1))
            transaction.animation = nil
        }
        a.value = 1
        #expect(!a.isAnimating)
    }
}
