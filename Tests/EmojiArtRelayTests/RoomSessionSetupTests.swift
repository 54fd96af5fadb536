import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

/// Issue 45 item 11: a room's outbox and replica belong to the relay they were made for. A link
/// naming the same room on another relay (a crafted document, or a room that moved) never sends
/// them there: they are set aside, kept whole, and the session starts afresh.
@Suite struct RoomSessionSetupTests {
    @Test("an outbox made for one relay is set aside, not sent, when the room is opened on another")
    func outboxBelongsToItsRelay() throws {
        try withTemporaryDirectory { state in
            let storage = CollabStorage(locations: StorageLocations(dataDirectory: state, stateDirectory: state))
            let key = RoomKey.random().text
            let room = RoomLink.randomRoomID()
            let first = try RoomSessionSetup(address: RoomLink(server: "ws://relay-a:7447", room: room, key: key), storage: storage)
            let opened = try first.makeSession()
            _ = try opened.session.addEmoji("🐶", x: 1, y: 2, size: 30)
            #expect(try opened.journal.load()?.server == "ws://relay-a:7447")
            #expect(try opened.journal.load()?.pending.count == 1)

            // The same relay again: the waiting edit is there to send.
            let again = try first.makeSession()
            #expect(again.session.pending.count == 1)

            // Another relay: nothing of relay A's outbox goes to it; the file is kept beside.
            let elsewhere = try RoomSessionSetup(
                address: RoomLink(server: "ws://evil.example:7447", room: room, key: key), storage: storage)
            let other = try elsewhere.makeSession()
            #expect(other.session.pending.isEmpty)
            #expect(other.session.client != again.session.client, "a new client id, not relay A's")
            let names = try FileManager.default.contentsOfDirectory(atPath: storage.journalFolder.path)
            #expect(names.contains { $0.contains(".outbox.json.other-relay-") }, "\(names)")
        }
    }
}
