import Foundation
import Testing

@testable import EmojiArtCore

@MainActor
@Suite struct EmojiArtDocumentTests {
    /// A document with three emojis (ids 1, 2, 3) and an empty history.
    private func makeDocument() -> EmojiArtDocument {
        var model = EmojiArtModel()
        model.addEmoji("😀", at: DocumentPoint(x: 0, y: 0), size: 40)
        model.addEmoji("🐶", at: DocumentPoint(x: 100, y: 50), size: 20)
        model.addEmoji("🐱", at: DocumentPoint(x: -30, y: 10), size: 60)
        return EmojiArtDocument(model: model)
    }

    @Test("adding an emoji is one undoable step named after it")
    func addEmoji() throws {
        let document = EmojiArtDocument()
        let emoji = try #require(document.addEmoji("😀", at: DocumentPoint(x: 5, y: -5), size: 26.67))
        #expect(emoji.id == 1)
        #expect(document.model.emojis == [emoji])
        #expect(document.undoStack.undoActionName == "Add 😀")
        document.undo()
        #expect(document.model.emojis.isEmpty)
        #expect(document.undoStack.redoActionName == "Add 😀")
        document.redo()
        #expect(document.model.emojis == [emoji])
    }

    @Test("text that is not exactly one emoji is refused", arguments: ["", "a", "1", "😀😀", "©"])
    func addRefusesNonEmoji(text: String) {
        let document = EmojiArtDocument()
        #expect(document.addEmoji(text, at: .zero, size: 40) == nil)
        #expect(document.model.emojis.isEmpty)
        #expect(!document.undoStack.canUndo)
    }

    @Test("ids are never reused, even after an add is undone")
    func idsNotReused() throws {
        let document = EmojiArtDocument()
        document.addEmoji("😀", at: .zero, size: 40)
        document.undo()
        let second = try #require(document.addEmoji("🐶", at: .zero, size: 40))
        #expect(second.id == 2)
    }

