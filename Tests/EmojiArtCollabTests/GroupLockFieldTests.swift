import Crypto
import EmojiArtCollabTestSupport
import EmojiArtCore
import Foundation
import Testing

@testable import EmojiArtCollab

/// `group` (R3) and `locked` (R4) in a room: fields like the others, which a room, a replica or
/// a push made before them still reads, and which leave what never used them as it was.
@Suite struct GroupLockFieldTests {
    let ann = ClientID("ann")!
    let bob = ClientID("bob")!
    var cid: CollabID { CollabID(client: ann, counter: 1) }

    private func added(group: String? = nil, locked: Bool = false) -> CollabState {
        var state = CollabState()
        state.apply(.add(EmojiValues(cid: cid, text: "🐶", x: 1, y: 2, size: 40, z: ZKey("a0")!, group: group, locked: locked)), from: ann)
        return state
    }

    private func json<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("an add carries the group and the lock; the adder wrote them")
    func addCarriesThem() throws {
        let record = try #require(added(group: "g", locked: true).emojis[cid])
        #expect(record.group == Stamped("g", by: ann))
        #expect(record.locked == Stamped(true, by: ann))
        #expect(record.values.group == "g" && record.values.locked)
    }

    @Test("an emoji nobody grouped or locked is written as before them: its record, its add and its digest")
    func unsetIsAbsent() throws {
        let state = added()
        let record = try #require(state.emojis[cid])
        #expect(record.group == Stamped(nil, by: nil) && record.locked == Stamped(false, by: nil))
        let recordJSON = try json(record)
        #expect(!recordJSON.contains("group") && !recordJSON.contains("locked"))
        let addJSON = try json(CollabOp.add(record.values))
        #expect(!addJSON.contains("group") && !addJSON.contains("locked"))
        // The digest is over that JSON: the same as a build before groups computes.
        #expect(state.digest == (try JSONDecoder().decode(CollabState.self, from: Data(json(state).utf8))).digest)
    }

