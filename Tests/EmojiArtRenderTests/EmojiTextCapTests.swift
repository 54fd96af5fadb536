import EmojiArtCore
import Foundation
import Testing

@testable import EmojiArtRender

/// A document may hold any text for an emoji (SPEC M4 keeps what the original wrote), so the
/// renderer lays out at most `EmojiRasterizer.maximumLaidOutBytes` of it: a hostile
/// file with a text of megabytes draws like one with its first few scalars.
@Suite struct EmojiTextCapTests {
    /// 4 MB of one emoji repeated, and 4 MB of one grapheme ("e" and a million accents).
    static let hostileTexts = [String(repeating: "😀", count: 1_000_000), "e" + String(repeating: "\u{301}", count: 2_000_000)]

    @Test("ordinary emojis are laid out whole, the longest sequences included")
    func ordinaryTextsWhole() {
        for text in ["😀", "🐻‍❄️", "1️⃣", "👩🏻‍❤️‍💋‍👨🏼", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "☀︎", "abc"] {
            #expect(EmojiRasterizer.laidOutText(text) == text)
        }
    }

    @Test("a text longer than the cap is cut to whole scalars within it", arguments: hostileTexts)
    func longTextCut(text: String) {
        let laidOut = EmojiRasterizer.laidOutText(text)
        #expect(laidOut.utf8.count <= EmojiRasterizer.maximumLaidOutBytes)
        #expect(laidOut.utf8.count > EmojiRasterizer.maximumLaidOutBytes - 4)
        #expect(text.utf8.starts(with: laidOut.utf8), "a prefix of whole scalars")
    }

    @Test("the raster of a hostile text is cached as the raster of its laid-out prefix", arguments: hostileTexts)
    func hostileTextCachedByPrefix(text: String) throws {
        let cache = EmojiRasterCache()
        let raster = try #require(cache.raster(for: text, pixelSize: 40))
        let prefix = EmojiRasterizer.laidOutText(text)
        #expect(cache.contains(prefix, pixelSize: 40))
        #expect(cache.raster(for: prefix, pixelSize: 40) === raster)
        #expect(cache.rasterizedCount == 1)
    }

    @Test("a document whose emoji holds megabytes of text renders, with that emoji drawn")
    func hostileDocumentRenders() throws {
        var model = EmojiArtModel()
        _ = model.addEmoji(Self.hostileTexts[0], at: DocumentPoint(x: 0, y: 0), size: 40)
        let png = try DocumentExporter().export(model, background: nil, options: ExportOptions(format: .png, size: .scale(1)))
        #expect(png.count > 100)
    }
}
