import Crypto
import EmojiArtCore
import Foundation
import Testing

@testable import EmojiArtCollab

/// Documents bridged to one room over the in-memory relay (C3, C4): what one window does through
/// the document's ordinary intents arrives in the others, and each one's undo is its own.
@MainActor
@Suite struct CollabDocumentBridgeTests {
    private static func threeEmojis() -> EmojiArtModel {
        var model = EmojiArtModel()
        model.addEmoji("😀", at: DocumentPoint(x: 0, y: 0), size: 40)
        model.addEmoji("🐶", at: DocumentPoint(x: 100, y: 50), size: 20)
        model.addEmoji("🐱", at: DocumentPoint(x: -30, y: 10), size: 60)
        return model
    }

    private func emoji(_ text: String, in peer: BridgedRoom.Peer) throws -> Emoji {
        try #require(peer.document.model.emojis.first { $0.text == text })
    }

    private func expectConverged(_ room: BridgedRoom, sourceLocation: SourceLocation = #_sourceLocation) {
        let first = BridgedRoom.content(of: room.peers[0].document)
        for peer in room.peers.dropFirst() {
            #expect(BridgedRoom.content(of: peer.document) == first, sourceLocation: sourceLocation)
            #expect(peer.document.model.background == room.peers[0].document.model.background, sourceLocation: sourceLocation)
        }
    }

    @Test("a relay that refuses every reconnect the same way is said once, until the room is back; another refusal is said")
    func refusalSaidOnce() throws {
        let room = try BridgedRoom(sharing: Self.threeEmojis(), others: 0)
        let peer = room.peers[0]
        let notMember = RelayError(code: .notMember, message: "no")
        for _ in 0..<3 { peer.bridge.receive([.error(notMember)]) }
        #expect(peer.messages.filter { $0 == notMember.sentence }.count == 1)
        peer.bridge.receive([.error(RelayError(code: .roomFull, message: "full"))])
        #expect(peer.messages.count == 2)
        peer.bridge.receive([.welcome(.init(epoch: "epoch-1", seq: peer.bridge.session.confirmedSeq, ackedCseq: 1, snapshot: nil, ops: []))]
        )
        peer.bridge.receive([.error(notMember)])
        #expect(peer.messages.filter { $0 == notMember.sentence }.count == 2, "said again after the room was back")
    }

    @Test("issue 45: what the session catches on the way is said in the window (C10: every epoch change is shown)")
    func caughtProblemsAreSaid() throws {
        let room = try BridgedRoom(sharing: Self.threeEmojis(), others: 1)
        let bob = room.peers[1]
        let before = bob.messages.count
        // The relay says a new epoch: bob is told, and sends the room again.
        bob.bridge.receive([.welcome(.init(epoch: "another-epoch", seq: 0, ackedCseq: 0, snapshot: nil, ops: []))])
        #expect(bob.messages.count == before + 1)
        #expect(bob.messages.last?.contains("afresh") == true)
        #expect(bob.document.model.emojis.count == 3, "and the window keeps the room")
    }

    @Test("a shared document arrives whole in the windows that join; the share is not a step to undo")
    func joinersSeeTheDocument() throws {
        let room = try BridgedRoom(sharing: Self.threeEmojis(), others: 2)
        expectConverged(room)
        #expect(room.peers[2].document.model.emojis.map(\.text) == ["😀", "🐶", "🐱"])
        // The sharer keeps its ids; everyone's file carries the cid and z keys.
        #expect(room.peers[0].document.model.emojis.map(\.id) == [1, 2, 3])
        #expect(room.peers[1].document.model.emojis.allSatisfy { $0.cid != nil && $0.z != nil })
        #expect(room.peers[1].document.model.collab == BridgedRoom.room)
        #expect(!room.peers[0].document.canUndo)
    }

