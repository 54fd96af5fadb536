import CGtk
import EmojiArtCore
import Foundation

/// The application's look: its CSS, where palette emojis use the same colour emoji font as the
/// canvas, named explicitly so text-presentation characters such as ☀ are not drawn as black
/// glyphs (DESIGN); and its icon, when run from a checkout.
enum ApplicationStyle {
    private static let css = """
        .palette-bar { padding: 6px; }
        .palette-emoji { font-family: "Noto Color Emoji"; font-size: 28px; padding: 2px 6px; min-width: 0; }
        .palette-editor-emojis > flowboxchild { border-radius: 6px; }
        .palette-editor-emojis > flowboxchild:hover { background-color: alpha(currentColor, 0.08); }
        .palette-preview .subtitle { font-family: "Noto Color Emoji"; font-size: 16px; opacity: 1; }
        """

    @MainActor
    static func install() {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), opaque(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider.raw)
        addCheckoutIcons()
    }

    /// A binary run from a checkout (`scripts/run`) finds the app's icon in the checkout's
    /// `data/icons`, which no icon theme lists, so About and the windows show it and not the
    /// missing-image placeholder.
    @MainActor
    private static func addCheckoutIcons() {
        guard let folder = ProgramFiles.current?.unlistedIconDirectory,
            FileManager.default.fileExists(atPath: folder.path),
            let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
        else { return }
        gtk_icon_theme_add_search_path(theme, folder.path)
    }
}
