import EmojiArtCollabTestSupport
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCollab

/// A shared document whose room the relay lost (its data deleted, or a new relay on the same
/// address), and the confirmed replica kept between runs (C6, COLLAB invariant 7): the file
/// makes its room again from what it holds; a join of a room that does not exist says so; a
/// window reopened from its outbox and replica shows the room at once and pushes it again when
/// the relay lost it.
@MainActor
@Suite struct LostRoomTests {
    static let room = SharedRoom(server: "memory", room: "room-0001")

    @MainActor
    final class Window {
        let document: EmojiArtDocument
        let session: SyncSession
        let connection: RoomConnection
        let wake = HeldWake()
        var messages: [String] = []

        /// `model` shares that document (a shared file opened without an outbox); nil joins.
        /// With `journal`, an outbox and replica from an earlier run come back.
        init(
            relay: InMemoryRelay, sharing model: EmojiArtModel?, recreatesMissingRoom: Bool,
            journal: OutboxJournal = InMemoryOutboxJournal(), replica: ConfirmedReplica? = nil, fromOutbox: Bool = false,
            seed: UInt64
        ) throws {
            document = EmojiArtDocument(model: model ?? EmojiArtModel())
            session = try SyncSession(
                room: LostRoomTests.room.room, journal: journal, replica: replica, sealer: PlainSealer(), random: SeededRandom(seed: seed))
            let bridge =
                model == nil || fromOutbox
                ? CollabDocumentBridge(document: document, session: session, room: LostRoomTests.room)
                : try CollabDocumentBridge.share(document, session: session, room: LostRoomTests.room)
            connection = RoomConnection(link: relay.link(room: LostRoomTests.room.room), bridge: bridge, wake: wake.wake)
            connection.recreatesMissingRoom = recreatesMissingRoom
            bridge.onMessage = { [unowned self] in messages.append($0) }
        }

        var texts: [String] { document.model.emojis.map(\.text) }
    }

    private static func model() -> EmojiArtModel {
        var model = EmojiArtModel(background: .blank, emojis: [], collab: room)
        model.addEmoji("😀", at: DocumentPoint(x: 0, y: 0), size: 40)
        model.addEmoji("🐶", at: DocumentPoint(x: 100, y: 50), size: 20)
        return model
    }

    @Test("a shared file opened where the relay has no such room makes it again from its content, and others can join it")
    func fileRecreatesItsRoom() async throws {
        let relay = InMemoryRelay()  // no room: its data was deleted
        let ann = try Window(relay: relay, sharing: Self.model(), recreatesMissingRoom: true, seed: 1)
        #expect(await ann.wake.pump { ann.connection.status == .connected && ann.connection.pendingCount == 0 })
        #expect(ann.messages.isEmpty, "nothing to tell: the room is back")
        #expect(relay.room(Self.room.room)?.log.isEmpty == false)
        let bob = try Window(relay: relay, sharing: nil, recreatesMissingRoom: false, seed: 2)
        #expect(await bob.wake.pump { bob.texts == ["😀", "🐶"] })
    }

    @Test("joining a room the relay does not have says so, and makes nothing")
    func joinReportsAMissingRoom() async throws {
        let relay = InMemoryRelay()
        let bob = try Window(relay: relay, sharing: nil, recreatesMissingRoom: false, seed: 3)
        #expect(await bob.wake.pump { !bob.messages.isEmpty })
        #expect(bob.messages.first?.contains("no such room") == true)
        #expect(bob.connection.status == .connecting)
        #expect(relay.room(Self.room.room) == nil)
    }

    @Test("the confirmed replica kept beside the outbox: reopened offline, the window shows the room and rebases its waiting edits on it")
    func replicaBetweenRuns() async throws {
        try await withTemporaryDirectory { folder in
            let relay = InMemoryRelay()
            relay.createRoom(Self.room.room)
            let journal = try FileOutboxJournal(folder: folder, room: Self.room.room)
            let replicaFile = ReplicaFile(besides: journal)
            var first: Window? = try Window(relay: relay, sharing: Self.model(), recreatesMissingRoom: true, journal: journal, seed: 4)
            #expect(await first!.wake.pump { first!.connection.status == .connected && first!.connection.pendingCount == 0 })
            first!.document.moveEmojis([1], by: DocumentVector(dx: 7, dy: 0))
            #expect(await first!.wake.pump { first!.connection.pendingCount == 0 })
            let replica = try #require(first!.session.replica)
            let savedFile = first!.document.model
            try replicaFile.save(replica)
            #expect(replicaFile.load() == replica)
            #expect(replicaFile.url.lastPathComponent == "room-0001.replica.json")
            first!.connection.close()
            first = nil

            // Someone else edits meanwhile; this machine is offline when it reopens the file.
            let bob = try Window(relay: relay, sharing: nil, recreatesMissingRoom: false, seed: 5)
            #expect(await bob.wake.pump { bob.texts.count == 2 })
            bob.document.addEmoji("🌲", at: .zero, size: 30)
            #expect(await bob.wake.pump { bob.connection.pendingCount == 0 })
            relay.stop(crash: false)
            let reopened = try Window(
                relay: relay, sharing: savedFile, recreatesMissingRoom: true,
                journal: try FileOutboxJournal(folder: folder, room: Self.room.room),
                replica: replicaFile.load(), fromOutbox: true, seed: 6)
            #expect(reopened.session.confirmedSeq == replica.seq, "no full snapshot needed")
            #expect(reopened.document.model.emojis.first?.position == DocumentPoint(x: 7, y: 0), "the room as it was, offline")
            reopened.document.moveEmojis([2], by: DocumentVector(dx: 0, dy: 1))
            relay.start()
            #expect(await reopened.wake.pump { reopened.connection.status == .connected && reopened.connection.pendingCount == 0 })
            #expect(await reopened.wake.pump { reopened.texts == ["😀", "🐶", "🌲"] })
            #expect(await bob.wake.pump { bob.document.model.emojis.first { $0.text == "🐶" }?.position == DocumentPoint(x: 100, y: 51) })
        }
    }

    @Test("the relay lost everything: a window with a replica pushes the room again as idempotent adds; a joiner gets it all")
    func relayLostItsData() async throws {
        let relay = InMemoryRelay()
        relay.createRoom(Self.room.room)
        let ann = try Window(relay: relay, sharing: Self.model(), recreatesMissingRoom: true, seed: 7)
        #expect(await ann.wake.pump { ann.connection.status == .connected && ann.connection.pendingCount == 0 })
        ann.document.moveEmojis([2], by: DocumentVector(dx: 1, dy: 0))
        #expect(await ann.wake.pump { ann.connection.pendingCount == 0 })
        relay.stop(crash: false)
        relay.loseEverything()
        #expect(relay.room(Self.room.room)?.log.isEmpty == true)
        relay.start()
        #expect(
            await ann.wake.pump {
                ann.connection.status == .connected && ann.connection.pendingCount == 0 && relay.room(Self.room.room)?.log.isEmpty == false
            })
        let bob = try Window(relay: relay, sharing: nil, recreatesMissingRoom: false, seed: 8)
        #expect(
            await bob.wake.pump {
                bob.document.model.emojis.map(\.position) == [DocumentPoint(x: 0, y: 0), DocumentPoint(x: 101, y: 50)]
            })
    }
}
