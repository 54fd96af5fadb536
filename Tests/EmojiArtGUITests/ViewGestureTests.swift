import EmojiArtCore
import Testing

extension GUITests {
    /// Gestures that change the view, not the document: checked on screenshots, by where a
    /// known emoji (the dog) is drawn before and after.
    @Suite("Panning and zooming the view", .serialized, .ownXvfbDisplay)
    struct ViewGestureTests {
        /// An empty spot of sunny-meadow, away from every emoji.
        static let emptySpot = DocumentPoint(x: 0, y: -60)

        @Test("dragging empty canvas pans the view by the drag and the pan stays; the document is unchanged (G3)")
        func dragPans() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let dog = try #require(try document.savedModel().emojis.first { $0.text == "🐶" })
                let region = document.canvas.screenRect(around: dog)
                let before = try await document.settledScreenshot()
                let dogBefore = try #require(before.drawnBox(in: region))

                let start = document.canvas.screenPoint(for: Self.emptySpot)
                try await document.input.drag(from: start, to: start.offset(dx: 120, dy: -80))
                let after = try await document.screenshotAfterChange(from: before, awaited: "the view pans")
                try await after.archive(as: "view-panned")
                // What was in `region` is now 120 px right and 80 px up.
                let dogAfter = try #require(after.drawnBox(in: region.offset(dx: 120, dy: -80)))
                #expect(dogAfter == dogBefore.offset(dx: 120, dy: -80))
                #expect(try await document.title() == document.savedTitle, "panning is not an edit")
            }
        }

        @Test("double-click on empty canvas with a blank background fits the emojis' bounds, centred (G1)")
        func doubleClickFits() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let model = try document.savedModel()
                let bounds = try #require(model.emojiBounds)
                let canvas = document.canvas
                let before = try await document.settledScreenshot()
                let content = canvas.frame.insetBy(6)
                let drawnBefore = try #require(before.drawnBox(in: content, excluding: canvas.zoomControlsArea))

                try await document.input.doubleClick(at: canvas.screenPoint(for: Self.emptySpot))
                let after = try await document.screenshotAfterChange(from: before, awaited: "the view fits the emojis")
                try await after.archive(as: "view-fitted")
                let drawnAfter = try #require(after.drawnBox(in: canvas.frame, excluding: canvas.zoomControlsArea))

                // Fit: zoom so the emojis' squares fill the canvas one way, centred, no pan left.
                let zoom = min(Double(canvas.frame.width) / bounds.width, Double(canvas.frame.height) / bounds.height)
                func fitted(_ x: Int, _ y: Int) -> (x: Double, y: Double) {
                    let point = canvas.documentPoint(for: ScreenPoint(x: x, y: y))
                    return (canvas.centerX + (point.x - bounds.center.x) * zoom, canvas.centerY + (point.y - bounds.center.y) * zoom)
                }
                let expectedMin = fitted(drawnBefore.minX, drawnBefore.minY)
                let expectedMax = fitted(drawnBefore.maxX, drawnBefore.maxY)
                // Glyphs are redrawn at the new size, not scaled: allow a few pixels.
                let tolerance = 6.0
                #expect(abs(Double(drawnAfter.minX) - expectedMin.x) <= tolerance, "\(drawnAfter) vs \(expectedMin), \(expectedMax)")
                #expect(abs(Double(drawnAfter.maxX) - expectedMax.x) <= tolerance, "\(drawnAfter) vs \(expectedMin), \(expectedMax)")
                #expect(abs(Double(drawnAfter.minY) - expectedMin.y) <= tolerance, "\(drawnAfter) vs \(expectedMin), \(expectedMax)")
                #expect(abs(Double(drawnAfter.maxY) - expectedMax.y) <= tolerance, "\(drawnAfter) vs \(expectedMin), \(expectedMax)")
                #expect(abs(drawnAfter.midX - canvas.centerX) <= 20, "the content is centred")
                #expect(try await document.title() == document.savedTitle, "fitting is not an edit")
            }
        }

        @Test("Ctrl+scroll up with nothing selected zooms the view by 1.1 per notch around the pointer (G2)")
        func controlScrollZoomsAroundPointer() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let dog = try #require(try document.savedModel().emojis.first { $0.text == "🐶" })
                let canvas = document.canvas
                let before = try await document.settledScreenshot()
                let dogBefore = try #require(before.drawnBox(in: canvas.screenRect(around: dog)))

                // The pointer rests on empty canvas left of the dog; that point must stay put.
                let pointer = canvas.screenPoint(for: DocumentPoint(x: 90, y: 40))
                try await document.input.controlScroll(at: pointer, notches: 3)
                let after = try await document.screenshotAfterChange(from: before, awaited: "the view zooms")
                try await after.archive(as: "view-zoomed")

                let zoom = 1.1 * 1.1 * 1.1
                func zoomed(_ value: Int, around anchor: Int) -> Double {
                    Double(anchor) + Double(value - anchor) * zoom
                }
                let search = ScreenRect(
                    minX: Int(zoomed(dogBefore.minX, around: pointer.x)) - 12, minY: Int(zoomed(dogBefore.minY, around: pointer.y)) - 12,
                    maxX: Int(zoomed(dogBefore.maxX, around: pointer.x)) + 12, maxY: Int(zoomed(dogBefore.maxY, around: pointer.y)) + 12)
                let dogAfter = try #require(after.drawnBox(in: search))
                #expect(abs(Double(dogAfter.width) / Double(dogBefore.width) - zoom) <= 0.05, "\(dogBefore) → \(dogAfter)")
                #expect(abs(Double(dogAfter.minX) - zoomed(dogBefore.minX, around: pointer.x)) <= 3, "\(dogBefore) → \(dogAfter)")
                #expect(abs(Double(dogAfter.minY) - zoomed(dogBefore.minY, around: pointer.y)) <= 3, "\(dogBefore) → \(dogAfter)")
                #expect(try await document.title() == document.savedTitle, "zooming is not an edit")
            }
        }
    }
}
