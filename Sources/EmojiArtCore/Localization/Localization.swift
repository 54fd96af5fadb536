import Foundation

/// Where user-visible sentences get their translation (SPEC A3). Core depends on Foundation only
/// and builds on macOS, so it cannot call gettext itself: the app and the CLI install a
/// `MessageCatalog` backed by GLib's gettext at start-up (`Translations.install()` in
/// EmojiArtApp), and everything else — Core's error sentences, the app's menus, the CLI's
/// messages — calls `localized(…)`. Until a catalog is installed, and in Core's own tests, the
/// English text is returned as it is.
///
/// Messages name their variable parts with `{placeholders}` rather than printf formats, so a
/// translator can move them freely and a mistake cannot crash a `String(format:)`.
/// `scripts/update-translations` extracts every `localized("…")` and `localizedPlural("…", "…", …)`
/// literal with xgettext; keep the message a single string literal with no interpolation.
public struct MessageCatalog: Sendable {
    /// The translation of `message`, or `message` itself.
    public var translate: @Sendable (_ message: String) -> String
    /// The translation of the singular or plural form for `count` (ngettext's rules).
    public var translatePlural: @Sendable (_ singular: String, _ plural: String, _ count: Int) -> String

    public init(
        translate: @escaping @Sendable (String) -> String,
        translatePlural: @escaping @Sendable (String, String, Int) -> String
    ) {
        self.translate = translate
        self.translatePlural = translatePlural
    }

    /// English, as written in the source: the fallback when no catalog has the message.
    public static let untranslated = MessageCatalog(
        translate: { $0 },
        translatePlural: { singular, plural, count in count == 1 ? singular : plural }
    )
}

public enum Localization {
    /// The gettext domain of every EmojiArt message, and the name of its `.mo` files.
    public static let domain = "emojiart"

    /// Set once at start-up, read from any thread (errors are described on background threads
    /// too): a lock makes the shared variable safe under strict concurrency.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed = MessageCatalog.untranslated

    /// Scopes a catalog to one task and its children — for tests, which run in parallel and
    /// must not change what other tests read.
    @TaskLocal public static var override: MessageCatalog?

    /// Makes `catalog` the one every later `localized(…)` call uses (the app and the CLI call
    /// this once, before showing anything).
    public static func install(_ catalog: MessageCatalog) {
        lock.withLock { installed = catalog }
    }

    /// The catalog in effect: the task's override, else the installed one.
    public static var current: MessageCatalog {
        override ?? lock.withLock { installed }
    }
}

/// `message` translated into the user's language, its `{name}` placeholders filled from `values`.
public func localized(_ message: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
    fillPlaceholders(Localization.current.translate(message), values)
}

/// The singular or plural form for `count`, translated; `{count}` is filled with the number and
/// the other `{name}` placeholders from `values`.
public func localizedPlural(
    _ singular: String, _ plural: String, count: Int, _ values: KeyValuePairs<String, String> = [:]
) -> String {
    let text = Localization.current.translatePlural(singular, plural, count)
    return fillPlaceholders(fillPlaceholders(text, ["count": String(count)]), values)
}

/// Replaces each `{name}` in `text` with its value, in one pass, so a value that itself holds
/// braces (a file name such as “{draft}.emojiart”) is never filled in again.
func fillPlaceholders(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
    guard !values.isEmpty, text.contains("{") else { return text }
    var result = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{") {
        result += rest[..<open]
        let afterOpen = rest.index(after: open)
        guard let close = rest[afterOpen...].firstIndex(of: "}") else {
            rest = rest[open...]
            break
        }
        let name = String(rest[afterOpen..<close])
        if let value = values.first(where: { $0.key == name })?.value {
            result += value
        } else {
            result += rest[open...close]
        }
        rest = rest[rest.index(after: close)...]
    }
    return result + rest
}
