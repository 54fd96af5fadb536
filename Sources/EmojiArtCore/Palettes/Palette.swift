/// A named set of emojis to drag onto the canvas (SPEC P1–P5).
public struct Palette: Identifiable, Hashable, Codable, Sendable {
    /// Stable across launches and never reused by the store, so a window can remember its
    /// palette by id (SPEC P6, W4) even after palettes are reordered or renamed.
    public var id: Int
    /// Shown by the chooser (P2) and editable in the editor and manager (P3, P4).
    public var name: String
    /// The emojis exactly as stored, duplicates included: the defaults come byte for byte from
    /// the original app, and the editor (P3) decides what it lets in.
    public var emojis: String

    /// A palette as given; the store hands out ids (`PaletteStore.insertPalette`).
    public init(id: Int, name: String, emojis: String) {
        self.id = id
        self.name = name
        self.emojis = emojis
    }

    /// Each character of `emojis` once, where it first appears: what the strip shows (P5,
    /// "duplicates within a palette are shown once"). Characters compare as Swift does, so
    /// "☀️" (with U+FE0F) and "☀" stay distinct. Nothing is filtered for being an emoji here;
    /// that rule belongs to the emoji text rules.
    public var uniqueEmojis: [String] {
        var seen = Set<Character>()
        return emojis.filter { seen.insert($0).inserted }.map(String.init)
    }
}
