import Foundation
import Testing

@testable import EmojiArtCore

/// R2–R4 on the canvas: groups select and move as one, locked emojis cannot be taken, and the
/// Arrange verbs are one named step each.
@MainActor @Suite struct CanvasArrangeTests {
    /// 😀 and 🌲 grouped, 🐶 alone.
    private func groupedCanvas() -> CanvasInteraction {
        let canvas = makeCanvas()
        _ = canvas.document.group([canvas.id("😀"), canvas.id("🌲")])
        return canvas
    }

    @Test("a click on a member selects its group; Ctrl+click takes one member alone; Shift+click toggles the group (R3, S1)")
    func groupSelection() {
        let canvas = groupedCanvas()
        let pair: Set<Int> = [canvas.id("😀"), canvas.id("🌲")]
        canvas.click(canvas.view(0, 0))
        #expect(canvas.selection.ids == pair)
        canvas.click(canvas.view(200, 0), modifiers: .control)
        #expect(canvas.selection.ids == [canvas.id("🌲")])
        canvas.click(canvas.view(-200, 100))
        canvas.click(canvas.view(0, 0), modifiers: .shift)
        #expect(canvas.selection.ids == pair.union([canvas.id("🐶")]))
        canvas.click(canvas.view(200, 0), modifiers: .shift)
        #expect(canvas.selection.ids == [canvas.id("🐶")])
    }

