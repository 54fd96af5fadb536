import EmojiArtCore
import Foundation
import Testing

@testable import EmojiArtCollab

/// Others' drags are a display-only layer (C3): shown over the model while they run, never
/// written into it, so a save in the middle of someone's drag stores where the emoji was
/// committed; the stored edit is the one at the drag's end. The layer goes when that edit
/// arrives, when the dragger leaves, and when their frames stop coming.
@MainActor
@Suite struct LivePreviewTests {
    private static func twoEmojis() -> EmojiArtModel {
        var model = EmojiArtModel()
        model.addEmoji("😀", at: DocumentPoint(x: 0, y: 0), size: 40)
        model.addEmoji("🐶", at: DocumentPoint(x: 100, y: 50), size: 20)
        return model
    }

    private func emoji(_ text: String, in model: EmojiArtModel) throws -> Emoji {
        try #require(model.emojis.first { $0.text == text })
    }

    /// A's drag of 😀 to x = 10, 20, … steps × 10, still held.
    private func drag(_ a: BridgedRoom.Peer, steps: Int) throws {
        let smile = try emoji("😀", in: a.document.model)
        a.document.beginGesture(named: ActionName.move)
        for step in 1...steps {
            var moved = smile
            moved.position = DocumentPoint(x: Double(step) * 10, y: 0)
            a.document.replaceEmojis([moved], named: ActionName.move)
        }
    }

    @Test("mid-drag, the other window shows the drag but its model — what autosave writes — holds the committed position")
    func previewsStayOutOfTheModel() throws {
        let room = try BridgedRoom(sharing: Self.twoEmojis(), others: 1)
        let (a, b) = (room.peers[0], room.peers[1])
        b.document.markSaved(revision: b.document.revision)  // as after an autosave
        let revision = b.document.revision
        var changes = DocumentChange()
        b.document.onChange = { changes.formUnion($0) }
        try drag(a, steps: 4)
        room.settle()
        #expect(try emoji("😀", in: b.document.model).position == DocumentPoint(x: 0, y: 0))
        #expect(try emoji("😀", in: b.document.displayedModel).position == DocumentPoint(x: 40, y: 0))
        #expect(b.document.revision == revision, "a preview is no change of the document")
        #expect(!b.document.hasUnsavedChanges, "nothing for autosave to write")
        #expect(changes == .livePreviews, "a redraw only")
        #expect(try emoji("🐶", in: b.document.displayedModel) == emoji("🐶", in: b.document.model))
        let encoded = String(decoding: EmojiArtEncoder().encode(b.document.model), as: UTF8.self)
        #expect(!encoded.contains("\"x\":40"), "the file would not hold the preview")
    }

    @Test("the drag's one stored edit replaces the layer: the model has the final position, the layer is empty")
    func committedEditClearsTheLayer() throws {
        let room = try BridgedRoom(sharing: Self.twoEmojis(), others: 1)
        let (a, b) = (room.peers[0], room.peers[1])
        try drag(a, steps: 3)
        room.settle()
        #expect(!b.document.livePreviews.isEmpty)
        a.document.endGesture()
        room.settle()
        #expect(b.document.livePreviews.isEmpty)
        #expect(b.bridge.livePreviews.isEmpty)
        #expect(try emoji("😀", in: b.document.model).position == DocumentPoint(x: 30, y: 0))
        #expect(b.document.displayedModel == b.document.model)
        #expect(b.document.hasUnsavedChanges, "the stored edit is for autosave to write")
    }

    @Test("a drag's frames go when the dragger leaves, and when the connection drops")
    func leavingClearsTheLayer() throws {
        let room = try BridgedRoom(sharing: Self.twoEmojis(), others: 2)
        let (a, b, c) = (room.peers[0], room.peers[1], room.peers[2])
        try drag(a, steps: 2)
        room.settle()
        #expect(!b.document.livePreviews.isEmpty && !c.document.livePreviews.isEmpty)
        room.disconnect(a)
        room.settle()
        #expect(b.document.livePreviews.isEmpty)
        #expect(try emoji("😀", in: b.document.displayedModel).position == DocumentPoint(x: 0, y: 0))
        room.connect(a)
        room.settle()
        try drag(a, steps: 2)
        room.settle()
        #expect(!c.document.livePreviews.isEmpty)
        room.disconnect(c)
        #expect(c.document.livePreviews.isEmpty, "a window that lost the room shows no one's drag")
    }

    @Test("frames that stop coming time out; a drag held still repeats its last frame, so it stays")
    func staleFramesTimeOut() throws {
        let room = try BridgedRoom(sharing: Self.twoEmojis(), others: 1)
        let (a, b) = (room.peers[0], room.peers[1])
        var clock = Duration.seconds(1000)
        a.bridge.now = { clock }
        b.bridge.now = { clock }
        try drag(a, steps: 1)
        room.settle()
        #expect(b.document.livePreviews.count == 1)
        // A holds still: its ticks repeat the frame each heartbeat, and B keeps showing it.
        for _ in 0..<10 {
            clock += .milliseconds(500)
            a.bridge.tick()
            room.settle()
            b.bridge.tick()
        }
        #expect(b.document.livePreviews.count == 1)
        // A vanishes without a `left` (its frames stop): B drops the drag after the timeout.
        clock += LivePreviews.timeout - .milliseconds(1)
        b.bridge.tick()
        #expect(b.document.livePreviews.count == 1)
        clock += .milliseconds(2)
        b.bridge.tick()
        #expect(b.document.livePreviews.isEmpty)
        #expect(try emoji("😀", in: b.document.displayedModel).position == DocumentPoint(x: 0, y: 0))
    }

    @Test("a frame held back by the 30 Hz pace goes out on the next tick, so others see where the drag rests")
    func heldBackFrameFollows() throws {
        let room = try BridgedRoom(sharing: Self.twoEmojis(), others: 1)
        let (a, b) = (room.peers[0], room.peers[1])
        var clock = Duration.seconds(1000)
        a.bridge.now = { clock }
        try drag(a, steps: 3)  // three frames at one instant: only the first goes out
        room.settle()
        #expect(try emoji("😀", in: b.document.displayedModel).position.x == 10)
        clock += .milliseconds(40)
        a.bridge.tick()
        room.settle()
        #expect(try emoji("😀", in: b.document.displayedModel).position.x == 30)
    }

    @Test("the rule in isolation: a push of the dragger clears only their frames")
    func ruleByClient() throws {
        let ann = try #require(ClientID("annClient0001"))
        let bob = try #require(ClientID("bobClient0001"))
        var previews = LivePreviews()
        previews.receive(PreviewFrame(cid: CollabID(client: ann, counter: 1), x: 1, y: 2, size: 40, rotation: 0), from: ann, at: .zero)
        previews.receive(PreviewFrame(cid: CollabID(client: ann, counter: 2), x: 1, y: 2, size: 40, rotation: 0), from: bob, at: .zero)
        previews.committed(by: ann)
        #expect(previews.entries.count == 1)
        #expect(previews.entries.values.first?.client == bob)
        let expiredAtTimeout = previews.expire(at: LivePreviews.timeout)
        #expect(!expiredAtTimeout)
        let expiredAfter = previews.expire(at: LivePreviews.timeout + .milliseconds(1))
        #expect(expiredAfter)
        #expect(previews.isEmpty)
    }
}
