import CGtk
import EmojiArtCore

/// The About window (X2), from the primary menu.
@MainActor
enum AboutWindow {
    static func present(parent: UnsafeMutablePointer<GtkWidget>?) {
        let about = adw_about_window_new()!
        adw_about_window_set_application_name(cast(about), "EmojiArt")
        adw_about_window_set_application_icon(cast(about), ApplicationLauncher.applicationID)
        adw_about_window_set_version(cast(about), AppVersion.current)
        adw_about_window_set_developer_name(cast(about), localized("The EmojiArt developers"))
        adw_about_window_set_comments(
            cast(about),
            localized("Make pictures out of emojis on top of a background image. A Linux successor of the CS193p EmojiArt app."))
        // TRANSLATORS: your name and e-mail, one translator a line; shown under Credits in About.
        let credits = localized("translator-credits")
        if credits != "translator-credits" { adw_about_window_set_translator_credits(cast(about), credits) }
        adw_about_window_set_license_type(cast(about), GTK_LICENSE_MIT_X11)
        if let parent { gtk_window_set_transient_for(cast(about), cast(parent)) }
        gtk_window_present(cast(about))
    }
}
