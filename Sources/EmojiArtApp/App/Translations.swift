import CGtk
import EmojiArtCore
import Foundation

/// Connects `localized(…)` (EmojiArtCore) to gettext, domain `emojiart` (SPEC A3). The app and
/// the CLI call `install()` first thing, so the menus, dialogs, toasts and Core's error sentences
/// all follow LANGUAGE / LC_MESSAGES and fall back to English.
public enum Translations {
    /// Overrides where the compiled catalogs are looked for (DIR/LANG/LC_MESSAGES/emojiart.mo).
    public static let directoryVariable = "EMOJIART_LOCALEDIR"

    public static func install() {
        // GTK does this too in gtk_init, but the headless commands never initialise GTK.
        setlocale(LC_ALL, "")
        if let directory = catalogDirectory() {
            emojiart_bind_text_domain(Localization.domain, directory.path)
        }
        Localization.install(
            MessageCatalog(
                translate: { message in
                    // g_dgettext returns its argument when there is no translation: copy the result
                    // while the C string it may point into is still alive.
                    message.withCString { String(cString: g_dgettext(Localization.domain, $0)) }
                },
                translatePlural: { singular, plural, count in
                    singular.withCString { singularC in
                        plural.withCString { pluralC in
                            String(cString: g_dngettext(Localization.domain, singularC, pluralC, gulong(max(count, 0))))
                        }
                    }
                }
            ))
    }

    /// `$EMOJIART_LOCALEDIR`; else, for a binary run from a checkout (a path inside `.build`),
    /// the catalogs `scripts/compile-translations` writes to `.build/locale`; else the installed
    /// ones, `PREFIX/share/locale` beside `PREFIX/bin/emojiart` (`scripts/install`).
    static func catalogDirectory() -> URL? {
        if let directory = ProcessInfo.processInfo.environment[directoryVariable], !directory.isEmpty {
            return URL(fileURLWithPath: directory)
        }
        guard let executable = executableURL() else { return nil }
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            if folder.lastPathComponent == ".build" { return folder.appendingPathComponent("locale") }
            folder = folder.deletingLastPathComponent()
        }
        return executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/locale")
    }

    private static func executableURL() -> URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return Bundle.main.executableURL
        }
        return URL(fileURLWithPath: path)
    }
}
