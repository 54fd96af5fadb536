import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCollabTestSupport
import EmojiArtTestSupport
import Foundation
import Testing

/// Every test on the throw-away PostgreSQL server of `scripts/with-postgres`, one at a time:
/// one of them crashes and restarts the server, which no other test may meet by chance. A test
/// that waits too long fails rather than holding up the whole run.
@Suite(
    .serialized, .timeLimit(.minutes(3)),
    .enabled(if: TestPostgres.isAvailable, "needs PostgreSQL: run the tests through scripts/with-postgres (scripts/test does)"))
struct PostgresServerTests {}

extension PostgresServerTests {
    /// Relays on one PostgreSQL database (SPEC C9), as real processes: any relay serves any room,
    /// the database orders each room, a killed relay or a crashed database loses nothing that was
    /// acknowledged.
    @Suite
    struct PostgresRelayTests {
        static func relay(_ database: String, _ extra: [String] = []) throws -> RelayProcess {
            try RelayProcess(extraArguments: ["--store", database] + extra)
        }

        /// The room `address` on another relay of the same database.
        static func on(_ relay: RelayProcess, _ address: RoomLink) -> RoomLink {
            RoomLink(server: relay.server, room: address.room, key: nil)
        }

        /// The room's ops in the database: (seq, client, cseq) in seq order.
        static func storedOps(_ database: String, room: String) throws -> [SequencedPush] {
            try TestPostgres.psql(database: database, "SELECT push FROM ops WHERE room = '\(room)' ORDER BY seq").map {
                try JSONDecoder().decode(SequencedPush.self, from: Data($0.utf8))
            }
        }

        static func expectOneOrder(_ ops: [SequencedPush], count: Int) {
            #expect(ops.map(\.seq) == Array(1...count), "seqs without gap or fork")
            #expect(Set(ops.map { "\($0.client)-\($0.cseq)" }).count == count, "each (client, cseq) once")
        }

        @Test("two relays, one database: clients on each edit in turn and converge, in one order")
        func twoRelaysConverge() async throws {
            let database = try TestPostgres.freshDatabase()
            let (east, west) = (try Self.relay(database), try Self.relay(database))
            let address = try await RelayServerTests.makeRoom(east)
            let ann = try RelayServerTests.peer(address, seed: 11)
            let bob = try RelayServerTests.peer(Self.on(west, address), seed: 12)
            try await waitUntil("both are live") { ann.settled && bob.settled }
            for round in 0..<20 {
                try ann.perform { try $0.addEmoji("🐱", x: Double(round), y: 0, size: 20).1 }
                try bob.perform { try $0.addEmoji("🐶", x: Double(round), y: 50, size: 20).1 }
            }
            try await waitUntil("both converge on 40 emojis") {
                ann.settled && bob.settled && ann.with { $0.shown.emojis.count } == 40 && bob.with { $0.shown.emojis.count } == 40
            }
            #expect(ann.with(\.shown) == bob.with(\.shown))
            #expect(ann.with(\.confirmedSeq) == bob.with(\.confirmedSeq))
            Self.expectOneOrder(try Self.storedOps(database, room: address.room), count: 40)
        }

        @Test("presence crosses relays: a member on one relay hears one on the other")
        func presenceCrossesRelays() async throws {
            let database = try TestPostgres.freshDatabase()
            let (east, west) = (try Self.relay(database), try Self.relay(database))
            let address = try await RelayServerTests.makeRoom(east)
            let listening = Task {
                try await RawSocket.asMember(
                    Self.on(west, address).webSocketURL,
                    hello: .init(room: address.room, client: ClientID("listener01")!, lastSeq: 0, epoch: nil)
                ) { received in received.contains { if case .presence = $0 { true } else { false } } }
            }
            // A member once the database holds its binding, which is recorded before its welcome.
            try await waitUntil("the listener is admitted on the other relay") {
                try TestPostgres.psql(database: database, "SELECT count(*) FROM room_clients WHERE client = 'listener01'") == ["1"]
            }
            let presence = try RawSocket.text(.presence(.sealed("here")))
            _ = try await RawSocket.asMember(
                address.webSocketURL, hello: .init(room: address.room, client: ClientID("speaker001")!, lastSeq: 0, epoch: nil),
                then: [presence, try RawSocket.text(.ping)]
            ) { $0.contains(.pong) }
            let heard = try await listening.value
            #expect(heard.contains(.presence(.init(client: ClientID("speaker001")!, payload: .sealed("here")))))
        }

