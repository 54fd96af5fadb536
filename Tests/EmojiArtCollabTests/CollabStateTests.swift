import Testing

@testable import EmojiArtCollab

@Suite struct CollabStateTests {
    let ann = ClientID("ann")!
    let bob = ClientID("bob")!
    var cid: CollabID { CollabID(client: ann, counter: 1) }

    func added(deleted: Bool = false) -> CollabState {
        var state = CollabState()
        state.apply(.add(EmojiValues(cid: cid, text: "🐶", x: 1, y: 2, size: 40, z: ZKey("a0")!, deleted: deleted)), from: ann)
        return state
    }

    @Test("an edit of an unknown emoji changes nothing")
    func unknownCID() {
        var state = CollabState()
        let changed1 = state.apply(.set(cid: cid, value: .x(5)), from: ann)
        #expect(!changed1)
        #expect(state == CollabState())
    }

    @Test("an edit of a tombstone changes its field, and it stays deleted")
    func tombstoneStaysDeleted() {
        var state = added(deleted: true)
        state.apply(.set(cid: cid, value: .x(50)), from: bob)
        #expect(state.emojis[cid]?.deleted.value == true)
        #expect(state.emojis[cid]?.x.value == 50)
        #expect(state.drawingOrder.isEmpty)
    }

    @Test("values are clamped to the file format's limits; unusable ones change nothing")
    func clamping() {
        var state = added()
        state.apply(.set(cid: cid, value: .x(5e9)), from: bob)
        state.apply(.set(cid: cid, value: .size(0)), from: bob)
        state.apply(.set(cid: cid, value: .rotation(540)), from: bob)
        state.apply(.set(cid: cid, value: .y(.nan)), from: bob)
        state.apply(.set(cid: cid, value: .text("")), from: bob)
        let record = state.emojis[cid]!
        #expect(record.x.value == 1_000_000)
        #expect(record.size.value == 1)
        #expect(record.rotation.value == 180)
        #expect(record.y.value == 2)
        #expect(record.text.value == "🐶")
    }

    @Test("a conditional set applies only while its client wrote the field last and it holds the expected value")
    func conditionalSet() {
        var state = added()
        let changed2 = state.apply(.set(cid: cid, value: .x(9), expected: .x(1)), from: ann)
        #expect(changed2)
        let changed3 = state.apply(.set(cid: cid, value: .x(7), expected: .x(9)), from: bob)
        #expect(!changed3, "bob did not write x")
        let changed4 = state.apply(.set(cid: cid, value: .x(7), expected: .x(1)), from: ann)
        #expect(!changed4, "x no longer holds 1")
        #expect(state.emojis[cid]?.x == Stamped(9, by: ann))
    }

    @Test("an add of an existing emoji merges only a delete (a re-push never resurrects one)")
    func reAdd() {
        var state = added(deleted: true)
        var again = EmojiValues(cid: cid, text: "🐱", x: 0, y: 0, size: 9, z: ZKey("a1")!)
        again.restored = true  // bob sends the room again (invariant 7)
        let changed5 = state.apply(.add(again), from: bob)
        #expect(!changed5)
        #expect(state.emojis[cid]?.deleted.value == true)
        var alive = added()
        var deleted = EmojiValues(cid: cid, text: "🐱", x: 0, y: 0, size: 9, z: ZKey("a1")!, deleted: true)
        deleted.restored = true
        let changed6 = alive.apply(.add(deleted), from: bob)
        #expect(changed6)
        #expect(alive.emojis[cid]?.deleted.value == true)
        #expect(alive.emojis[cid]?.text.value == "🐶")
    }

    @Test("drawing order is (z, cid); equal keys are ordered by cid")
    func drawingOrder() {
        var state = CollabState()
        let ids = [CollabID(client: bob, counter: 1), CollabID(client: ann, counter: 2), CollabID(client: ann, counter: 1)]
        for (cid, z) in zip(ids, ["a1", "a0", "a1"]) {
            state.apply(.add(EmojiValues(cid: cid, text: "🐶", x: 0, y: 0, size: 9, z: ZKey(z)!)), from: cid.client)
        }
        #expect(state.drawingOrder.map(\.cid) == [ids[1], ids[2], ids[0]])
    }

    @Test("collaboration ids read back from their text; other text is refused")
    func collabIDs() {
        #expect(CollabID("ann.12") == CollabID(client: ann, counter: 12))
        #expect(CollabID(CollabID(client: bob, counter: 3).description) == CollabID(client: bob, counter: 3))
        for bad in ["ann", "ann.", ".3", "ann.0", "ann.-1", "a b.1", "ann.1x"] {
            #expect(CollabID(bad) == nil, "\(bad)")
        }
    }
}
