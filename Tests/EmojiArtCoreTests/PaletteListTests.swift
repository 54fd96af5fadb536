import EmojiArtTestSupport
import Testing

@testable import EmojiArtCore

/// P4: the palette manager's rows, their controls, and where the keyboard focus goes when the
/// list changes.
@Suite struct PaletteListTests {
    let palettes = [
        Palette(id: 4, name: "Faces", emojis: "😀😃😃"),
        Palette(id: 7, name: "Empty", emojis: ""),
        Palette(id: 2, name: "Many", emojis: "🍎🍐🍊🍋🍌🍉🍇🍓🫐🍈🍒"),
    ]

    @Test("Move Up is off on the first row, Move Down on the last; Edit and Delete are on")
    func controls() {
        let rows = PaletteList(palettes: palettes).rows
        #expect(rows.map(\.palette.id) == [4, 7, 2])
        #expect(rows[0].enabledControls == [.moveDown, .edit, .delete])
        #expect(rows[1].enabledControls == [.moveUp, .moveDown, .edit, .delete])
        #expect(rows[2].enabledControls == [.moveUp, .edit, .delete])
    }

    @Test("the last palette can be edited but not moved or deleted")
    func lastPalette() {
        let rows = PaletteList(palettes: [palettes[0]]).rows
        #expect(rows[0].enabledControls == [.edit])
    }

    @Test("a row previews the first ten emojis, each once, with … when there are more; none for an empty palette")
    func previews() {
        let rows = PaletteList(palettes: palettes).rows
        #expect(rows[0].preview == "😀😃")
        #expect(rows[1].preview == nil)
        #expect(rows[2].preview == "🍎🍐🍊🍋🍌🍉🍇🍓🫐🍈…")
        let ten = PaletteList(palettes: [Palette(id: 1, name: "Ten", emojis: "🍎🍐🍊🍋🍌🍉🍇🍓🫐🍈")]).rows
        #expect(ten[0].preview == "🍎🍐🍊🍋🍌🍉🍇🍓🫐🍈")
    }

    @Test("New Palette goes at the end")
    func newPalette() {
        #expect(PaletteList(palettes: palettes).newPaletteIndex == 3)
    }

    @Test("Move Up and Move Down move a palette one place, in the store's offsets")
    func moves() throws {
        let list = PaletteList(palettes: palettes)
        #expect(list.moveOffset(forPaletteAt: 1, .moveUp) == 0)
        #expect(list.moveOffset(forPaletteAt: 1, .moveDown) == 3)
        #expect(list.moveOffset(forPaletteAt: 1, .edit) == nil)
        #expect(list.moveOffset(forPaletteAt: 1, .delete) == nil)
        try withTemporaryDirectory { directory in
            let store = PaletteStore(dataDirectory: directory)
            let ids = store.palettes.map(\.id)
            let list = PaletteList(palettes: store.palettes)
            try store.movePalettes(fromOffsets: [1], toOffset: try #require(list.moveOffset(forPaletteAt: 1, .moveDown)))
            #expect(store.palettes.map(\.id) == [ids[0], ids[2], ids[1]] + ids.dropFirst(3))
            try store.movePalettes(fromOffsets: [1], toOffset: try #require(list.moveOffset(forPaletteAt: 1, .moveUp)))
            #expect(store.palettes.map(\.id) == [ids[2], ids[0], ids[1]] + ids.dropFirst(3))
        }
    }

    @Test("the focus stays on the same control of the same palette, wherever its row went")
    func focusFollowsThePalette() {
        let moved = PaletteList(palettes: [palettes[1], palettes[0], palettes[2]])
        let focus = moved.focus(after: .init(paletteID: 4, control: .moveUp, index: 0))
        #expect(focus == .init(paletteID: 4, control: .moveUp, index: 1))
        #expect(moved.focus(after: .init(paletteID: 2, control: .edit, index: 2)) == .init(paletteID: 2, control: .edit, index: 2))
        #expect(moved.focus(after: .init(paletteID: 7, control: nil, index: 1)) == .init(paletteID: 7, control: nil, index: 0))
    }

    @Test("a Move button turned off passes the focus to the other one, and with both off to the row")
    func focusLeavesAnOffMoveButton() {
        let list = PaletteList(palettes: palettes)
        #expect(list.focus(after: .init(paletteID: 4, control: .moveUp, index: 1)) == .init(paletteID: 4, control: .moveDown, index: 0))
        #expect(list.focus(after: .init(paletteID: 2, control: .moveDown, index: 1)) == .init(paletteID: 2, control: .moveUp, index: 2))
        let alone = PaletteList(palettes: [palettes[0]])
        #expect(alone.focus(after: .init(paletteID: 4, control: .moveDown, index: 0)) == .init(paletteID: 4, control: nil, index: 0))
        #expect(alone.focus(after: .init(paletteID: 4, control: .delete, index: 0)) == .init(paletteID: 4, control: nil, index: 0))
    }

    @Test("when the focused palette was deleted, the row now in its place takes the focus — the last row when it was last")
    func focusAfterDeletion() {
        let list = PaletteList(palettes: [palettes[0], palettes[2]])
        #expect(list.focus(after: .init(paletteID: 7, control: .delete, index: 1)) == .init(paletteID: 2, control: nil, index: 1))
        #expect(list.focus(after: .init(paletteID: 9, control: .delete, index: 5)) == .init(paletteID: 2, control: nil, index: 1))
        #expect(PaletteList(palettes: []).focus(after: .init(paletteID: 9, control: nil, index: 0)) == nil)
    }
}