    @Test("edits of every kind made through the document’s intents converge in three windows")
    func editsConverge() throws {
        let room = try BridgedRoom(sharing: Self.threeEmojis(), others: 2)
        let (a, b, c) = (room.peers[0], room.peers[1], room.peers[2])
        a.document.moveEmojis([try emoji("😀", in: a).id], by: DocumentVector(dx: 10, dy: 5))
        b.document.scaleEmojis([try emoji("😀", in: b).id], by: 2)
        c.document.addEmoji("🌲", at: DocumentPoint(x: 7, y: 8), size: 30)
        b.document.deleteEmojis([try emoji("🐱", in: b).id])
        var turned = try emoji("🐶", in: c)
        turned.rotation = 45
        turned.flipped = true
        c.document.replaceEmojis([turned], named: ActionName.rotate)
        room.settle()
        expectConverged(room)
        let smile = try emoji("😀", in: c)
        // My move and your resize of one emoji are different fields: both stay.
        #expect(smile.position == DocumentPoint(x: 10, y: 5))
        #expect(smile.size == 80)
        #expect(a.document.model.emojis.map(\.text) == ["😀", "🐶", "🌲"])
        #expect(try emoji("🐶", in: a).rotation == 45)
        #expect(try emoji("🐶", in: b).flipped)
        // Paste and duplicate are new emojis with cids of their own.
        a.document.insertCopies(of: [try emoji("🌲", in: a)], named: ActionName.duplicate)
        room.settle()
        expectConverged(room)
        #expect(Set(b.document.model.emojis.compactMap(\.cid)).count == 4)
    }

    @Test("a group, a lock and an alignment made in one window hold in the others; undo takes them back for all")
    func groupsAndLocksArrive() throws {
        let room = try BridgedRoom(sharing: Self.threeEmojis(), others: 1)
        let (a, b) = (room.peers[0], room.peers[1])
        let group = try #require(a.document.group([try emoji("😀", in: a).id, try emoji("🐶", in: a).id]))
        b.document.lock([try emoji("🐱", in: b).id])
        room.settle()
        expectConverged(room)
        #expect(try emoji("🐶", in: b).group == group)
        #expect(b.document.model.expandingToGroups([try emoji("😀", in: b).id]).count == 2)
        #expect(try emoji("🐱", in: a).locked)
        // A aligns all three: B's lock keeps 🐱 out of it, and the group alone is one unit.
        let all = Set(a.document.model.emojis.map(\.id))
        a.document.align(all, to: .left)
        #expect(a.document.undoActionName == ActionName.group)
        b.document.unlockAll()
        room.settle()
        #expect(!(try emoji("🐱", in: a).locked))
        // Now the group (−20…110) moves as one to 🐱's left edge, −60.
        a.document.align(all, to: .left)
        room.settle()
        expectConverged(room)
        #expect(try emoji("😀", in: b).position == DocumentPoint(x: -40, y: 0))
        #expect(try emoji("🐶", in: b).position == DocumentPoint(x: 60, y: 50))
        #expect(try emoji("🐱", in: b).position == DocumentPoint(x: -30, y: 10))
        // Copies of the group in a shared document are a group of their own, sent to the others.
        a.document.insertCopies(
            of: a.document.model.emojis(withIDs: a.document.model.emojiIDs(inGroup: group)), named: ActionName.duplicate)
        room.settle()
        expectConverged(room)
        #expect(Set(b.document.model.emojis.compactMap(\.group)).count == 2)
        // A's undos take back A's duplicate, alignment and group, for everyone.
        for _ in 0..<3 { a.document.undo() }
        room.settle()
        expectConverged(room)
        #expect(b.document.model.emojis.count == 3)
        #expect(b.document.model.emojis.allSatisfy { $0.group == nil && !$0.locked })
        #expect(try emoji("😀", in: b).position == DocumentPoint(x: 0, y: 0))
    }

