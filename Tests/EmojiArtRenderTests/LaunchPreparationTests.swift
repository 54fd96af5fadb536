import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

/// What the launch prepares off the main thread while GTK starts: the documents named on the
/// command line (`DocumentPrefetch`) and the palette strip's pictures (`PaletteGlyphs`).
@Suite struct LaunchPreparationTests {
    static let geometry = DocumentPrefetch.WindowGeometry(
        defaultSize: ViewSize(width: 960, height: 720), canvasInset: ViewSize(width: 10, height: 106))

    @Test("a prefetched document is handed out once, decoded as a read would; one never prefetched is not")
    func prefetchedDocument() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("art.emojiart")
            var model = EmojiArtModel()
            _ = model.addEmoji("🦊", at: DocumentPoint(x: 10, y: 20), size: 40)
            try DocumentFile.write(model, to: file)
            let broken = folder.appendingPathComponent("broken.emojiart")
            try Data("not a document".utf8).write(to: broken)
            let prefetch = DocumentPrefetch()
            prefetch.start(paths: [file.path, broken.path], stateDirectory: folder, geometry: Self.geometry)
            #expect(try prefetch.take(file)?.get() == DocumentFile.read(from: file))
            #expect(prefetch.take(file) == nil, "handed out once")
            #expect(throws: (any Error).self) { try prefetch.take(broken)?.get() }
            #expect(prefetch.take(folder.appendingPathComponent("other.emojiart")) == nil)
        }
    }

    @Test("the strip's picture of an emoji is made on the worker at the size asked for")
    @MainActor func paletteGlyph() async throws {
        let glyphs = PaletteGlyphs()
        glyphs.prefetch(["🦊"], pixelSize: 33)
        let made = try await waitFor("the picture is made") { glyphs.raster(of: "🦊", pixelSize: 33) }
        let raster = try #require(made)
        #expect(raster.pixelSize == 33)
        #expect(raster.surface != nil)
    }
}
