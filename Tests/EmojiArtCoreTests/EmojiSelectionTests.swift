import Testing

@testable import EmojiArtCore

@Suite struct EmojiSelectionTests {
    @Test("clicking an unselected emoji selects it alone")
    func clickUnselected() {
        var selection = EmojiSelection(ids: [1, 2])
        selection.click(on: 3)
        #expect(selection.ids == [3])
    }

    @Test("clicking a selected emoji keeps the whole selection, so a drag moves all of it")
    func clickSelected() {
        var selection = EmojiSelection(ids: [1, 2])
        selection.click(on: 2)
        #expect(selection.ids == [1, 2])
    }

    @Test("a modifier click toggles one emoji in or out")
    func toggle() {
        var selection = EmojiSelection(ids: [1])
        selection.toggle(2)
        #expect(selection.ids == [1, 2])
        selection.toggle(1)
        #expect(selection.ids == [2])
    }

    @Test("ids that left the document are dropped from the selection")
    func removeMissing() {
        var model = EmojiArtModel()
        model.addEmoji("😀", at: .zero, size: 10)
        var selection = EmojiSelection(ids: [1, 5])
        selection.removeMissing(from: model)
        #expect(selection.ids == [1])
        selection.clear()
        #expect(selection.isEmpty)
    }
}
