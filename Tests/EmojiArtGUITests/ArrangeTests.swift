import EmojiArtCore
import Foundation
import Testing

extension GUITests {
    /// Arranging like a design tool (R1–R4), driven through the real app and read from the saved file.
    @Suite("Arranging emojis", .serialized, .ownXvfbDisplay)
    struct ArrangeTests {
        @Test("a dragged emoji snaps to another's centre line; holding Alt it lands where the pointer puts it (R1)")
        func snapAndAlt() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let bee = try #require(original.emojis.first { $0.text == "🐝" })
                let sun = try #require(original.emojis.first { $0.text == "☀️" })
                // 4 pt right of the sun's centre line, within the 6 px reach at zoom 1 (and no
                // other line that near).
                let offset = (dx: Int(sun.position.x - bee.position.x) + 4, dy: -100)
                let start = document.canvas.screenPoint(for: bee.position)
                try await document.input.drag(from: start, to: start.offset(dx: offset.dx, dy: offset.dy), steps: 12)
                let snapped = try #require(try await document.save().emoji(withID: bee.id))
                #expect(snapped.position.x == sun.position.x, "snapped to the sun's centre line: \(snapped.position)")

                try await document.input.key("ctrl+z")
                try await document.input.drag(
                    from: start, to: start.offset(dx: offset.dx, dy: offset.dy), steps: 12, holding: ["alt"])
                let free = try #require(try await document.save().emoji(withID: bee.id))
                #expect(free.position.x != sun.position.x, "Alt: no snapping")
                #expect(abs(free.position.x - (bee.position.x + Double(offset.dx))) <= 2, "moved to \(free.position)")
            }
        }
    }
}
