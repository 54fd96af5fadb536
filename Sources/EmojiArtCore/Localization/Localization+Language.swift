import Foundation

extension Localization {
    /// The language the messages are shown in ("de", "zh_CN"; "en" when no catalog translates
    /// them), as the catalog in effect declares it in its header's `Language:` field. gettext
    /// picks the catalog from LANGUAGE, LC_ALL, LC_MESSAGES and LANG, so asking it is the only
    /// way to agree with the menus (the emoji search names emojis in this language, SPEC F1).
    public static var language: String {
        // gettext translates the empty message to the catalog's header.
        let header = current.translate("")
        for line in header.split(separator: "\n") where line.hasPrefix("Language:") {
            let value = line.dropFirst("Language:".count).trimmingCharacters(in: .whitespaces)
            if !value.isEmpty { return value }
        }
        return "en"
    }
}
