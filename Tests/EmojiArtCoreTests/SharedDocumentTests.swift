import Foundation
import Testing

@testable import EmojiArtCore

/// Records what a shared document hands its collaboration, and undoes nothing itself.
@MainActor
private final class RecordingCollaboration: DocumentCollaboration {
    var steps: [FieldStep] = []
    var previews: [[Emoji]] = []
    var undos = 0
    var redos = 0

    func document(_ document: EmojiArtDocument, didPerform step: FieldStep) { steps.append(step) }
    func document(_ document: EmojiArtDocument, didPreview emojis: [Emoji]) { previews.append(emojis) }
    func undo(_ document: EmojiArtDocument) { undos += 1 }
    func redo(_ document: EmojiArtDocument) { redos += 1 }
    var undoActionName: String? { steps.last?.name }
    var redoActionName: String? { nil }
}

/// The edit model of a shared document (C3, C4): its steps go out field by field, gestures as
/// previews and then one step, and the room's state comes in without touching my history.
@MainActor
@Suite struct SharedDocumentTests {
    private func makeDocument() -> EmojiArtDocument {
        var model = EmojiArtModel()
        model.addEmoji("😀", at: DocumentPoint(x: 0, y: 0), size: 40)
        model.addEmoji("🐶", at: DocumentPoint(x: 100, y: 50), size: 20)
        model.addEmoji("🐱", at: DocumentPoint(x: -30, y: 10), size: 60)
        return EmojiArtDocument(model: model)
    }

    @Test("a step is sent field by field: only the properties that changed")
    func fieldByField() {
        let document = makeDocument()
        let collaboration = RecordingCollaboration()
        document.attach(collaboration)
        document.moveEmojis([1, 2], by: DocumentVector(dx: 5, dy: 0))
        #expect(collaboration.steps.count == 1)
        let edits = collaboration.steps[0].edits
        #expect(edits.count == 2)
        for edit in edits {
            guard case .changed(_, let property, let before, let after) = edit else {
                Issue.record("expected a field change, got \(edit)")
                continue
            }
            #expect(property == .x)
            #expect(before != after)
        }
        #expect(collaboration.steps[0].name == ActionName.move)
        // The local history stays untouched; undo goes to the room.
        #expect(!document.undoStack.canUndo)
        #expect(document.undoActionName == ActionName.move)
        document.undo()
        #expect(collaboration.undos == 1)
    }

