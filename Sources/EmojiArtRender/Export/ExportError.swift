/// Why an export failed; each description is a sentence to act on (the CLI prints it).
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// The picture would exceed what an image can hold.
    case tooLarge(width: Int, height: Int)
    case invalidSize(String)
    case renderingFailed(reason: String)

    public var description: String {
        switch self {
        case .tooLarge(let width, let height):
            "The picture would be \(width) × \(height) pixels; the limit is \(ExportGeometry.maximumSide) pixels a side and "
                + "\(ExportGeometry.maximumMegapixels) megapixels. Choose a smaller --width or --scale."
        case .invalidSize(let problem):
            "Cannot export at that size: \(problem)."
        case .renderingFailed(let reason):
            "The picture could not be drawn: \(reason)."
        }
    }
}
