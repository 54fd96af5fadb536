import EmojiArtCore

/// Why an export failed; each description is a sentence to act on (the CLI prints it).
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// The picture would exceed what an image can hold.
    case tooLarge(width: Int, height: Int)
    case invalidSize(String)
    case renderingFailed(reason: String)

    public var description: String {
        switch self {
        case .tooLarge(let width, let height):
            localized(
                "The picture would be {width} × {height} pixels; the limit is {side} pixels a side and {megapixels} megapixels. Choose a smaller --width or --scale.",
                [
                    "width": String(width), "height": String(height), "side": String(ExportGeometry.maximumSide),
                    "megapixels": String(ExportGeometry.maximumMegapixels),
                ])
        case .invalidSize(let problem):
            localized("Cannot export at that size: {problem}.", ["problem": problem])
        case .renderingFailed(let reason):
            localized("The picture could not be drawn: {reason}.", ["reason": reason])
        }
    }
}
