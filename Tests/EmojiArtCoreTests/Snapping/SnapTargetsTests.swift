import Testing

@testable import EmojiArtCore

/// R1: a dragged frame's left, centre and right (x) and top, middle and bottom (y) snap to the
/// same lines of other emojis in view, of the background's frame and of the origin, within
/// 6 px on screen, and a guide spans the things aligned.
@Suite struct SnapTargetsTests {
    typealias F = SnapFixtures

    /// A 40-point square whose x lines are 480, 500 and 520, and y lines 480, 500, 520.
    let square = F.frame(x: 480, y: 480, width: 40, height: 40)

    @Test("a frame whose centre comes within the tolerance of another's centre line moves onto it, and not from further")
    func centreWithinTolerance() {
        let targets = F.targets(square)
        // 70 wide, so its left and right edges stay far from the square's lines.
        let near = F.frame(x: 503 - 35, y: 700, width: 70, height: 30)
        let result = targets.snap(near, tolerance: 6)
        #expect(result.correction == DocumentVector(dx: -3, dy: 0))
        #expect(result.guides == [SnapGuide(orientation: .vertical, position: 500, span: 480...730)])

        let far = F.frame(x: 507 - 35, y: 700, width: 70, height: 30)
        #expect(targets.snap(far, tolerance: 6) == .none)
    }

    @Test("the background's edges and the origin are targets too")
    func backgroundAndOrigin() {
        let background = DocumentRect(minX: -400, minY: -300, maxX: 400, maxY: 300)
        let targets = F.targets(background: background)
        let nearBackground = F.frame(x: -397, y: 100, width: 50, height: 50)  // middle 125: nothing near
        let toEdge = targets.snap(nearBackground, tolerance: 6)
        #expect(toEdge.correction == DocumentVector(dx: -3, dy: 0))
        #expect(toEdge.guides == [SnapGuide(orientation: .vertical, position: -400, span: -300...300)])

        let nearOrigin = DocumentRect(center: DocumentPoint(x: 2, y: -3), size: DocumentSize(width: 100, height: 100))
        let toOrigin = F.targets().snap(nearOrigin, tolerance: 6)
        #expect(toOrigin.correction == DocumentVector(dx: -2, dy: 3))
        #expect(
            toOrigin.guides == [
                SnapGuide(orientation: .vertical, position: 0, span: -50...50),
                SnapGuide(orientation: .horizontal, position: 0, span: -50...50),
            ])
    }

    @Test(
        "the tolerance is 6 px on screen: 6 points at zoom 1, 3 at zoom 2, 12 at zoom ½",
        arguments: [
            (1.0, 6.0), (2.0, 3.0), (0.5, 12.0),
        ])
    func toleranceFollowsZoom(zoom: Double, points: Double) {
        #expect(SnapTargets.tolerance(atZoom: zoom) == points)
        let targets = F.targets(square)
        let justInside = F.frame(x: 520 + points - 0.01, y: 700, width: 200, height: 10)
        let justOutside = F.frame(x: 520 + points + 0.01, y: 700, width: 200, height: 10)
        #expect(targets.snap(justInside, tolerance: SnapTargets.tolerance(atZoom: zoom)).correction.dx != 0)
        #expect(targets.snap(justOutside, tolerance: SnapTargets.tolerance(atZoom: zoom)) == .none)
    }

    @Test("the nearest line wins, whichever of the frame's lines it meets")
    func nearestWins() {
        func point(x: Double) -> DocumentRect { F.frame(x: x, y: 900, width: 0, height: 0) }
        // The left edge is 1 from 100 and 3 from 104.
        let close = F.targets(point(x: 100), point(x: 104))
        #expect(close.snap(F.frame(x: 101, y: 300, width: 30, height: 30), tolerance: 6).correction.dx == -1)
        // The left edge is 2 from 100, the right edge 1 from 200: the right edge decides.
        let apart = F.targets(point(x: 100), point(x: 200))
        let result = apart.snap(F.frame(x: 102, y: 300, width: 97, height: 30), tolerance: 6)
        #expect(result.correction.dx == 1)
        #expect(result.guides.map(\.position) == [200])
    }

    @Test("of two lines equally near, the move left or up wins, whatever order the targets came in")
    func tiesGoLeftAndUp() {
        let lines = [F.frame(x: 100, y: 100, width: 0, height: 0), F.frame(x: 110, y: 110, width: 0, height: 0)]
        for frames in [lines, lines.reversed()] {
            let targets = SnapTargets(frames: frames, background: nil, visibleRect: F.wholeView)
            let between = F.frame(x: 105, y: 105, width: 500, height: 500)
            #expect(targets.snap(between, tolerance: 6).correction == DocumentVector(dx: -5, dy: -5))
        }
    }

    @Test("nothing within reach: no correction and no guides")
    func noSnap() {
        let targets = F.targets(square, background: DocumentRect(minX: -400, minY: -300, maxX: 400, maxY: 300))
        let result = targets.snap(F.frame(x: 610, y: 610, width: 31, height: 31), tolerance: 6)
        #expect(result == .none)
        #expect(result.correction == .zero && result.guides.isEmpty)
    }

    @Test("a guide spans the moving frame and every target on its line, the farthest included")
    func guidesSpanBoth() {
        let above = F.frame(x: 0, y: -900, width: 40, height: 40)
        let below = F.frame(x: 0, y: 700, width: 40, height: 40)
        let beside = F.frame(x: 0 - 60, y: -100, width: 20, height: 10)  // its x lines: -60, -50, -40
        let targets = F.targets(above, below, beside)
        // Left edge 2 from 0, the line `above`, `below` and the origin share.
        let moving = F.frame(x: 2, y: 300, width: 40, height: 40)
        let result = targets.snap(moving, tolerance: 6)
        #expect(result.correction == DocumentVector(dx: -2, dy: 0))
        // Same width: left, centre and right all sit on shared lines, each guide spanning both.
        #expect(
            result.guides == [
                SnapGuide(orientation: .vertical, position: 0, span: -900...740),
                SnapGuide(orientation: .vertical, position: 20, span: -900...740),
                SnapGuide(orientation: .vertical, position: 40, span: -900...740),
            ])
        #expect(result.guides[0].start == DocumentPoint(x: 0, y: -900))
        #expect(result.guides[0].end == DocumentPoint(x: 0, y: 740))
    }

    /// A frame dragged near `square`, and where it snaps.
    struct BesideSquare: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var moving: DocumentRect
        var correction: DocumentVector
        var guides: [SnapGuide]
    }

    @Test(
        "a frame beside another snaps edge to edge, on one axis or both, with a guide for each line",
        arguments: [
            BesideSquare(
                testDescription: "its left edge onto the other's right edge, so the two abut",
                moving: F.frame(x: 524, y: 600, width: 30, height: 30), correction: DocumentVector(dx: -4, dy: 0),
                guides: [SnapGuide(orientation: .vertical, position: 520, span: 480...630)]),
            BesideSquare(
                testDescription: "its left edge onto the other's right edge and its top onto the other's top",
                moving: F.frame(x: 522, y: 478, width: 30, height: 30), correction: DocumentVector(dx: -2, dy: 2),
                guides: [
                    SnapGuide(orientation: .vertical, position: 520, span: 480...520),
                    SnapGuide(orientation: .horizontal, position: 480, span: 480...550),
                ]),
        ])
    func edgeToEdge(_ example: BesideSquare) {
        let result = F.targets(square).snap(example.moving, tolerance: 6)
        #expect(result.correction == example.correction)
        #expect(result.guides == example.guides)
    }
}
