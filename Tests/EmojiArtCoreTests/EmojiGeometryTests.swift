import Foundation
import Testing

@testable import EmojiArtCore

/// A turned emoji is hit, framed and bounded where it is drawn (M3, S8, G1).
@Suite struct EmojiGeometryTests {
    private func emoji(rotation: Double, size: Double = 100) -> Emoji {
        Emoji(id: 1, text: "🐶", position: DocumentPoint(x: 0, y: 0), size: size, rotation: rotation)
    }

    @Test("a 45° turn makes the bounding box √2 times wider")
    func boundingBoxOfDiamond() {
        let box = emoji(rotation: 45).boundingBox
        #expect(abs(box.width - 100 * 2.0.squareRoot()) < 1e-9)
        #expect(abs(box.center.x) < 1e-9)
    }

    @Test("an upright emoji's bounding box is its frame", arguments: [0.0, 90.0, 180.0, -90.0])
    func quarterTurnsKeepTheSquare(rotation: Double) {
        let box = emoji(rotation: rotation).boundingBox
        #expect(abs(box.width - 100) < 1e-9)
        #expect(abs(box.height - 100) < 1e-9)
    }

    @Test(
        "hit testing follows the turned square",
        arguments: [
            // (point, hit at 0°, hit at 45°)
            (DocumentPoint(x: 48, y: 48), true, false),  // a corner of the upright square
            (DocumentPoint(x: 0, y: 68), false, true),  // the tip of the diamond
            (DocumentPoint(x: 0, y: 0), true, true),
        ])
    func hitTesting(point: DocumentPoint, hitUpright: Bool, hitTurned: Bool) {
        #expect(emoji(rotation: 0).contains(point) == hitUpright)
        #expect(emoji(rotation: 45).contains(point) == hitTurned)
    }

    @Test("the rubber band meets a diamond only where it really is")
    func rubberBandAgainstDiamond() {
        let diamond = emoji(rotation: 45)
        // Inside the bounding box's corner, outside the diamond.
        #expect(!diamond.intersects(DocumentRect(minX: 55, minY: 55, maxX: 70, maxY: 70)))
        #expect(diamond.intersects(DocumentRect(minX: 60, minY: -5, maxX: 80, maxY: 5)))
        #expect(diamond.intersects(DocumentRect(minX: -500, minY: -500, maxX: 500, maxY: 500)))
    }

    @Test("corners turn clockwise on screen (y grows down)")
    func cornersTurnClockwise() {
        let corners = emoji(rotation: 90).corners
        // The top-left corner (-50, -50) turned 90° clockwise lands at the top right (50, -50).
        #expect(abs(corners[0].x - 50) < 1e-9)
        #expect(abs(corners[0].y + 50) < 1e-9)
    }

    @Test("the model's bounds and hit testing use the turned squares")
    func modelUsesTurnedGeometry() {
        let model = EmojiArtModel(background: .blank, emojis: [emoji(rotation: 45)], uniqueEmojiId: 1)
        #expect(abs((model.emojiBounds?.maxX ?? 0) - 50 * 2.0.squareRoot()) < 1e-9)
        #expect(model.topmostEmoji(at: DocumentPoint(x: 48, y: 48)) == nil)
        #expect(model.topmostEmoji(at: DocumentPoint(x: 0, y: 68))?.id == 1)
    }
}
