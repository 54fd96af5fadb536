import Foundation
import Testing

@testable import EmojiArtCore

/// Restore (H2): the difference as ordinary edits, one undo step "Restore Version".
@MainActor
@Suite struct VersionRestoreTests {
    private func emoji(_ id: Int, _ text: String, x: Double, size: Double = 40) -> Emoji {
        Emoji(id: id, text: text, position: DocumentPoint(x: x, y: 0), size: size)
    }

    /// A version (1 😀, 2 🐶, 3 🐱 on a URL background) and a document that moved on from it: 🐶
    /// deleted, 😀 moved and resized, 4 🌵 added, 🐱 brought below 😀, the background removed.
    private func versionAndDocument() -> (version: EmojiArtModel, document: EmojiArtDocument) {
        let version = EmojiArtModel(
            background: .url(URL(string: "https://example.com/a.png")!),
            emojis: [emoji(1, "😀", x: 0), emoji(2, "🐶", x: 50), emoji(3, "🐱", x: 100)], uniqueEmojiId: 3)
        let document = EmojiArtDocument(model: version)
        document.ensureDocumentID()
        document.deleteEmojis([2])
        document.moveEmojis([1], by: DocumentVector(dx: 7, dy: 8))
        document.scaleEmojis([1], by: 2)
        document.addEmoji("🌵", at: DocumentPoint(x: 9, y: 9), size: 30)
        document.restack([3], .sendToBack)
        document.setBackground(.blank)
        return (version, document)
    }

    @Test("restore makes the document the version in one step named Restore Version")
    func restore() {
        let (version, document) = versionAndDocument()
        let id = document.model.documentID
        let steps = document.undoStack.undoCount
        document.restore(version: version)
        #expect(document.model.emojis == version.emojis)
        #expect(document.model.background == version.background)
        #expect(document.model.documentID == id)
        #expect(document.undoStack.undoCount == steps + 1)
        #expect(document.undoActionName == ActionName.restoreVersion)
        #expect(ActionName.restoreVersion == "Restore Version")
    }

    @Test("undo after restore gives back the exact model, and redo the version again")
    func undoRedo() {
        let (version, document) = versionAndDocument()
        let before = document.model
        document.restore(version: version)
        let restored = document.model
        document.undo()
        #expect(document.model == before)
        document.redo()
        #expect(document.model == restored)
    }

    @Test("emojis in both keep their ids, and one deleted since comes back with its own")
    func ids() {
        let (version, document) = versionAndDocument()
        document.restore(version: version)
        #expect(document.model.emojis.map(\.id) == [1, 2, 3])
        #expect(document.model.uniqueEmojiId == 4)
    }

    @Test("an emoji whose id another emoji has now gets a fresh one")
    func freshID() {
        var current = emoji(1, "😀", x: 0)
        current.cid = "aaaa"
        var stranger = emoji(1, "🦊", x: 0)
        stranger.cid = "cccc"
        let model = EmojiArtModel(background: .blank, emojis: [current], uniqueEmojiId: 1)
        let version = EmojiArtModel(background: .blank, emojis: [stranger], uniqueEmojiId: 1)
        let document = EmojiArtDocument(model: model)
        document.restore(version: version)
        #expect(document.model.emojis.map(\.id) == [2])
        #expect(document.model.emojis.map(\.text) == ["🦊"])
    }

    @Test("a shared document's emojis are matched by cid: ids local to a replica do not mislead")
    func matchedByCID() {
        var first = emoji(1, "😀", x: 0)
        first.cid = "aaaa"
        var second = emoji(2, "🐶", x: 50)
        second.cid = "bbbb"
        let current = EmojiArtModel(background: .blank, emojis: [first, second], uniqueEmojiId: 2)
        // The same emojis as another session numbered them, 🐶 moved.
        var oldFirst = first.withID(2)
        oldFirst.cid = "aaaa"
        var oldSecond = second.withID(1)
        oldSecond.cid = "bbbb"
        oldSecond.position.x = 70
        let version = EmojiArtModel(background: .blank, emojis: [oldFirst, oldSecond], uniqueEmojiId: 2)
        let edits = VersionRestore.edits(from: current, to: version)
        #expect(edits.count == 1)
        guard case .updateEmojis(let before, let after) = edits.first else {
            Issue.record("not an update")
            return
        }
        #expect(before == [second])
        #expect(after.map(\.id) == [2])
        #expect(after.first?.position.x == 70)
    }

    @Test("restoring the version the document already is changes nothing and adds no step")
    func sameVersion() {
        let (version, document) = versionAndDocument()
        document.restore(version: version)
        let steps = document.undoStack.undoCount
        document.restore(version: document.model)
        #expect(document.undoStack.undoCount == steps)
    }

    @Test("a reversed drawing order moves as few emojis as it must")
    func fewestMoves() {
        let emojis = (1...6).map { emoji($0, "😀", x: Double($0)) }
        let current = EmojiArtModel(background: .blank, emojis: emojis, uniqueEmojiId: 6)
        let version = EmojiArtModel(background: .blank, emojis: [emojis[5]] + emojis[0..<5], uniqueEmojiId: 6)
        var model = current
        let edits = VersionRestore.edits(from: current, to: version)
        for edit in edits { edit.apply(to: &model) }
        #expect(model.emojis == version.emojis)
        guard case .removeEmojis(let removed) = edits.first else {
            Issue.record("no removal")
            return
        }
        #expect(removed.map(\.emoji.id) == [6])
    }
}
