import Foundation

/// What is drawn behind the emojis (SPEC M2), centred on the document origin.
public enum Background: Hashable, Sendable {
    case blank
    /// A remote image, fetched when the document opens or changes.
    case url(URL)
    /// An image stored in the document itself (PNG or JPEG bytes).
    case imageData(Data)

    public var url: URL? {
        if case .url(let url) = self { url } else { nil }
    }

    public var imageData: Data? {
        if case .imageData(let data) = self { data } else { nil }
    }

    /// The name used by `emojiart info`: blank, url or imageData.
    public var kindName: String {
        switch self {
        case .blank: "blank"
        case .url: "url"
        case .imageData: "imageData"
        }
    }
}
