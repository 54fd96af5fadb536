import Foundation
import Testing

@testable import EmojiArtCore

/// Clipboard, duplicate, delete, the context menu and the selection's description (S4, S6, S9,
/// U4, A2).
@MainActor @Suite struct CanvasEditingTests {
    @Test("a copy keeps texts, relative positions, sizes, rotation and flip; its plain text is the emojis")
    func copyFormat() throws {
        let canvas = makeCanvas([("😀", 0, 0), ("🌲", 100, 50)])
        _ = canvas.selectAll()
        _ = canvas.key(.rotateRight, modifiers: [], time: 0)
        let copied = try #require(canvas.copySelection())
        #expect(copied.plainText == "😀🌲")
        let decoded = try ClipboardEmojis(data: copied.data)
        #expect(decoded == copied)
        let placed = decoded.placed(at: DocumentPoint(x: 1000, y: 1000))
        #expect(close(placed[1].position.x - placed[0].position.x, canvas.emoji("🌲")!.position.x - canvas.emoji("😀")!.position.x))
        #expect(placed.allSatisfy { close($0.rotation, 15) })
    }

    @Test("paste lands centred under the pointer, with fresh ids, and becomes the selection; the same paste again steps 10 pt (S6)")
    func pasteUnderPointer() throws {
        let canvas = makeCanvas([("😀", 0, 0), ("🌲", 100, 0)])
        _ = canvas.selectAll()
        let copied = try #require(canvas.copySelection())
        _ = canvas.pointerMoved(to: canvas.view(-300, 200))
        _ = canvas.paste(copied)
        let pasted = canvas.selectedEmojis
        #expect(pasted.map(\.text) == ["😀", "🌲"])
        #expect(Set(pasted.map(\.id)).isDisjoint(with: [1, 2]))
        #expect(pasted.boundingBox?.center == DocumentPoint(x: -300, y: 200))
        #expect(canvas.document.undoStack.undoActionName == "Paste")
        _ = canvas.paste(copied)
        #expect(canvas.selectedEmojis.boundingBox?.center == DocumentPoint(x: -290, y: 210))
        #expect(canvas.document.model.emojis.count == 6)
    }

    @Test("without the pointer over the canvas, a paste lands at the view's centre (S6)")
    func pasteAtCenter() throws {
        let canvas = makeCanvas([("😀", 50, 50)])
        _ = canvas.selectAll()
        let copied = try #require(canvas.copySelection())
        _ = canvas.pan(by: ViewVector(dx: 100, dy: 0))
        _ = canvas.pointerMoved(to: nil)
        _ = canvas.paste(copied)
        #expect(canvas.selectedEmojis.first?.position == DocumentPoint(x: -100, y: 0))
    }

    @Test("cut removes the selection as one Cut step and keeps the copy (S6)")
    func cut() throws {
        let canvas = makeCanvas()
        canvas.click(canvas.view(0, 0))
        let cut = canvas.cutSelection()
        let result = try #require(cut)
        #expect(result.clipboard.plainText == "😀")
        #expect(canvas.emoji("😀") == nil)
        #expect(canvas.selection.isEmpty)
        #expect(canvas.document.undoStack.undoActionName == "Cut")
    }

    @Test("Ctrl+D duplicates the selection 10 pt right and down and selects the copies (S6)")
    func duplicate() {
        let canvas = makeCanvas()
        canvas.click(canvas.view(0, 0))
        _ = canvas.duplicateSelection()
        #expect(canvas.document.model.emojis.count == 4)
        #expect(canvas.selectedEmojis.map(\.position) == [DocumentPoint(x: 10, y: 10)])
        #expect(canvas.document.undoStack.undoActionName == "Duplicate")
    }

