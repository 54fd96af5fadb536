import Foundation

/// SPEC D2 and DESIGN "Drag and drop": browsers offer a dragged link or image only as text.
extension String {
    /// This text as an http(s) URL with a host, if that is all it is; otherwise nil.
    ///
    /// Chromium on X11 hands a dragged link or `<img>` over as plain text holding its URL, so a
    /// text drop is a URL drop when this is non-nil (D4: URL before emoji text). Surrounding
    /// whitespace is ignored; text with whitespace inside ("look at https://…") is not a URL.
    /// `file://` and other schemes give nil: local files arrive as file lists and are embedded
    /// (D3). Unwrap search-engine links with `URL.unwrappedImageURL` afterwards.
    public var webURL: URL? {
        let trimmed = trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.contains(where: \.isWhitespace),
            let url = URL(string: String(trimmed)), url.isWebURL
        else { return nil }
        return url
    }
}
