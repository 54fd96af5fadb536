import EmojiArtCore
import Foundation

/// The picture a copy offers beside the emojis (S6): the selection at 2× on transparency, or
/// smaller when that would pass `maximumSide`, so a large selection still gets a picture other
/// apps can take. Made off the main thread: it can take a while.
public enum ClipboardPicture {
    /// The longest side of the picture, in pixels.
    public static let maximumSide = 4096.0
    public static let preferredScale = 2.0

    /// PNG bytes of `emojis` as copied.
    public static func png(of emojis: ClipboardEmojis) throws(ExportError) -> Data {
        let model = EmojiArtModel(background: .blank, emojis: emojis.placed(at: .zero))
        let options = ExportOptions(format: .png, size: .scale(scale(for: model)), area: .content, isTransparent: true)
        return try DocumentExporter().export(model, background: nil, options: options)
    }

    /// 2×, or the scale that brings the longest side down to `maximumSide`.
    static func scale(for model: EmojiArtModel) -> Double {
        guard let rect = ExportGeometry.contentRect(of: model) else { return preferredScale }
        let longest = max(rect.width, rect.height)
        guard longest.isFinite, longest > 0 else { return preferredScale }
        return min(preferredScale, maximumSide / longest)
    }
}