    @Test("a right-click on an emoji selects it and offers the emoji menu; on empty canvas the canvas menu (S9)")
    func contextMenus() {
        let canvas = makeCanvas()
        let (menu, effects) = canvas.contextMenu(at: canvas.view(200, 0))
        #expect(menu.kind == .emoji)
        #expect(effects.contains(.selection))
        #expect(canvas.selection.ids == [canvas.id("🌲")])
        #expect(
            menu.commands == [
                .cut, .copy, .paste, .duplicate, .delete, .bringToFront, .bringForward, .sendBackward, .sendToBack,
            ] + CanvasCommand.arrangeCommands + [.rotateLeft, .rotateRight, .flipHorizontally, .group, .lock])
        #expect(menu.sections.joined().count == 15, "fits a small screen: one row each, Arrange's verbs in its submenu")
        _ = canvas.selectAll()
        _ = canvas.contextMenu(at: canvas.view(0, 0))
        #expect(canvas.selection.ids.count == 3, "an emoji already selected keeps the selection")
        let (empty, _) = canvas.contextMenu(at: canvas.view(100, -250))
        #expect(empty.kind == .canvas)
        #expect(empty.commands == [.paste, .selectAll, .setBackgroundFromFile, .setBackgroundFromURL, .zoomToFit])
        _ = canvas.setBackgroundByUser(.url(URL(string: "https://example.com/a.png")!))
        #expect(canvas.contextMenu(at: canvas.view(100, -250)).menu.commands.contains(.removeBackground))
    }

    @Test("the Menu key opens the emoji menu inside the view, even for a selection reaching past it (S9)")
    func keyboardMenuStaysInView() {
        let canvas = makeCanvas()
        _ = canvas.selectAll()
        _ = canvas.zoom(by: 40, around: .zero, time: 0)
        let (menu, _) = canvas.contextMenu(at: nil)
        #expect(menu.kind == .emoji)
        #expect((0...canvas.viewSize.width).contains(menu.point.x) && (0...canvas.viewSize.height).contains(menu.point.y), "\(menu.point)")
    }

    @Test("commands are sensitive only when they can act (U4)")
    func sensitivity() {
        let canvas = makeCanvas()
        #expect(!canvas.canPerform(.copy) && !canvas.canPerform(.delete) && !canvas.canPerform(.undo))
        #expect(canvas.canPerform(.selectAll) && !canvas.canPerform(.removeBackground))
        #expect(!canvas.canPerform(.paste), "nothing on the clipboard")
        #expect(canvas.clipboardChanged(offering: ContentOffer([.text])) == .commands)
        #expect(canvas.canPerform(.paste))
        _ = canvas.selectAll()
        #expect(canvas.canPerform(.copy) && canvas.canPerform(.rotateLeft))
        _ = canvas.deleteSelection()
        #expect(canvas.canPerform(.undo) && !canvas.canPerform(.selectAll))
    }

    @Test("the canvas describes the selection for a screen reader by the emojis' names (A2, F1)")
    func description() {
        let canvas = makeCanvas()
        #expect(canvas.selectionDescription == "No emoji selected")
        canvas.click(canvas.view(0, 0))
        #expect(canvas.selectionDescription == "1 emoji selected: grinning face")
        canvas.click(canvas.view(200, 0), modifiers: .shift)
        #expect(canvas.selectionDescription == "2 emojis selected: grinning face, evergreen tree")
    }

    @Test("a palette click and a dropped emoji report `.emojiAdded` with the emoji, for the recently added list (F1)")
    func addedEmojiIsReported() {
        let canvas = makeCanvas()
        #expect(canvas.addEmojiAtCenter("🐱").contains(.emojiAdded))
        #expect(canvas.lastAddedEmoji == "🐱")
        #expect(canvas.accept(.emoji("🦊"), at: canvas.view(10, 10), from: .drop).effects.contains(.emojiAdded))
        #expect(canvas.lastAddedEmoji == "🦊")
        _ = canvas.selectAll()
        #expect(!canvas.perform(.duplicate).effects.contains(.emojiAdded), "copies of the canvas's own emojis are not recents")
    }
}