    @Test("my undo never reverts your change: it skips fields you changed since, and says so when nothing is left")
    func undoIsMine() throws {
        let room = try BridgedRoom(sharing: Self.threeEmojis(), others: 1)
        let (a, b) = (room.peers[0], room.peers[1])
        a.document.moveEmojis([try emoji("😀", in: a).id], by: DocumentVector(dx: 10, dy: 0))
        room.settle()
        b.document.scaleEmojis([try emoji("😀", in: b).id], by: 2)
        room.settle()
        #expect(a.document.undoActionName == ActionName.move)
        a.document.undo()
        room.settle()
        expectConverged(room)
        #expect(try emoji("😀", in: b).position == DocumentPoint(x: 0, y: 0))
        #expect(try emoji("😀", in: b).size == 80)
        a.document.redo()
        room.settle()
        #expect(try emoji("😀", in: b).position == DocumentPoint(x: 10, y: 0))

        // B moves the emoji A moved: A's undo has nothing left to do, and says so.
        b.document.moveEmojis([try emoji("😀", in: b).id], by: DocumentVector(dx: 0, dy: 3))
        a.document.moveEmojis([try emoji("🐶", in: a).id], by: DocumentVector(dx: 1, dy: 1))
        room.settle()
        b.document.moveEmojis([try emoji("🐶", in: b).id], by: DocumentVector(dx: 5, dy: 5))
        room.settle()
        a.document.undo()
        room.settle()
        expectConverged(room)
        #expect(try emoji("🐶", in: a).position == DocumentPoint(x: 106, y: 56))
        #expect(a.messages.count == 1)
        // Remote edits never entered A's history, nor B's undo A's.
        #expect(b.document.undoActionName == ActionName.move)
        b.document.undo()
        b.document.undo()
        room.settle()
        expectConverged(room)
        #expect(try emoji("🐶", in: a).position == DocumentPoint(x: 101, y: 51))
        #expect(try emoji("😀", in: a).position == DocumentPoint(x: 10, y: 0))
    }

    @Test("a drag is previewed live to others, becomes one step when it ends, and remote ops neither close it nor enter it")
    func gestureAndRemoteOps() throws {
        let room = try BridgedRoom(sharing: Self.threeEmojis(), others: 1)
        let (a, b) = (room.peers[0], room.peers[1])
        let smile = try emoji("😀", in: a)
        a.document.beginGesture(named: ActionName.move)
        for step in 1...5 {
            var moved = smile
            moved.position = DocumentPoint(x: Double(step) * 10, y: 0)
            a.document.replaceEmojis([moved], named: ActionName.move)
        }
        // Mid-drag, B adds an emoji and moves the one A drags up and down; A gets it.
        b.document.addEmoji("🌲", at: DocumentPoint(x: 1, y: 1), size: 30)
        b.document.moveEmojis([try emoji("😀", in: b).id], by: DocumentVector(dx: 0, dy: 7))
        room.settle()
        // A's drag shows where A has it (x), and B's change of another field (y) too.
        #expect(try emoji("😀", in: a).position == DocumentPoint(x: 50, y: 7))
        #expect(a.document.model.emojis.contains { $0.text == "🌲" })
        #expect(a.document.openGestureName == ActionName.move)
        #expect(a.document.undoActionName == ActionName.move)
        // B saw the drag live, over its model: nothing was stored yet (C3).
        #expect(try emoji("😀", in: b).position.x == 0)
        #expect(b.document.displayedModel.emojis.first { $0.text == "😀" }?.position.x == 50)
        let client = a.bridge.session.client
        #expect(room.relay.log.filter { $0.client == client }.count == 1)  // the share only
        #expect(room.sent.contains { if case .preview = $0 { true } else { false } })
        a.document.endGesture()
        room.settle()
        #expect(room.relay.log.filter { $0.client == client }.count == 2)
        expectConverged(room)
        #expect(try emoji("😀", in: b).position == DocumentPoint(x: 50, y: 7))
        // Undo reverses the whole drag, and only A's field.
        a.document.undo()
        room.settle()
        expectConverged(room)
        #expect(try emoji("😀", in: b).position == DocumentPoint(x: 0, y: 7))
        #expect(b.document.model.emojis.contains { $0.text == "🌲" })
    }

    @Test("a burst of nudges reaches others at once and is undone as one step")
    func burstOfNudges() throws {
        let room = try BridgedRoom(sharing: Self.threeEmojis(), others: 1)
        let (a, b) = (room.peers[0], room.peers[1])
        let id = try emoji("😀", in: a).id
        a.document.beginGesture(named: ActionName.move, isBurst: true)
        for _ in 0..<3 {
            a.document.moveEmojis([id], by: DocumentVector(dx: 1, dy: 0))
            room.settle()
        }
        #expect(try emoji("😀", in: b).position == DocumentPoint(x: 3, y: 0))
        b.document.moveEmojis([try emoji("😀", in: b).id], by: DocumentVector(dx: 0, dy: 2))
        room.settle()
        a.document.undo()
        room.settle()
        expectConverged(room)
        #expect(try emoji("😀", in: b).position == DocumentPoint(x: 0, y: 2))
    }

