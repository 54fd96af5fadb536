import CGtk
import EmojiArtCollab

/// The colours people have in a room (C5): GNOME's palette, one per client, the same in every
/// window (a hash of the client id); the CSS classes paint the header bar's initials with them.
enum ParticipantColours {
    static let palette: [(hex: String, red: Double, green: Double, blue: Double)] = [
        ("#1c71d8", 0.110, 0.443, 0.847), ("#2ec27e", 0.180, 0.761, 0.494), ("#e5a50a", 0.898, 0.647, 0.039),
        ("#e66100", 0.902, 0.380, 0.000), ("#c01c28", 0.753, 0.110, 0.157), ("#813d9c", 0.506, 0.239, 0.612),
        ("#865e3c", 0.525, 0.369, 0.235), ("#3d3846", 0.239, 0.220, 0.275),
    ]

    /// The palette index of `client` (FNV-1a of its id: stable across processes, unlike `hashValue`).
    static func index(of client: ClientID) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in client.rawValue.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return Int(hash % UInt32(palette.count))
    }

    /// The index of a presence's colour when it is one of ours, else the client's own.
    static func index(of presence: Presence, from client: ClientID) -> Int {
        palette.firstIndex { $0.hex == presence.colour.lowercased() } ?? index(of: client)
    }

    static func cssClass(_ index: Int) -> String { "participant-\(index)" }

    @MainActor private static var installed = false

    @MainActor
    static func installStyle() {
        guard !installed else { return }
        installed = true
        var css =
            ".participant { border-radius: 999px; min-width: 24px; min-height: 24px; font-weight: bold; font-size: 11px; color: white; }\n"
        for (index, colour) in palette.enumerated() {
            css += ".\(cssClass(index)) { background-color: \(colour.hex); }\n"
        }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), opaque(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider.raw)
    }

    /// "Ann Smith" → "AS"; one word → its first letter.
    static func initials(of name: String) -> String {
        let words = name.split(whereSeparator: \.isWhitespace)
        let letters = words.prefix(2).compactMap(\.first)
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }
}
