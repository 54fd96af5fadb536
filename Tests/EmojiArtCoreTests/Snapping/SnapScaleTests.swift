import Testing

@testable import EmojiArtCore

/// R1 for a selection scaled by a corner handle (S8): only the dragged corner's two edges snap,
/// through the one scale that keeps the emojis' proportions.
@Suite struct SnapScaleTests {
    typealias F = SnapFixtures

    /// The selection's box when the drag began, scaled about its top-left corner (the
    /// bottom-right handle is dragged).
    let frame = F.frame(x: 200, y: 200, width: 100, height: 50)
    let pivot = DocumentPoint(x: 200, y: 200)
    /// A target whose left edge is the line x = 400, far above the selection.
    let target = F.frame(x: 400, y: -1000, width: 60, height: 60)

    @Test("the dragged corner's edge near a line sets the scale that puts it there, with a guide")
    func cornerSnaps() {
        let targets = F.targets(target)
        // At 1.98 the right edge is at 398, 2 from the line x = 400; at 2 it is on it.
        let result = targets.snapScale(1.98, of: frame, about: pivot, movingEdges: [.right, .bottom], tolerance: 6)
        #expect(result.scale == 2)
        #expect(result.guides == [SnapGuide(orientation: .vertical, position: 400, span: -1000...300)])
    }

    @Test("the vertical edge can decide as well: the bottom onto a line y = c")
    func bottomEdgeSnaps() {
        let targets = F.targets(F.frame(x: -900, y: 330, width: 10, height: 10))  // y lines 330, 335, 340
        // At 2.5 the bottom is at 325; at 2.6 it is at 330.
        let result = targets.snapScale(2.5, of: frame, about: pivot, movingEdges: [.right, .bottom], tolerance: 6)
        #expect(abs(result.scale - 2.6) < 1e-12)
        #expect(result.guides.map(\.orientation) == [.horizontal])
        #expect(result.guides.first?.span == -900...460)
    }

    @Test("the edges that stay with the pivot snap nothing, and a corner far from lines keeps its scale")
    func fixedEdgesIgnored() {
        // A line 3 from the frame's left edge, which the bottom-right handle does not move.
        let targets = F.targets(F.frame(x: 203, y: -1000, width: 0, height: 0))
        let result = targets.snapScale(1.5, of: frame, about: pivot, movingEdges: [.right, .bottom], tolerance: 6)
        #expect(result == SnappedScale(scale: 1.5, guides: []))
        // The same line does pull a plain drag.
        #expect(targets.snap(frame, tolerance: 6).correction.dx == 3)
    }

    @Test("only the named edges snap in a plain snap too")
    func namedEdgesOnly() {
        let targets = F.targets(F.frame(x: 203, y: -1000, width: 0, height: 0))
        #expect(targets.snap(frame, edges: [.right, .bottom], tolerance: 6) == .none)
        #expect(targets.snap(frame, edges: [.left], tolerance: 6).correction.dx == 3)
    }

    @Test("of the two edges, the nearer its line decides the scale")
    func nearerEdgeDecides() {
        // Right edge at scale 1.97: 397, 3 from x = 400. Bottom at 298.5, 1.5 from y = 300.
        let targets = F.targets(target, F.frame(x: -900, y: 300, width: 0, height: 0))
        let result = targets.snapScale(1.97, of: frame, about: pivot, movingEdges: [.right, .bottom], tolerance: 6)
        #expect(result.scale == 2)
        #expect(result.guides.count == 2)  // at 2 both edges lie on lines
    }

    @Test("a line on the pivot's far side never turns the selection inside out")
    func noNegativeScale() {
        // At 0.02 the right edge is at 202, 2 from the line x = 200 — which needs scale 0.
        let targets = F.targets(F.frame(x: 200, y: -1000, width: 0, height: 0))
        let result = targets.snapScale(0.02, of: frame, about: pivot, movingEdges: [.right, .bottom], tolerance: 6)
        #expect(result.scale == 0.02)
        #expect(result.guides.isEmpty)
    }
}
