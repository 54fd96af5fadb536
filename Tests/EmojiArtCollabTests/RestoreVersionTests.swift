import EmojiArtCore
import Foundation
import Testing

@testable import EmojiArtCollab

/// Restore in a shared room (H3): the version's difference goes out as ordinary edits, one step
/// for everybody that whoever restored can undo (C4), and edits made after it are not dropped.
@MainActor
@Suite struct RestoreVersionTests {
    private func emoji(_ text: String, in peer: BridgedRoom.Peer) throws -> Emoji {
        try #require(peer.document.model.emojis.first { $0.text == text })
    }

    private func texts(_ peer: BridgedRoom.Peer) -> [String] {
        peer.document.model.emojis.map(\.text)
    }

    private func expectConverged(_ room: BridgedRoom, sourceLocation: SourceLocation = #_sourceLocation) {
        for peer in room.peers.dropFirst() {
            #expect(
                BridgedRoom.content(of: peer.document) == BridgedRoom.content(of: room.peers[0].document),
                sourceLocation: sourceLocation)
        }
    }

    @Test("a room emptied and changed by another comes back in one step, which the restorer alone undoes")
    func restoreInRoom() throws {
        var model = EmojiArtModel()
        model.addEmoji("😀", at: DocumentPoint(x: 0, y: 0), size: 40)
        model.addEmoji("🐶", at: DocumentPoint(x: 100, y: 50), size: 20)
        model.addEmoji("🐱", at: DocumentPoint(x: -30, y: 10), size: 60)
        let room = try BridgedRoom(sharing: model, others: 1)
        let (ann, bob) = (room.peers[0], room.peers[1])
        room.settle()
        let version = ann.document.model  // as a version of Ann's file would hold it

        // Bob deletes two emojis and adds one; Ann moves the last.
        bob.document.deleteEmojis([try emoji("😀", in: bob).id, try emoji("🐶", in: bob).id])
        bob.document.addEmoji("🌲", at: DocumentPoint(x: 9, y: 9), size: 30)
        room.settle()
        ann.document.moveEmojis([try emoji("🐱", in: ann).id], by: DocumentVector(dx: 5, dy: 0))
        room.settle()
        #expect(texts(bob) == ["🐱", "🌲"])

        ann.document.restore(version: version)
        room.settle()
        expectConverged(room)
        #expect(texts(bob) == ["😀", "🐶", "🐱"])
        #expect(try emoji("🐱", in: bob).position == DocumentPoint(x: -30, y: 10))
        #expect(ann.document.undoActionName == ActionName.restoreVersion)
        #expect(bob.document.undoActionName != ActionName.restoreVersion)

        // After the restore Bob resizes the dog; Ann's undo takes her step back and keeps his.
        bob.document.scaleEmojis([try emoji("🐶", in: bob).id], by: 2)
        room.settle()
        ann.document.undo()
        room.settle()
        expectConverged(room)
        #expect(texts(ann).contains("🌲"))
        #expect(try emoji("🐱", in: ann).position == DocumentPoint(x: -25, y: 10))
        #expect(!texts(ann).contains("😀"))
        if let dog = ann.document.model.emojis.first(where: { $0.text == "🐶" }) {
            #expect(dog.size == 40, "Bob's later resize was dropped")
        }
    }
}
