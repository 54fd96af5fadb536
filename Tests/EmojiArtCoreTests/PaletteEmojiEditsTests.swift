import EmojiArtCore
import Testing

/// The palette editor's remove-with-Undo and reordering (P3), on the emojis as it shows them.
@Suite struct PaletteEmojiEditsTests {
    let palette = Palette(id: 1, name: "Faces", emojis: "😀😃😀😄👍🏽")

    @Test("removing one and restoring it gives the grid back; a repeated emoji is removed whole")
    func removeAndRestore() throws {
        let (emojis, removed) = try #require(palette.removingEmoji(at: 0))
        #expect(emojis == "😃😄👍🏽" && removed == Palette.RemovedEmoji(emoji: "😀", index: 0))
        var edited = palette
        edited.emojis = emojis
        #expect(edited.restoring(removed) == "😀😃😄👍🏽")
        #expect(palette.removingEmoji(at: 4) == nil)
        let (_, toned) = try #require(palette.removingEmoji(at: 3))
        #expect(toned.emoji == "👍🏽", "a skin tone stays with its emoji")
    }

    @Test("Undo after other changes puts the emoji back as near its place as there is, never twice")
    func restoreAfterChanges() {
        let removed = Palette.RemovedEmoji(emoji: "😀", index: 3)
        #expect(Palette(id: 1, name: "", emojis: "😃").restoring(removed) == "😃😀", "the palette got shorter meanwhile")
        #expect(Palette(id: 1, name: "", emojis: "😃😀").restoring(removed) == "😃😀", "added back meanwhile: no second copy")
    }

    @Test("moving an emoji puts it at the destination and shifts the others; nothing moves to itself or out of range")
    func move() {
        #expect(palette.movingEmoji(from: 0, to: 2) == "😃😄😀👍🏽")
        #expect(palette.movingEmoji(from: 3, to: 0) == "👍🏽😀😃😄")
        #expect(palette.movingEmoji(from: 1, to: 1) == nil)
        #expect(palette.movingEmoji(from: 0, to: 4) == nil)
    }

    @Test("a drop of new emojis puts them in where it lands; text and emojis already there are left out")
    func insert() {
        #expect(palette.insertingEmojis("a🐶😀🐱", at: 1) == "😀🐶🐱😃😄👍🏽")
        #expect(palette.insertingEmojis("🐶", at: 99) == "😀😃😄👍🏽🐶")
        #expect(palette.insertingEmojis("😃 and text", at: 0) == nil)
    }

    @Test("a drop moves an emoji shown already to where it lands, the last place past the end; new emojis go in there")
    func drop() {
        #expect(palette.droppingEmojis("😀", onEmojiAt: 2) == "😃😄😀👍🏽")
        #expect(palette.droppingEmojis("😀", onEmojiAt: nil) == "😃😄👍🏽😀")
        #expect(palette.droppingEmojis("👍🏽", onEmojiAt: 3) == nil, "dropped on itself")
        #expect(palette.droppingEmojis("🐶", onEmojiAt: 1) == "😀🐶😃😄👍🏽")
        #expect(palette.droppingEmojis("🐶", onEmojiAt: nil) == "😀😃😄👍🏽🐶")
        #expect(palette.droppingEmojis("text", onEmojiAt: 0) == nil)
    }

    @Test("Alt+← moves an emoji back and Alt+→ forward in reading order, which a right-to-left language mirrors")
    func gridStep() {
        #expect(Palette.gridStep(leftwards: true, rightToLeft: false) == -1)
        #expect(Palette.gridStep(leftwards: false, rightToLeft: false) == 1)
        #expect(Palette.gridStep(leftwards: true, rightToLeft: true) == 1)
        #expect(Palette.gridStep(leftwards: false, rightToLeft: true) == -1)
    }
}