        @Test("kill -9 one relay while 300 pushes stream: nothing acknowledged is lost, the client goes on through the other relay")
        func failover() async throws {
            let database = try TestPostgres.freshDatabase()
            let (east, west) = (try Self.relay(database), try Self.relay(database))
            let address = try await RelayServerTests.makeRoom(east)
            let journal = InMemoryOutboxJournal()
            let ann = try RelayServerTests.peer(address, seed: 21, journal: journal)
            let bob = try RelayServerTests.peer(Self.on(west, address), seed: 22)
            try await waitUntil("both are live") { ann.settled && bob.settled }
            let total = 300
            for index in 0..<total {
                try ann.perform { try $0.addEmoji("☀️", x: Double(index), y: 0, size: 20).1 }
                if index == 150 {
                    try await waitUntil("some pushes acknowledged") { ann.with(\.confirmedSeq) > 20 }
                    east.kill9()
                }
            }
            try await waitUntil("ann saw the relay go") { !ann.with(\.isLive) }
            let acknowledged = ann.with(\.confirmedSeq)
            let ackedCids = Set(ann.with { $0.confirmed.emojis.keys })
            ann.close()
            let stored = try Self.storedOps(database, room: address.room)
            #expect(stored.count >= acknowledged, "the database has \(stored.count), ann saw \(acknowledged) acknowledged")
            // Ann goes on through the other relay with her outbox: the rest arrives, each push once.
            let again = try NetPeer(
                link: WebSocketRelayLink(address: Self.on(west, address), options: RelayServerTests.fastRetry), room: address.room,
                journal: journal, seed: 21)
            try await waitUntil("ann's outbox is empty") { again.settled && again.with { $0.confirmed.emojis.count } == total }
            #expect(ackedCids.isSubset(of: Set(again.with { $0.confirmed.emojis.keys })))
            try await waitUntil("bob, on the relay that stayed, has all of it") { bob.with { $0.shown.emojis.count } == total }
            Self.expectOneOrder(try Self.storedOps(database, room: address.room), count: total)
        }

        @Test("the database crashes and restarts mid-stream: the relay reconnects, nothing acknowledged is lost, everything arrives once")
        func databaseRestart() async throws {
            let database = try TestPostgres.freshDatabase()
            let relay = try Self.relay(database, ["--poll-seconds", "0.5"])
            let address = try await RelayServerTests.makeRoom(relay)
            let ann = try RelayServerTests.peer(address, seed: 31)
            try await waitUntil("ann is live") { ann.settled }
            let total = 100
            for index in 0..<total {
                try ann.perform { try $0.addEmoji("🌧️", x: Double(index), y: 0, size: 20).1 }
                if index == 50 {
                    try await waitUntil("some pushes acknowledged") { ann.with(\.confirmedSeq) > 10 }
                    let acknowledged = ann.with(\.confirmedSeq)
                    try TestPostgres.crashAndRestart()
                    #expect(try Self.storedOps(database, room: address.room).count >= acknowledged)
                }
            }
            try await waitUntil("ann's outbox is empty", timeout: .seconds(60)) {
                ann.settled && ann.with { $0.confirmed.emojis.count } == total
            }
            Self.expectOneOrder(try Self.storedOps(database, room: address.room), count: total)
        }

        @Test("one client id, two secrets, two relays at the same moment: one is admitted, the other told the id is taken (C10)")
        func clientIDBoundOnce() async throws {
            let database = try TestPostgres.freshDatabase()
            let (east, west) = (try Self.relay(database), try Self.relay(database))
            for round in 0..<12 {
                let address = try await RelayServerTests.makeRoom(east)
                let hello = ClientMessage.Hello(room: address.room, client: ClientID("twin\(round)0000")!, lastSeq: 0, epoch: nil)
                let answered: @Sendable ([RelayMessage]) -> Bool = {
                    $0.contains { if case .welcome = $0 { true } else if case .error = $0 { true } else { false } }
                }
                // Both relays have the room in memory already, so neither hello waits on a load.
                for server in [address, Self.on(west, address)] {
                    let warm = ClientMessage.Hello(room: address.room, client: ClientID("warm\(round)0000")!, lastSeq: 0, epoch: nil)
                    _ = try await RawSocket.asMember(server.webSocketURL, hello: warm, until: answered)
                }
                async let onEast = RawSocket.asMember(address.webSocketURL, hello: hello, secret: RawSocket.secret(), until: answered)
                async let onWest = RawSocket.asMember(
                    Self.on(west, address).webSocketURL, hello: hello, secret: RawSocket.secret(), until: answered)
                let outcomes = try await [onEast, onWest].map { messages in
                    messages.contains { if case .welcome = $0 { true } else { false } }
                        ? "welcome" : RelayMembershipTests.errorCodes(messages).map { "\($0)" }.joined(separator: ",")
                }
                #expect(outcomes.sorted() == ["clientTaken", "welcome"], "round \(round): \(outcomes)")
            }
        }

        @Test("max rooms counts the rooms of every relay on the database")
        func maxRoomsAcrossRelays() async throws {
            let database = try TestPostgres.freshDatabase()
            let (east, west) = (try Self.relay(database, ["--max-rooms", "2"]), try Self.relay(database, ["--max-rooms", "2"]))
            _ = try await RelayServerTests.makeRoom(east)
            _ = try await RelayServerTests.makeRoom(west)
            await #expect(throws: (any Error).self, "the third room, on either relay, is refused") {
                try await RelayServerTests.makeRoom(east)
            }
            await #expect(throws: (any Error).self) { try await RelayServerTests.makeRoom(west) }
        }
    }
}
