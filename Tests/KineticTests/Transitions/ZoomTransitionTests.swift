import FoundationEssentials
import Testing
@testable import Kinetic

/// The zoom transition and its interactive dismissal.
@Suite struct ZoomTransitionTests {
    let source = CGRect(x: 40, y: 100, width: 100, height: 100)
    let destination = CGRect(x: 0, y: 0, width: 400, height: 800)

    func settle(_ graph: AnimationGraph, from start: Double) -> Double {
        var time = start
        while graph.isAnimating {
            time += 1.0 / 120
            graph.advance(to: time)
        }
        return time
    }

    @Test func presentsFromTheSourceToTheDestination() {
        let graph = AnimationGraph()
        let zoom = ZoomTransition(graph: graph, source: source, destination: destination, sourceCornerRadius: 12)
        #expect(zoom.frame.presentationValue == source && zoom.state == .dismissed)
        withAnimation(.linear(duration: 1)) { zoom.present() }
        graph.advance(to: 0.5)
        // Halfway on a linear curve: every component of the rect and the radius halfway.
        let frame = zoom.frame.presentationValue
        #expect(abs(frame.origin.x - 20) < 1e-9 && abs(frame.origin.y - 50) < 1e-9)
        #expect(abs(frame.width - 250) < 1e-9 && abs(frame.height - 450) < 1e-9)
        #expect(abs(zoom.cornerRadius.presentationValue - 6) < 1e-9)
        _ = settle(graph, from: 0.5)
        #expect(zoom.frame.presentationValue == destination && zoom.cornerRadius.presentationValue == 0)
        #expect(zoom.state == .presented)
    }

    @Test func aPresentationInterruptedByADismissalTurnsRoundWithoutAJump() throws {
        let graph = AnimationGraph()
        let zoom = ZoomTransition(graph: graph, source: source, destination: destination)
        withAnimation(.spring) { zoom.present() }
        graph.advance(to: 0.1)
        let frame = zoom.frame.presentationValue
        let velocity = try #require(zoom.frame.velocity)
        #expect(velocity.second.second > 0, "still growing")
        withAnimation(.spring) { zoom.dismiss() }
        #expect(zoom.frame.presentationValue == frame && zoom.frame.velocity == velocity)
        _ = settle(graph, from: 0.1)
        #expect(zoom.frame.presentationValue == source && zoom.state == .dismissed)
    }

    @Test func theDragShrinksTheElementWithTheDistance() {
        let zoom = ZoomTransition(graph: AnimationGraph(), source: source, destination: destination)
        // 200 of the destination's 800 points: a quarter of the way to the minimum scale 0.6.
        #expect(zoom.dragScale(for: CGSize(width: 0, height: 200)) == 1 - 0.4 * 0.25)
        #expect(zoom.dragScale(for: CGSize(width: 600, height: 800)) == 0.6)
        #expect(zoom.dragScale(for: .zero) == 1)
        #expect(zoom.dragFrame(for: CGSize(width: 0, height: 200)) == CGRect(x: 20, y: 240, width: 360, height: 720))
    }

    /// Drags down by `distance` over 10 frames, then releases at `speed` points/s.
    func dragAndRelease(distance: CGFloat, speed: CGFloat) throws -> (ZoomTransition, AnimationGraph, Bool, Double) {
        let graph = AnimationGraph()
        let zoom = ZoomTransition(graph: graph, source: source, destination: destination)
        zoom.present()
        var time = 0.0
        for frame in 1...10 {
            time = Double(frame) / 120
            graph.advance(to: time)
            zoom.updateDismissal(translation: CGSize(width: 0, height: distance * CGFloat(frame) / 10))
            #expect(zoom.state == .dragging)
        }
        time += 1.0 / 120
        graph.advance(to: time)
        let velocity = try #require(zoom.frame.velocity), frame = zoom.frame.presentationValue
        let dismissed = zoom.endDismissal(translation: CGSize(width: 0, height: distance),
                                          velocity: CGSize(width: 0, height: speed))
        // The release spring takes over where the drag left the element, with its velocity (a different response:
        // the merge goes through the generic path, and presentation = model + offset rounds at the last bit).
        let after = zoom.frame.presentationValue, afterVelocity = try #require(zoom.frame.velocity)
        #expect((after.animatableData - frame.animatableData).magnitudeSquared < 1e-18)
        #expect((afterVelocity - velocity).magnitudeSquared < 1e-18)
        return (zoom, graph, dismissed, time)
    }

    @Test func aShortSlowReleaseCancels() throws {
        // Projected 40 + 50 × 0.499 = 64.95 points, under a quarter of 800.
        let (zoom, graph, dismissed, time) = try dragAndRelease(distance: 40, speed: 50)
        #expect(!dismissed && zoom.state == .presented)
        _ = settle(graph, from: time)
        #expect(zoom.frame.presentationValue == destination)
    }

    @Test func aFlingDismisses() throws {
        // Projected 100 + 400 × 0.499 = 299.6 points: past 200.
        let (zoom, graph, dismissed, time) = try dragAndRelease(distance: 100, speed: 400)
        #expect(dismissed && zoom.state == .dismissed)
        _ = settle(graph, from: time)
        #expect(zoom.frame.presentationValue == source)
    }
}

/// Non-finite input: nothing traps, and no animation carries NaN (the runtime snaps a non-finite change).
@Suite struct TransitionBadInputTests {
    @Test func nonFiniteDragsAndReleasesNeitherTrapNorDismiss() {
        let graph = AnimationGraph()
        let zoom = ZoomTransition(graph: graph, source: .zero, destination: CGRect(x: 0, y: 0, width: 100, height: 200))
        zoom.present()
        for translation in [CGSize(width: CGFloat.nan, height: 0), CGSize(width: 0, height: CGFloat.infinity)] {
            #expect(zoom.dragScale(for: translation) == ZoomTransition.minimumDragScale)
            zoom.updateDismissal(translation: translation)
        }
        #expect(!zoom.endDismissal(translation: CGSize(width: CGFloat.nan, height: 0), velocity: CGSize(width: 0, height: CGFloat.infinity)))
        graph.advance(to: 1)
        #expect(!graph.isAnimating)
    }

    @Test func nonFiniteTransitionParametersDoNotAnimate() {
        let graph = AnimationGraph()
        let presence = TransitionPresence(graph: graph, transition: .scale(scale: .nan).combined(with: .offset(x: CGFloat.infinity)))
        withAnimation(.spring) { presence.insert() }
        graph.advance(to: 0.5)
        #expect(presence.effect.scale == CGSize(width: 1, height: 1) && presence.effect.offset == .zero)
        #expect(!graph.isAnimating)
    }
}
