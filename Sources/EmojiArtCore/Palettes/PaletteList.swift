/// The palette manager's list (P4): every palette as a row with its first emojis and its Move
/// Up, Move Down, Edit and Delete controls — which are sensitive, where a move puts the palette,
/// where New goes — and which control keeps the keyboard focus when the list changes under it.
/// Pure over the store's palettes; the App's `PaletteManager` builds its rows from it.
public struct PaletteList: Hashable, Sendable {
    /// How many of a palette's emojis its row shows under the name.
    public static let previewCount = 10

    /// A row's buttons.
    public enum Control: Hashable, Sendable {
        case moveUp, moveDown, edit, delete
    }

    /// A palette's row.
    public struct Row: Hashable, Sendable {
        public var palette: Palette
        /// Its first emojis, each once, with "…" when there are more; nil when it has none.
        public var preview: String?
        /// The controls that are sensitive: Move Up but on the first row, Move Down but on the
        /// last, Delete but for the last palette (P5).
        public var enabledControls: Set<Control>
    }

    /// The row or control that has the keyboard focus (nil: the row itself), and where its row is.
    public struct Focus: Hashable, Sendable {
        public var paletteID: Int
        public var control: Control?
        public var index: Int

        public init(paletteID: Int, control: Control?, index: Int) {
            self.paletteID = paletteID
            self.control = control
            self.index = index
        }
    }

    public let palettes: [Palette]

    public init(palettes: [Palette]) {
        self.palettes = palettes
    }

    public var rows: [Row] {
        palettes.enumerated().map { index, palette in
            var enabled: Set<Control> = [.edit]
            if index > 0 { enabled.insert(.moveUp) }
            if index < palettes.count - 1 { enabled.insert(.moveDown) }
            if PaletteStore.canRemovePalette(from: palettes) { enabled.insert(.delete) }
            let emojis = palette.uniqueEmojis
            let preview =
                emojis.isEmpty ? nil : emojis.prefix(Self.previewCount).joined() + (emojis.count > Self.previewCount ? "…" : "")
            return Row(palette: palette, preview: preview, enabledControls: enabled)
        }
    }

    /// Where "New Palette" puts its palette: at the end (P4).
    public var newPaletteIndex: Int { palettes.count }

    /// The offset `PaletteStore.movePalettes` takes to move the palette at `index` one place up
    /// (`moveUp`) or down; nil for any other control. The store places a palette before the one
    /// now at the offset, as a list drag does.
    public func moveOffset(forPaletteAt index: Int, _ control: Control) -> Int? {
        switch control {
        case .moveUp: index - 1
        case .moveDown: index + 2
        case .edit, .delete: nil
        }
    }

    /// Where the focus goes once the list is rebuilt: the same control of the same palette — when
    /// that control is now insensitive (Move Up on the first row), the other Move button, else
    /// the row. When the palette is gone (deleted), the row now in its place. Nil: nowhere (no
    /// rows).
    public func focus(after focus: Focus) -> Focus? {
        guard !palettes.isEmpty else { return nil }
        guard let index = palettes.firstIndex(where: { $0.id == focus.paletteID }) else {
            let index = min(focus.index, palettes.count - 1)
            return Focus(paletteID: palettes[index].id, control: nil, index: index)
        }
        let enabled = rows[index].enabledControls
        let candidates: [Control] =
            switch focus.control {
            case .moveUp: [.moveUp, .moveDown]
            case .moveDown: [.moveDown, .moveUp]
            case let control?: [control]
            case nil: []
            }
        let control = candidates.first { enabled.contains($0) }
        return Focus(paletteID: focus.paletteID, control: control, index: index)
    }
}