    @Test("dragging one member moves the whole group as one Move; the rubber band takes whole groups")
    func groupMovesAndBand() {
        let canvas = groupedCanvas()
        canvas.drag(from: canvas.view(0, 0), by: ViewVector(dx: 13, dy: 51), modifiers: .alt)
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 13, y: 51))
        #expect(canvas.emoji("🌲")?.position == DocumentPoint(x: 213, y: 51))
        #expect(canvas.document.undoStack.undoActionName == "Move")
        canvas.click(canvas.view(0, -250))
        canvas.drag(from: canvas.view(-30, 20), by: ViewVector(dx: 60, dy: 60), modifiers: .shift)
        #expect(canvas.selection.ids == [canvas.id("😀"), canvas.id("🌲")], "the band touched 😀 only")
    }

    @Test("a locked emoji is passed over by clicks, the rubber band, Tab and Select All, and leaves the selection (R4)")
    func lockedIsUnselectable() {
        let canvas = makeCanvas()
        canvas.click(canvas.view(0, 0))
        let locked = canvas.perform(.lock)
        #expect(locked.effects.contains(.selection) && canvas.selection.isEmpty)
        #expect(canvas.document.undoStack.undoActionName == "Lock")
        canvas.click(canvas.view(0, 0))
        #expect(canvas.selection.isEmpty)
        _ = canvas.pointerMoved(to: canvas.view(0, 0))
        #expect(canvas.cursor == .grab, "a drag over it pans")
        canvas.drag(from: canvas.view(-30, -30), by: ViewVector(dx: 60, dy: 60), modifiers: .shift)
        #expect(canvas.selection.isEmpty)
        _ = canvas.selectAll()
        #expect(canvas.selection.ids == [canvas.id("🌲"), canvas.id("🐶")])
        _ = canvas.clearSelection()
        _ = canvas.key(.tab, modifiers: [], time: 0)
        #expect(canvas.selection.ids == [canvas.id("🌲")], "Tab starts after the locked first emoji")
        #expect(canvas.canPerform(.unlockAll))
        _ = canvas.perform(.unlockAll)
        #expect(canvas.document.undoStack.undoActionName == "Unlock All")
        canvas.click(canvas.view(0, 0))
        #expect(canvas.selection.ids == [canvas.id("😀")])
    }

    @Test("a right-click on a locked emoji offers Unlock for it alone, which frees and selects it as one step (R4)")
    func unlockOne() {
        let canvas = makeCanvas()
        canvas.click(canvas.view(0, 0))
        _ = canvas.perform(.lock)
        #expect(!canvas.canPerform(.unlock), "nothing to unlock before its menu opens")
        let (menu, effects) = canvas.contextMenu(at: canvas.view(0, 0))
        #expect(menu.kind == .lockedEmoji && menu.commands == [.unlock, .paste, .selectAll])
        #expect(effects.contains(.commands) && canvas.selection.isEmpty, "a locked emoji is not selected by its menu")
        #expect(canvas.canPerform(.unlock))
        _ = canvas.perform(.unlock)
        #expect(canvas.document.undoStack.undoActionName == "Unlock")
        #expect(!canvas.document.model.hasLockedEmojis && canvas.selection.ids == [canvas.id("😀")])
        #expect(!canvas.canPerform(.unlock))
        _ = canvas.contextMenu(at: canvas.view(100, -250))
        #expect(!canvas.canPerform(.unlock), "the menu over empty canvas forgets the locked emoji")
    }

    @Test("the emoji menu offers Group or Ungroup as they apply, never both greyed out (S9, R3)")
    func groupVerbsThatApply() {
        let canvas = makeCanvas()
        #expect(canvas.contextMenu(at: canvas.view(0, 0)).menu.commands.suffix(2) == [.group, .lock])
        _ = canvas.selectAll()
        _ = canvas.perform(.group)
        #expect(canvas.contextMenu(at: canvas.view(0, 0)).menu.commands.suffix(2) == [.ungroup, .lock])
    }

    @Test("a lock arriving from elsewhere (a shared document, an undo) drops the emoji from the selection")
    func lockFromElsewhere() {
        let canvas = makeCanvas()
        _ = canvas.selectAll()
        canvas.document.lock([canvas.id("🌲")])
        _ = canvas.documentChanged(.emojis, loadedBackground: .blank)
        #expect(canvas.selection.ids == [canvas.id("😀"), canvas.id("🐶")])
    }

    @Test("Align and Distribute need two and three things, a group counting as one; each is one named step (R2)")
    func arrangeCommands() {
        let canvas = groupedCanvas()
        canvas.click(canvas.view(0, 0))
        #expect(!canvas.canPerform(.alignLeft), "one group is one thing")
        #expect(canvas.canPerform(.ungroup) && !canvas.canPerform(.group))
        canvas.click(canvas.view(-200, 100), modifiers: .shift)
        #expect(canvas.canPerform(.alignTop) && !canvas.canPerform(.distributeHorizontally))
        _ = canvas.perform(.alignTop)
        #expect(canvas.document.undoStack.undoActionName == "Align Top")
        #expect(canvas.emoji("🐶")?.position == DocumentPoint(x: -200, y: 0), "its top meets the group's top")
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 0, y: 0))
        _ = canvas.perform(.undo)
        #expect(canvas.emoji("🐶")?.position == DocumentPoint(x: -200, y: 100))
    }

    @Test("copies keep their groups as new groups: duplicate and paste (R3)")
    func copiesKeepGroups() throws {
        let canvas = groupedCanvas()
        canvas.click(canvas.view(0, 0))
        let copied = try #require(canvas.copySelection())
        _ = canvas.duplicateSelection()
        let originalGroup = try #require(canvas.document.model.emojis.first?.group)
        let duplicates = canvas.selectedEmojis
        #expect(duplicates.count == 2 && Set(duplicates.map(\.group)).count == 1)
        #expect(duplicates.first?.group != nil && duplicates.first?.group != originalGroup)
        _ = canvas.paste(try ClipboardEmojis(data: copied.data))
        let pasted = canvas.selectedEmojis
        #expect(pasted.count == 2 && Set(pasted.map(\.group)).count == 1)
        let pastedGroup = try #require(pasted.first?.group)
        #expect(pastedGroup != originalGroup && pastedGroup != duplicates.first?.group)
    }
}
