import EmojiArtCollabTestSupport
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCollab

@Suite struct OutboxJournalTests {
    @Test("an edit is journaled before its push is returned; offline, it waits there")
    func journaledBeforeSent() throws {
        let journal = InMemoryOutboxJournal()
        let session = try SyncSession(room: "r", journal: journal, sealer: PlainSealer(), random: SeededRandom(seed: 1))
        let (cid, messages) = try session.addEmoji("🐶", x: 0, y: 0, size: 40)
        #expect(messages.isEmpty, "offline: nothing to send yet")
        #expect(journal.record?.pending.first?.ops.first?.cid == cid)
    }

    @Test("a session restarted from its file journal keeps its id, counters and waiting pushes, and resends them")
    func fileJournalSurvivesRestart() throws {
        try withTemporaryDirectory { folder in
            let first = try SyncSession(
                room: "r", journal: try FileOutboxJournal(folder: folder, room: "r"), sealer: PlainSealer(), random: SeededRandom(seed: 2))
            let (cid, _) = try first.addEmoji("🐶", x: 1, y: 2, size: 40)
            try first.setFields([(cid, .x(5))], named: "Move")
            let restarted = try SyncSession(
                room: "r", journal: try FileOutboxJournal(folder: folder, room: "r"), sealer: PlainSealer(), random: SeededRandom(seed: 3))
            #expect(restarted.client == first.client)
            #expect(restarted.pending == first.pending)
            #expect(restarted.shown == first.shown)
            #expect(restarted.newCollabID() != cid)
            var relay = RelayRoom(id: "r", epoch: "e", verifier: nil)
            guard case .hello(let hello) = restarted.connected().first else {
                Issue.record("no hello")
                return
            }
            let resent = try restarted.receive(relay.welcome(hello))
            #expect(resent.count == 2)
            for case .push(let push) in resent { relay.receive(push, from: restarted.client) }
            for push in relay.commit() { _ = try restarted.receive(.op(push)) }
            #expect(restarted.pending.isEmpty)
            #expect(try FileOutboxJournal(folder: folder, room: "r").load()?.pending.isEmpty == true)
        }
    }

    @Test("a journal that is not an outbox is refused with a sentence, not replaced")
    func garbageJournal() throws {
        try withTemporaryDirectory { folder in
            let journal = try FileOutboxJournal(folder: folder, room: "r")
            try Data("not json".utf8).write(to: journal.url)
            #expect {
                try SyncSession(room: "r", journal: journal, sealer: PlainSealer())
            } throws: { error in
                String(describing: error).contains("could not be read")
            }
            #expect(try Data(contentsOf: journal.url) == Data("not json".utf8))
        }
    }

    @Test("a journal of another room is refused")
    func anotherRoom() throws {
        let journal = InMemoryOutboxJournal()
        _ = try SyncSession(room: "r", journal: journal, sealer: PlainSealer())
        #expect(throws: CollabError.self) { try SyncSession(room: "other", journal: journal, sealer: PlainSealer()) }
    }
}
