import Testing

@testable import EmojiArtCore

/// R1's targets from a document's emojis: only those in view and not dragged, each as the box
/// it is drawn in.
@Suite struct SnapTargetsEmojiTests {
    typealias F = SnapFixtures

    let view = DocumentRect(minX: -500, minY: -400, maxX: 500, maxY: 400)

    /// A 40-point emoji; its frame's x lines are x − 20, x, x + 20.
    func emoji(_ id: Int, x: Double, y: Double, rotation: Double = 0) -> Emoji {
        Emoji(id: id, text: "🐶", position: DocumentPoint(x: x, y: y), size: 40, rotation: rotation)
    }

    @Test("an emoji out of view is no target; one reaching into the view is")
    func offViewIgnored() {
        let outside = emoji(1, x: 600, y: 100)  // its box starts at x 580, past the view's 500
        let reaching = emoji(2, x: 510, y: -300)  // its box starts at x 490, inside
        let targets = SnapTargets(emojis: [outside, reaching], moving: [], background: nil, visibleRect: view)
        // Centre 3 from the hidden emoji's centre line (600), and far from the visible one's.
        #expect(targets.snap(F.frame(x: 603 - 100, y: 150, width: 200, height: 60), tolerance: 6) == .none)
        // Left edge 2 from the visible emoji's centre line (510).
        #expect(targets.snap(F.frame(x: 512, y: 150, width: 200, height: 60), tolerance: 6).correction == DocumentVector(dx: -2, dy: 0))
    }

    @Test("the dragged emojis are no targets of their own drag")
    func movingIgnored() {
        let dragged = emoji(1, x: 100, y: 100)
        let other = emoji(2, x: -200, y: -200)
        let targets = SnapTargets(emojis: [dragged, other], moving: [1], background: nil, visibleRect: view)
        // Dragged 3 points right: its old lines are not there to pull it back.
        #expect(targets.snap(dragged.boundingBox.offset(by: DocumentVector(dx: 3, dy: 0)), tolerance: 6) == .none)
        // It still snaps to the other one.
        let nearOther = F.frame(x: -217, y: 50, width: 40, height: 40)
        #expect(targets.snap(nearOther, tolerance: 6).correction == DocumentVector(dx: -3, dy: 0))
    }

    @Test("a turned emoji snaps by the box it is drawn in")
    func turnedEmojiBox() {
        let turned = emoji(1, x: 200, y: 0, rotation: 45)
        let reach = 20 * 2.0.squareRoot()  // half the diagonal of a 40-point square
        let targets = SnapTargets(emojis: [turned], moving: [], background: nil, visibleRect: view)
        let moving = F.frame(x: 200 + reach + 4, y: 100, width: 50, height: 50)
        let result = targets.snap(moving, tolerance: 6)
        #expect(abs(result.correction.dx + 4) < 1e-9)
        #expect(result.guides.count == 1)
        #expect(abs((result.guides.first?.position ?? 0) - (200 + reach)) < 1e-9)
    }
}
