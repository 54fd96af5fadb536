import EmojiArtCore
import Foundation
import Testing

extension GUITests {
    /// The default emoji size follows the desktop's text size (SPEC A1, the original's
    /// ScaledMetric). A suite of its own: the settings daemon changes the whole X server's
    /// settings while it runs.
    @Suite("Text size", .serialized, .ownXvfbDisplay)
    struct TextSizeTests {
        @Test("with text at 125 % (Xft/DPI 120), a palette click adds an emoji of size 50 (A1)")
        func largerTextMakesLargerEmojis() async throws {
            let server = try XvfbServer.requireCurrent()
            try await withWorkspace { workspace in
                // 120 dpi in 1024ths: 1.25 × the 96 dpi of normal text.
                let settings = try await XSettingsDaemon.start(serving: ["Xft/DPI": "122880"], in: workspace, on: server)
                defer { settings.stop() }
                let file = try workspace.copyExample("sunny-meadow")
                try await withApp(in: workspace, arguments: [file.path], accessible: true) { app in
                    let document = try await OpenDocument.waitForWindow(of: file, in: app)
                    try await document.input.click(at: try await document.firstPaletteEmojiButton())

                    let saved = try await document.waitForSavedModel("has the added emoji") { $0.emojis.count == 11 }
                    let added = try #require(saved.emojis.last)
                    #expect(added.size == 50)
                    // Drawn at 50 px on screen at zoom 1, not the 40 px of normal text size: the
                    // glyph's ink is about 47 px wide then (about 38 px at size 40).
                    let shot = try await document.waitForScreenshot("the new emoji shows") { shot in
                        shot.drawnBox(in: document.canvas.screenRect(around: added)) != nil
                    }
                    try await shot.archive(as: "text-size-125")
                    let glyph = try #require(shot.drawnBox(in: document.canvas.screenRect(around: added)))
                    #expect(max(glyph.width, glyph.height) >= 43, "the emoji is drawn \(glyph.width)×\(glyph.height) px")
                }
            }
        }
    }
}