    @Test("stacking moves made at once in two windows give one drawing order everywhere")
    func stackingConverges() throws {
        let room = try BridgedRoom(sharing: Self.threeEmojis(), others: 2)
        let (a, b, c) = (room.peers[0], room.peers[1], room.peers[2])
        a.document.restack([try emoji("😀", in: a).id], .bringToFront)
        b.document.restack([try emoji("🐱", in: b).id], .sendToBack)
        room.settle()
        expectConverged(room)
        #expect(a.document.model.emojis.map(\.text) == ["🐱", "🐶", "😀"])
        // A new emoji goes on top everywhere; one step down lands between the same two everywhere.
        c.document.addEmoji("🌲", at: .zero, size: 30)
        room.settle()
        a.document.restack([try emoji("🌲", in: a).id], .sendToBack)
        room.settle()
        expectConverged(room)
        #expect(b.document.model.emojis.map(\.text) == ["🌲", "🐱", "🐶", "😀"])
        a.document.undo()
        room.settle()
        #expect(b.document.model.emojis.map(\.text) == ["🐱", "🐶", "😀", "🌲"])
        // Undoing B's stacking puts it back between the others, not on top.
        b.document.undo()
        room.settle()
        expectConverged(room)
        #expect(c.document.model.emojis.map(\.text) == ["🐶", "🐱", "😀", "🌲"])
    }

    @Test("a background image travels as a blob named by its hash, not inside the ops")
    func backgroundAsBlob() throws {
        let room = try BridgedRoom(sharing: Self.threeEmojis(), others: 1)
        let (a, b) = (room.peers[0], room.peers[1])
        let image = Data((0..<4096).map { UInt8($0 % 251) })
        a.document.setBackground(.imageData(image), named: ActionName.setBackground)
        room.settle()
        #expect(b.document.model.background == .imageData(image))
        let hash = SHA256.hex(image)
        #expect(room.blobStore[hash] == image)
        let pushed = room.relay.log.last.map { push -> Bool in
            if case .plain(let content) = push.payload { content.pushedOps == [.background(.image(sha256: hash))] } else { false }
        }
        #expect(pushed == true)
        b.document.setBackground(.url(URL(string: "https://example.com/a.jpg")!), named: ActionName.setBackground)
        room.settle()
        expectConverged(room)
        a.document.undo()
        room.settle()
        #expect(a.document.model.background == .url(URL(string: "https://example.com/a.jpg")!))
    }

    @Test("edits made offline are kept and arrive after reconnecting; everyone converges")
    func offlineEdits() throws {
        let room = try BridgedRoom(sharing: Self.threeEmojis(), others: 1)
        let (a, b) = (room.peers[0], room.peers[1])
        room.disconnect(b)
        room.settle()
        b.document.moveEmojis([try emoji("🐶", in: b).id], by: DocumentVector(dx: 3, dy: 3))
        b.document.addEmoji("🌲", at: .zero, size: 30)
        a.document.deleteEmojis([try emoji("🐱", in: a).id])
        room.settle()
        #expect(!a.document.model.emojis.contains { $0.text == "🌲" })
        #expect(b.bridge.session.pending.count == 2)
        room.connect(b)
        room.settle()
        expectConverged(room)
        #expect(a.document.model.emojis.map(\.text) == ["😀", "🐶", "🌲"])
        #expect(b.bridge.session.pending.isEmpty)
    }

    @Test("a shared document’s changes mark it unsaved, for autosave; its history is the room’s")
    func savingState() throws {
        let room = try BridgedRoom(sharing: Self.threeEmojis(), others: 1)
        let (a, b) = (room.peers[0], room.peers[1])
        b.document.markSaved(revision: b.document.revision)
        #expect(!b.document.hasUnsavedChanges)
        a.document.moveEmojis([try emoji("😀", in: a).id], by: DocumentVector(dx: 1, dy: 0))
        room.settle()
        #expect(b.document.hasUnsavedChanges)
        #expect(!b.document.canUndo)
        #expect(!b.document.undoStack.canUndo)
    }
}
