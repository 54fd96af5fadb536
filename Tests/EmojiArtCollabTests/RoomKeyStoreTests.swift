import EmojiArtCollabTestSupport
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCollab

/// C10's local files: keys 0600 in private folders, never replaced silently; the outbox and
/// replica (decrypted content) private; the relays this user agreed to.
@Suite struct RoomKeyStoreTests {
    static func withStorage(_ body: (CollabStorage, URL) throws -> Void) throws {
        try withTemporaryDirectory { state in
            try body(CollabStorage(locations: StorageLocations(dataDirectory: state, stateDirectory: state)), state)
        }
    }

    static func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("keys live under the state folder, one file per room, 0600 in a 0700 folder")
    func keysArePrivate() throws {
        try Self.withStorage { storage, _ in
            let store = storage.keys
            #expect(try store.key(for: "room-0001") == nil)
            try store.save("k3yk3yk3yk3yk3yk3yk3yk", for: "room-0001", relay: "ws://relay-a:7447")
            #expect(try store.key(for: "room-0001") == "k3yk3yk3yk3yk3yk3yk3yk")
            #expect(try Self.mode(storage.keysFolder.appendingPathComponent("room-0001.key")) == 0o600)
            #expect(try Self.mode(storage.keysFolder) == 0o700)
            #expect(throws: RoomLinkError.badRoomID("../etc")) { try store.save("x", for: "../etc", relay: "ws://relay-a:7447") }
            #expect(storage.journalFolder.lastPathComponent == "collab")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: storage.keysFolder.path) == ["room-0001.key"], "no temporary file left")
        }
    }

    @Test(
        "issue 45 item 11: a key is kept for its relay and room: a file naming the room at another relay gets no key; a key kept before relays were recorded counts until kept again"
    )
    func keysBelongToTheirRelay() throws {
        try Self.withStorage { storage, _ in
            let store = storage.keys
            try store.save("k3yk3yk3yk3yk3yk3yk3yk", for: "room-0001", relay: "ws://relay-a:7447")
            #expect(try store.key(for: "room-0001", relay: "ws://relay-a:7447") == "k3yk3yk3yk3yk3yk3yk3yk")
            #expect(try store.key(for: "room-0001", relay: "ws://evil.example:7447") == nil)
            #expect(try store.relay(for: "room-0001") == "ws://relay-a:7447")
            // Joined again with the same key on a relay it moved to: kept for that one now.
            try store.save("k3yk3yk3yk3yk3yk3yk3yk", for: "room-0001", relay: "ws://relay-b:7447")
            #expect(try store.key(for: "room-0001", relay: "ws://relay-a:7447") == nil)
            #expect(try store.key(for: "room-0001", relay: "ws://relay-b:7447") == "k3yk3yk3yk3yk3yk3yk3yk")
            // A file of one line, from before: any relay, until it is kept again.
            try Data("0ldk3y0ldk3y0ldk3y0ldk\n".utf8).write(to: storage.keysFolder.appendingPathComponent("room-0002.key"))
            #expect(try store.key(for: "room-0002", relay: "ws://anywhere:7447") == "0ldk3y0ldk3y0ldk3y0ldk")
            #expect(try store.relay(for: "room-0002") == nil)
            try store.save("0ldk3y0ldk3y0ldk3y0ldk", for: "room-0002", relay: "ws://relay-a:7447")
            #expect(try store.key(for: "room-0002", relay: "ws://anywhere:7447") == nil)
        }
    }