    @Test("a record and an add from a build before groups read as in no group, unlocked")
    func oldShapesDecode() throws {
        let record =
            #"{"cid":"ann.1","text":{"value":"🐶","writer":"ann"},"x":{"value":1,"writer":"ann"},"y":{"value":2,"writer":"ann"},"size":{"value":40,"writer":"ann"},"rotation":{"value":0,"writer":"ann"},"flipped":{"value":false,"writer":"ann"},"z":{"value":"a0","writer":"ann"},"deleted":{"value":false,"writer":"bob"}}"#
        let state = try JSONDecoder().decode(
            CollabState.self, from: Data(#"{"emojis":["ann.1",\#(record)],"background":{"value":{"blank":{}}}}"#.utf8))
        let decoded = try #require(state.emojis[cid])
        #expect(decoded.group == Stamped(nil, by: nil) && decoded.locked == Stamped(false, by: nil))
        let add =
            #"{"op":"add","emoji":{"cid":"ann.1","text":"🐶","x":1,"y":2,"size":40,"rotation":0,"flipped":false,"z":"a0","deleted":false}}"#
        let op = try JSONDecoder().decode(CollabOp.self, from: Data(add.utf8))
        #expect(op == .add(EmojiValues(cid: cid, text: "🐶", x: 1, y: 2, size: 40, z: ZKey("a0")!)))
    }

    @Test("a push without groups links as it did before them; a group changes the link")
    func linkHashUnchanged() {
        let values = EmojiValues(cid: cid, text: "🐶", x: 1, y: 2, size: 40, z: ZKey("a0")!)
        let before =
            "link-2\u{0}-\u{0}1"
            + ["\u{0}add", "ann.1", "🐶", "1.0", "2.0", "40.0", "0.0", "false", "a0", "false"].joined(separator: "\u{1}")
        #expect(SenderChains.linkHash(previous: nil, cseq: 1, ops: [.add(values)]) == SHA256.hex(Data(before.utf8)))
        var grouped = values
        grouped.group = "g"
        #expect(SenderChains.linkHash(previous: nil, cseq: 1, ops: [.add(grouped)]) != SHA256.hex(Data(before.utf8)))
        let ungroup = SenderChains.linkHash(previous: nil, cseq: 1, ops: [.set(cid: cid, value: .group(nil))])
        #expect(ungroup != SenderChains.linkHash(previous: nil, cseq: 1, ops: [.set(cid: cid, value: .group("-"))]))
    }

    @Test("set and cleared by anyone; the last writer wins, as for every field")
    func lastWriterWins() throws {
        var state = added()
        state.apply(.set(cid: cid, value: .group("g")), from: bob)
        state.apply(.set(cid: cid, value: .locked(true)), from: bob)
        state.apply(.set(cid: cid, value: .group(nil)), from: ann)
        let record = try #require(state.emojis[cid])
        #expect(record.group == Stamped(nil, by: ann))
        #expect(record.locked == Stamped(true, by: bob))
        // Cleared by someone, the field stays in the record: its writer matters for undo (C4).
        #expect(try json(record).contains(#""group":{"value":null,"writer":"ann"}"#))
        #expect(try JSONDecoder().decode(EmojiRecord.self, from: Data(json(record).utf8)) == record)
    }

    @Test("undo of a group applies only while it holds what I set", arguments: [true, false])
    func conditionalGroup(bobRegroups: Bool) throws {
        var state = added()
        state.apply(.set(cid: cid, value: .group("g")), from: ann)
        if bobRegroups { state.apply(.set(cid: cid, value: .group("h")), from: bob) }
        let undone = state.apply(.set(cid: cid, value: .group(nil), expected: .group("g")), from: ann)
        #expect(undone == !bobRegroups)
        #expect(state.emojis[cid]?.group.value == (bobRegroups ? "h" : nil))
    }

    @Test(
        "a group id no file can hold changes nothing, in a set or an add",
        arguments: ["", String(repeating: "x", count: GroupID.maxBytes + 1)])
    func invalidGroupIDs(group: String) {
        var state = added(group: "g")
        let changed = state.apply(.set(cid: cid, value: .group(group)), from: bob)
        #expect(!changed)
        #expect(state.emojis[cid]?.group == Stamped("g", by: ann))
        var empty = CollabState()
        let addedInvalid = empty.apply(
            .add(EmojiValues(cid: cid, text: "🐶", x: 1, y: 2, size: 40, z: ZKey("a0")!, group: group)), from: ann)
        #expect(!addedInvalid)
    }

    @Test("a snapshot's record with an unusable group or lock is left out, as its add would be")
    func hostileSnapshot() throws {
        for field in [#""group":{"value":""}"#, #""group":{"value":7,"writer":"ann"}"#, #""locked":{"value":"yes"}"#] {
            let record =
                #"{"cid":"ann.1","text":{"value":"🐶"},"x":{"value":1},"y":{"value":2},"size":{"value":40},"rotation":{"value":0},"flipped":{"value":false},"z":{"value":"a0"},"deleted":{"value":false},\#(field)}"#
            let state = try JSONDecoder().decode(
                CollabState.self, from: Data(#"{"emojis":["ann.1",\#(record)],"background":{"value":{"blank":{}}}}"#.utf8))
            #expect(state.emojis.isEmpty, "\(field)")
        }
    }

    @Test("sharing a document takes its groups and locks into the room, and the room’s model gives them back")
    func shareRoundTrip() throws {
        let session = try SyncSession(room: "r", journal: InMemoryOutboxJournal(), sealer: PlainSealer(), random: SeededRandom(seed: 7))
        let model = EmojiArtModel(
            background: .blank,
            emojis: [
                Emoji(id: 1, text: "🐶", position: .zero, size: 30, group: "g", locked: true),
                Emoji(id: 2, text: "🐱", position: .zero, size: 30, group: "g"),
                Emoji(id: 3, text: "🌲", position: .zero, size: 30),
            ], uniqueEmojiId: 3)
        let imported = try CollabImport(model: model, session: session)
        try session.perform(imported.ops, named: "Share")
        var ids = imported.ids
        let shown = session.shown.model(ids: &ids, room: nil)
        #expect(shown.emojis.map(\.group) == ["g", "g", nil])
        #expect(shown.emojis.map(\.locked) == [true, false, false])
    }
}
