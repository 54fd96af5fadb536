import CGtk
import EmojiArtCore
import Foundation

/// Connects `localized(…)` (EmojiArtCore) to gettext, domain `emojiart` (SPEC A3). The app and
/// the CLI call `install()` first thing, so the menus, dialogs, toasts and Core's error sentences
/// all follow LANGUAGE / LC_MESSAGES and fall back to English.
public enum Translations {
    public static func install() {
        // GTK does this too in gtk_init, but the headless commands never initialise GTK.
        setlocale(LC_ALL, "")
        if let directory = Localization.catalogDirectory() {
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
}
