/// How each format EmojiArt shows is named outside its bytes: the media type a file chooser
/// filters on and an HTTP request accepts, the file name extensions, the name a sentence uses.
/// `ImageHeader.Format` is the one list of accepted formats (DESIGN "Images", B6): the header
/// check recognises exactly its cases, and the chooser, the fetcher's Accept header and the
/// messages that name the formats are all derived from it, so a format added there is accepted
/// everywhere at once.
extension ImageHeader.Format {
    /// The IANA media type ("image/png").
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }

    /// The file name extensions the format is saved with, lowercase and without the dot, the
    /// usual one first.
    public var fileExtensions: [String] {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg", "jpe"]
        case .gif: ["gif"]
        case .webp: ["webp"]
        }
    }

    /// The format's name in a sentence ("WebP"), the same in every language.
    public var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .gif: "GIF"
        case .webp: "WebP"
        }
    }
}