    @Test("adds, deletes, restacking and background changes are named as what they are to a room")
    func kindsOfEdit() throws {
        let document = makeDocument()
        let collaboration = RecordingCollaboration()
        document.attach(collaboration)
        let added = try #require(document.addEmoji("🌲", at: .zero, size: 30))
        document.deleteEmojis([2])
        document.restack([1], .bringToFront)
        document.setBackground(.url(URL(string: "https://example.com/a.png")!), named: ActionName.setBackground)
        let steps = collaboration.steps.map(\.edits)
        #expect(steps[0] == [.added(added)])
        #expect(steps[1].count == 1)
        if case .removed(let emoji) = steps[1][0] { #expect(emoji.id == 2) } else { Issue.record("not a removal") }
        if case .restacked(let emoji) = steps[2].first { #expect(emoji.id == 1) } else { Issue.record("not a restack") }
        #expect(steps[2].count == 1)
        #expect(steps[3] == [.background(before: .blank, after: .url(URL(string: "https://example.com/a.png")!))])
        #expect(document.model.emojis.map(\.id) == [3, 4, 1])
    }

    @Test("the net effect of a step's edits: a change undone within it is none, an add then a move is an add")
    func netEffect() {
        let emoji = Emoji(id: 1, text: "😀", position: .zero, size: 40)
        var moved = emoji
        moved.position = DocumentPoint(x: 3, y: 0)
        let step = FieldStep(
            name: "x",
            documentEdits: [
                .updateEmojis(before: [emoji], after: [moved]),
                .updateEmojis(before: [moved], after: [emoji]),
            ])
        #expect(step.edits.isEmpty)
        let added = FieldStep(
            name: "x",
            documentEdits: [
                .insertEmojis([PlacedEmoji(index: 0, emoji: emoji)]),
                .updateEmojis(before: [emoji], after: [moved]),
            ])
        #expect(added.edits == [.added(moved)])
        let gone = FieldStep(
            name: "x",
            documentEdits: [
                .insertEmojis([PlacedEmoji(index: 0, emoji: emoji)]),
                .removeEmojis([PlacedEmoji(index: 0, emoji: emoji)]),
            ])
        #expect(gone.edits.isEmpty)
    }

    @Test("a gesture's frames are previews; it becomes one step when it ends, with each field's first and last value")
    func gestureIsOneStep() throws {
        let document = makeDocument()
        let collaboration = RecordingCollaboration()
        document.attach(collaboration)
        document.beginGesture(named: ActionName.move)
        for step in 1...4 { document.moveEmojis([1], by: DocumentVector(dx: Double(step), dy: 0)) }
        #expect(collaboration.steps.isEmpty)
        #expect(collaboration.previews.count == 4)
        #expect(document.undoActionName == ActionName.move)
        #expect(document.canUndo)
        // Another action during the drag is its own step, after the drag so far (U3).
        document.deleteEmojis([3])
        #expect(collaboration.steps.count == 2)
        document.moveEmojis([1], by: DocumentVector(dx: 1, dy: 0))
        document.endGesture()
        #expect(collaboration.steps.count == 3)
        #expect(
            collaboration.steps[0].edits == [
                .changed(try #require(collaboration.previews[3].first), .x, before: .number(0), after: .number(10))
            ])
        if case .changed(_, .x, .number(10), .number(11)) = collaboration.steps[2].edits.first {
        } else {
            Issue.record("the rest of the drag was \(collaboration.steps[2].edits)")
        }
    }

    @Test("a burst's edits (arrow-key nudges) go out at once, each joining the burst's undo step")
    func burstGoesOutAtOnce() {
        let document = makeDocument()
        let collaboration = RecordingCollaboration()
        document.attach(collaboration)
        document.beginGesture(named: ActionName.move, isBurst: true)
        for _ in 0..<3 { document.moveEmojis([1], by: DocumentVector(dx: 1, dy: 0)) }
        #expect(collaboration.previews.isEmpty)
        #expect(collaboration.steps.map(\.joinsPrevious) == [false, true, true])
        // Another action in between is its own step; the burst's next edit starts a new one.
        document.deleteEmojis([3])
        document.moveEmojis([1], by: DocumentVector(dx: 1, dy: 0))
        document.moveEmojis([1], by: DocumentVector(dx: 1, dy: 0))
        document.endGesture()
        #expect(collaboration.steps.map(\.joinsPrevious) == [false, true, true, false, false, true])
        #expect(collaboration.steps.count == 6)
    }

    @Test("the room’s state replaces the content without entering the history, keeping my running drag's fields")
    func showSharedKeepsDrag() throws {
        let document = makeDocument()
        let collaboration = RecordingCollaboration()
        document.attach(collaboration)
        document.markSaved(revision: document.revision)
        document.beginGesture(named: ActionName.move)
        document.moveEmojis([1], by: DocumentVector(dx: 20, dy: 0))
        var remote = makeDocument().model
        var changed = try #require(remote.emoji(withID: 1))
        changed.position = DocumentPoint(x: -5, y: 9)  // someone moved it meanwhile
        changed.size = 80
        remote.update([changed])
        remote.addEmoji("🌲", at: .zero, size: 30)
        var seen = DocumentChange()
        document.onChange = { seen.formUnion($0) }
        document.showShared(remote)
        #expect(seen.contains(.emojis))
        let shown = try #require(document.model.emoji(withID: 1))
        #expect(shown.position == DocumentPoint(x: 20, y: 9))  // my x, their y
        #expect(shown.size == 80)
        #expect(document.model.emojis.count == 4)
        #expect(document.openGestureName == ActionName.move)
        #expect(document.hasUnsavedChanges)
        #expect(collaboration.steps.isEmpty)
        document.endGesture()
        #expect(collaboration.steps.count == 1)
    }

    @Test("leaving the room gives the document a fresh local history")
    func detach() {
        let document = makeDocument()
        let collaboration = RecordingCollaboration()
        document.attach(collaboration)
        document.moveEmojis([1], by: DocumentVector(dx: 1, dy: 0))
        document.detach()
        #expect(!document.isShared)
        #expect(!document.canUndo)
        #expect(document.hasUnsavedChanges)
        document.moveEmojis([1], by: DocumentVector(dx: 1, dy: 0))
        #expect(document.undoStack.undoActionName == ActionName.move)
        #expect(collaboration.steps.count == 1)
    }
}