    @Test("moving a set of emojis moves just those, and undo puts them back")
    func moveEmojis() {
        let document = makeDocument()
        let before = document.model
        document.moveEmojis([1, 3], by: DocumentVector(dx: 10, dy: -5))
        #expect(
            document.model.emojis.map(\.position) == [
                DocumentPoint(x: 10, y: -5), DocumentPoint(x: 100, y: 50), DocumentPoint(x: -20, y: 5),
            ])
        #expect(document.undoStack.undoActionName == "Move")
        document.undo()
        #expect(document.model == before)
    }

    @Test("scaling resizes the emojis, clamped to the sizes a file can hold")
    func scaleEmojis() {
        let document = makeDocument()
        document.scaleEmojis([1, 2], by: 1.5)
        #expect(document.model.emojis.map(\.size) == [60, 30, 60])
        #expect(document.undoStack.undoActionName == "Scale")
        document.scaleEmojis([2], by: 0.001)
        #expect(document.model.emoji(withID: 2)?.size == 1)
        document.scaleEmojis([2], by: 1e9)
        #expect(document.model.emoji(withID: 2)?.size == 10_000)
    }

    @Test("deleting removes the emojis; undo restores them in their z-order")
    func deleteEmojis() {
        let document = makeDocument()
        let before = document.model
        document.deleteEmojis([1, 3])
        #expect(document.model.emojis.map(\.id) == [2])
        #expect(document.undoStack.undoActionName == "Delete")
        document.undo()
        #expect(document.model == before)
        document.redo()
        #expect(document.model.emojis.map(\.id) == [2])
    }

    @Test("setting the background is undoable")
    func setBackground() {
        let document = makeDocument()
        let url = URL(string: "https://example.com/a.png")!
        document.setBackground(.url(url))
        #expect(document.model.background == .url(url))
        #expect(document.undoStack.undoActionName == "Set Background")
        document.setBackground(.imageData(Data([1, 2, 3])))
        document.undo()
        #expect(document.model.background == .url(url))
        document.undo()
        #expect(document.model.background == .blank)
        #expect(!document.undoStack.canUndo)
    }

    @Test("intents that change nothing record nothing")
    func noOpIntents() {
        let document = makeDocument()
        document.moveEmojis([1], by: .zero)
        document.moveEmojis([99], by: DocumentVector(dx: 1, dy: 1))
        document.scaleEmojis([1], by: 1)
        document.scaleEmojis([1], by: .nan)
        document.scaleEmojis([1], by: -2)
        document.deleteEmojis([42])
        document.setBackground(.blank)
        #expect(!document.undoStack.canUndo)
        #expect(document.revision == 0)
    }

    @Test("a new change after undo clears redo")
    func newChangeClearsRedo() {
        let document = makeDocument()
        document.moveEmojis([1], by: DocumentVector(dx: 1, dy: 0))
        document.undo()
        #expect(document.undoStack.canRedo)
        document.deleteEmojis([2])
        #expect(!document.undoStack.canRedo)
        #expect(document.undoStack.redoActionName == nil)
    }

    @Test("redo after several undos replays the steps in order")
    func redoAfterUndos() {
        let document = makeDocument()
        document.moveEmojis([1], by: DocumentVector(dx: 1, dy: 0))
        document.scaleEmojis([1], by: 2)
        document.deleteEmojis([2])
        let after = document.model
        document.undo()
        document.undo()
        document.undo()
        #expect(document.model == makeDocument().model)
        #expect(document.undoStack.redoActionName == "Move")
        document.redo()
        document.redo()
        document.redo()
        #expect(document.model == after)
        #expect(!document.undoStack.canRedo)
    }

    @Test("one drag of many frames is one Move step that undoes all of it (U3)")
    func gestureIsOneStep() {
        let document = makeDocument()
        let before = document.model
        document.beginGesture(named: "Move")
        for _ in 0..<100 {
            document.moveEmojis([1, 2], by: DocumentVector(dx: 1, dy: 2))
        }
        #expect(document.undoStack.undoActionName == "Move")
        document.endGesture()
        #expect(document.undoStack.undoCount == 1)
        #expect(document.model.emoji(withID: 1)?.position == DocumentPoint(x: 100, y: 200))
        document.undo()
        #expect(document.model == before)
        document.redo()
        #expect(document.model.emoji(withID: 2)?.position == DocumentPoint(x: 200, y: 250))
    }

    @Test("a pinch that scales then a gesture with no edits leave one step")
    func pinchGroup() {
        let document = makeDocument()
        document.beginGesture(named: "Scale")
        document.scaleEmojis([3], by: 1.1)
        document.scaleEmojis([3], by: 1.1)
        document.endGesture()
        document.beginGesture(named: "Move")
        document.endGesture()
        #expect(document.undoStack.undoCount == 1)
        #expect(document.undoStack.undoActionName == "Scale")
        document.undo()
        #expect(document.model.emoji(withID: 3)?.size == 60)
    }

    @Test("a gesture that moves different emojis over time undoes each to its start")
    func gestureWithGrowingSet() {
        let document = makeDocument()
        let before = document.model
        document.beginGesture(named: "Move")
        document.moveEmojis([1], by: DocumentVector(dx: 5, dy: 0))
        document.moveEmojis([1, 2], by: DocumentVector(dx: 5, dy: 0))
        document.endGesture()
        document.undo()
        #expect(document.model == before)
    }

    @Test("undo during a gesture reverses the gesture so far")
    func undoDuringGesture() {
        let document = makeDocument()
        let before = document.model
        document.beginGesture(named: "Move")
        document.moveEmojis([1], by: DocumentVector(dx: 5, dy: 0))
        document.undo()
        #expect(document.model == before)
        #expect(!document.undoStack.isGrouping)
    }

    @Test("every change bumps the revision and reports what it touched")
    func changeNotification() {
        let document = makeDocument()
        var changes: [DocumentChange] = []
        document.onChange = { changes.append($0) }
        document.moveEmojis([1], by: DocumentVector(dx: 1, dy: 1))
        document.setBackground(.url(URL(string: "https://example.com/a.png")!))
        document.undo()
        #expect(document.revision == 3)
        #expect(changes == [[.emojis, .history, .saveState], [.background, .history], [.background, .history]])
    }

    @Test("marking a revision saved clears unsaved changes unless newer edits came in")
    func savedRevision() {
        let document = makeDocument()
        #expect(!document.hasUnsavedChanges)
        document.moveEmojis([1], by: DocumentVector(dx: 1, dy: 1))
        let savingRevision = document.revision
        document.moveEmojis([1], by: DocumentVector(dx: 1, dy: 1))
        document.markSaved(revision: savingRevision)
        #expect(document.hasUnsavedChanges)
        document.markSaved(revision: document.revision)
        #expect(!document.hasUnsavedChanges)
        document.undo()
        #expect(document.hasUnsavedChanges)
    }
}
