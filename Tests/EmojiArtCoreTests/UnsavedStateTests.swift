import Testing

@testable import EmojiArtCore

/// U5: "unsaved" means different from the file on disk.
@MainActor @Suite struct UnsavedStateTests {
    @Test("undoing back to the saved state makes the document saved again; redo makes it unsaved")
    func undoToSavedState() {
        let document = EmojiArtDocument()
        document.addEmoji("😀", at: .zero, size: 40)
        document.markSaved(revision: document.revision)
        #expect(!document.hasUnsavedChanges)
        document.moveEmojis([1], by: DocumentVector(dx: 5, dy: 0))
        #expect(document.hasUnsavedChanges)
        document.undo()
        #expect(!document.hasUnsavedChanges)
        document.redo()
        #expect(document.hasUnsavedChanges)
    }

    @Test("a save halfway through a drag is not the state at the drag's end")
    func saveDuringGesture() {
        let document = EmojiArtDocument()
        document.addEmoji("😀", at: .zero, size: 40)
        document.beginGesture(named: ActionName.move)
        document.moveEmojis([1], by: DocumentVector(dx: 5, dy: 0))
        document.markSaved(revision: document.revision)
        #expect(!document.hasUnsavedChanges)
        document.moveEmojis([1], by: DocumentVector(dx: 5, dy: 0))
        #expect(document.hasUnsavedChanges)
        document.endGesture()
        #expect(document.hasUnsavedChanges)
    }

    @Test("a save that ran while the user kept editing marks only what it wrote")
    func saveOfAnEarlierRevision() {
        let document = EmojiArtDocument()
        document.addEmoji("😀", at: .zero, size: 40)
        let written = document.revision
        document.addEmoji("🌲", at: .zero, size: 40)
        document.markSaved(revision: written)
        #expect(document.hasUnsavedChanges)
        document.undo()
        #expect(!document.hasUnsavedChanges, "back to exactly what was written")
    }

    @Test("the title's save state is reported when undo crosses the saved state")
    func saveStateChangeIsReported() {
        let document = EmojiArtDocument()
        document.addEmoji("😀", at: .zero, size: 40)
        document.markSaved(revision: document.revision)
        document.addEmoji("🌲", at: .zero, size: 40)
        var changes: [DocumentChange] = []
        document.onChange = { changes.append($0) }
        document.undo()
        #expect(changes.last?.contains(.saveState) == true)
    }
}