    @Test("another key for the same room is never saved silently: refused, kept, and replaced only when asked")
    func noSilentReplacement() throws {
        try Self.withStorage { storage, _ in
            let store = storage.keys
            try store.save("k3yk3yk3yk3yk3yk3yk3yk", for: "room-0001", relay: "ws://relay-a:7447")
            try store.save("k3yk3yk3yk3yk3yk3yk3yk", for: "room-0001", relay: "ws://relay-a:7447")
            #expect(throws: CollabError.anotherKeyStored(room: "room-0001")) {
                try store.save("an0therk3yan0therk3yan", for: "room-0001", relay: "ws://relay-a:7447")
            }
            #expect(try store.key(for: "room-0001") == "k3yk3yk3yk3yk3yk3yk3yk")
            try store.save("an0therk3yan0therk3yan", for: "room-0001", relay: "ws://relay-a:7447", replacing: true)
            #expect(try store.key(for: "room-0001") == "an0therk3yan0therk3yan")
            #expect(try Self.mode(storage.keysFolder.appendingPathComponent("room-0001.key")) == 0o600)
        }
    }

    @Test("an existing folder open to others is narrowed to 0700; one owned by another user, or a link, is refused")
    func foldersAreChecked() throws {
        try Self.withStorage { storage, state in
            try FileManager.default.createDirectory(
                at: storage.keysFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
            chmod(storage.keysFolder.path, 0o777)
            try storage.keys.save("k3yk3yk3yk3yk3yk3yk3yk", for: "room-0001", relay: "ws://relay-a:7447")
            #expect(try Self.mode(storage.keysFolder) == 0o700)

            let elsewhere = state.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: storage.journalFolder, withDestinationURL: elsewhere)
            #expect(throws: CollabError.self) { try FileOutboxJournal(folder: storage.journalFolder, room: "room-0001") }

            if geteuid() == 0 {
                let foreign = state.appendingPathComponent("foreign")
                try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
                chown(foreign.path, 4321, 4321)
                #expect(throws: CollabError.self) { try PrivateFolder.prepare(foreign) }
            }
        }
    }

    @Test("the outbox and the confirmed replica hold the room in the clear: 0600 files in a 0700 folder")
    func outboxAndReplicaArePrivate() throws {
        try Self.withStorage { storage, _ in
            let journal = try FileOutboxJournal(folder: storage.journalFolder, room: "room-0001")
            let session = try SyncSession(room: "room-0001", journal: journal, sealer: PlainSealer(), random: SeededRandom(seed: 1))
            _ = try session.receive(.welcome(.init(epoch: "e", seq: 0, ackedCseq: 0, snapshot: nil, ops: [])))
            _ = try session.addEmoji("🦊", x: 0, y: 0, size: 20)
            let replica = ReplicaFile(besides: journal)
            try replica.save(try #require(session.replica))
            #expect(try Self.mode(storage.journalFolder) == 0o700)
            #expect(try Self.mode(journal.url) == 0o600)
            #expect(try Self.mode(replica.url) == 0o600)
        }
    }

    @Test("the relays this user agreed to are remembered, whatever the case or a trailing slash")
    func knownRelays() throws {
        try Self.withStorage { storage, _ in
            let relays = storage.knownRelays
            #expect(!relays.contains("ws://relay.example:7447"))
            try relays.remember("ws://Relay.example:7447/")
            #expect(relays.contains("ws://relay.example:7447"))
            #expect(!relays.contains("ws://other.example:7447"))
            #expect(try Self.mode(relays.file) == 0o600)
        }
    }

    @Test("a relay’s create token is kept per relay, 0600, replaced when the person types another (C8)")
    func relayTokens() throws {
        try Self.withStorage { storage, _ in
            let tokens = storage.relayTokens
            #expect(tokens.token(for: "ws://relay.example:7447") == nil)
            try tokens.save("s3cret", for: "ws://Relay.example:7447/")
            #expect(tokens.token(for: "ws://relay.example:7447") == "s3cret")
            #expect(tokens.token(for: "ws://other.example:7447") == nil)
            try tokens.save("n3w", for: "ws://relay.example:7447")
            #expect(tokens.token(for: "ws://relay.example:7447") == "n3w")
            let files = try FileManager.default.contentsOfDirectory(at: tokens.folder, includingPropertiesForKeys: nil)
            #expect(files.count == 1)
            #expect(try Self.mode(files[0]) == 0o600)
            #expect(try Self.mode(tokens.folder) == 0o700)
            #expect(!files[0].lastPathComponent.contains("relay.example"), "the file does not name the relay either")
        }
    }

    @Test("no message repeats a link’s key")
    func messagesNeverRepeatTheKey() {
        for text in [
            "emojiart:/nohost/abc#SECRETKEYSECRETKEY", "emojiart://relay.example#SECRETKEYSECRETKEY", "nonsense#SECRETKEYSECRETKEY",
        ] {
            do {
                _ = try RoomLink(parsing: text)
                Issue.record("\(text) was taken")
            } catch {
                #expect(!error.description.contains("SECRETKEY"), "\(error.description)")
                #expect(error.description.contains("#…"))
            }
        }
    }
}
