import CLibintl
import EmojiArtCore
import Foundation

/// Connects the relay's translated sentences — its listening line, the data-folder lock,
/// the refusals' bodies (SPEC C8) — to the app's gettext catalogs, through glibc's gettext: the
/// relay loads no GLib. English when no catalog has the message.
public enum RelayTranslations {
    public static func install() {
        setlocale(LC_ALL, "")
        if let directory = Localization.catalogDirectory() {
            emojiart_relay_bind_text_domain(Localization.domain, directory.path)
        }
        Localization.install(
            MessageCatalog(
                translate: { message in
                    // dgettext returns its argument when there is no translation: copy the result
                    // while the C string it may point into is still alive.
                    message.withCString { String(cString: dgettext(Localization.domain, $0)) }
                },
                translatePlural: { singular, plural, count in
                    singular.withCString { singularC in
                        plural.withCString { pluralC in
                            String(cString: dngettext(Localization.domain, singularC, pluralC, UInt(max(count, 0))))
                        }
                    }
                }
            ))
    }
}
