import EmojiArtCore
import Foundation
import Testing

@testable import EmojiArtRender

/// The picture a copy offers (S6): 2× for a small selection, scaled down to fit for a large one
/// instead of being left out.
@Suite struct ClipboardPictureTests {
    @Test("a small selection is drawn at 2×; a selection 20,000 pt wide fits in 4,096 px and still gets a PNG")
    func fits() throws {
        let small = [Emoji(id: 1, text: "😀", position: .zero, size: 40)]
        #expect(ClipboardPicture.scale(for: EmojiArtModel(background: .blank, emojis: small)) == 2)
        let wide = [
            Emoji(id: 1, text: "😀", position: DocumentPoint(x: -10_000, y: 0), size: 40),
            Emoji(id: 2, text: "🌲", position: DocumentPoint(x: 10_000, y: 0), size: 40),
        ]
        let png = try ClipboardPicture.png(of: ClipboardEmojis(copying: wide))
        let (width, height) = try #require(Self.pngSize(png))
        #expect(width <= Int(ClipboardPicture.maximumSide) && width >= Int(ClipboardPicture.maximumSide) - 2)
        #expect(height >= 1 && height < 20)
    }

    /// Width and height from a PNG's IHDR chunk.
    private static func pngSize(_ data: Data) -> (Int, Int)? {
        guard data.count >= 24 else { return nil }
        let bytes = [UInt8](data.prefix(24))
        func number(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(at: 16), number(at: 20))
    }
}
