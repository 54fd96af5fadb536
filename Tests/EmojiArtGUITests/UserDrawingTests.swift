import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// A drawing shaped like a user's — 3,000 emojis of 60 kinds, each at a size of its
    /// own, some turned — needs more rasters than a frame may make on the main thread. The canvas
    /// shows what it has (a zoom step: its last frame moved), the rest is painted or made off
    /// the main thread, and the exact frame follows.
    @Suite("A user's drawing", .serialized, .ownXvfbDisplay)
    struct UserDrawingTests {
        @Test("it opens whole, then exact; a zoom step shows the old frame moved, then the exact one, with no hole")
        func opensAndZoomsWithoutStalling() async throws {
            var file: URL?
            try await withApp({ workspace in
                let data = try EmojiArtEncoder().encode(UserShapedArt.model(emojiCount: 3_000, kinds: 60))
                let written = try workspace.writeDocument(named: "drawing.emojiart", contents: String(decoding: data, as: UTF8.self))
                file = written
                return [written.path]
            }) { app in
                let document = try await OpenDocument.waitForWindow(of: try #require(file), in: app)
                let traceFile = app.workspace.traceFile
                func events(_ name: String) throws -> [[String: Any]] {
                    try LaunchTraceTests.readEvents(traceFile).filter { $0["event"] as? String == name }
                }
                let exact = try await waitFor("the trace to hold exact-frame") { try events("exact-frame").first }
                let first = try #require(try events("first-frame").first)
                #expect(try #require(first["ms"] as? Double) <= (try #require(exact["ms"] as? Double)))
                #expect(first["emojis"] as? Int == 3_000)
                // The canvas of a new 960 × 720 window, which a launch paints the first frame
                // ahead for (DocumentWindow.expectedCanvasInset; shown if it is ready in time,
                // which this debug build seldom is).
                #expect(first["width"] as? Int == 950 && first["height"] as? Int == 614, "\(first)")

                let canvas = document.canvas
                let content = canvas.frame.insetBy(4)
                let opened = try await document.settledScreenshot()
                try await opened.archive(as: "user-drawing-opened")
                let area = content.width * content.height
                // Emojis cover the canvas: colour nearly everywhere, no white hole left by a raster.
                #expect(opened.count(in: content) { $0.chroma > 40 } > area * 2 / 3)

                let landedBefore = try events("frame-landed").count + events("rasters-arrived").count
                try await document.input.controlScroll(at: ScreenPoint(x: Int(canvas.centerX), y: Int(canvas.centerY)), notches: 1)
                // The frame at the new zoom is painted off the main thread (its emojis resampled
                // from their glyphs) or waits for rasters; the trace says when it is shown.
                try await waitUntil("the zoomed frame is shown (frame-landed or rasters-arrived)") {
                    try events("frame-landed").count + events("rasters-arrived").count > landedBefore
                }
                let zoomed = try await document.settledScreenshot()
                try await zoomed.archive(as: "user-drawing-zoomed")
                #expect(!zoomed.matches(opened, in: content), "the view zoomed")
                #expect(zoomed.count(in: content) { $0.chroma > 40 } > area * 2 / 3)
                #expect(try await document.title() == document.savedTitle, "zooming is not an edit")
            }
        }
    }
}
