import Crypto
import EmojiArtCollab
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRelay

/// What every `RelayStore` keeps (the data folder and PostgreSQL alike): the suites below run
/// each clause against one implementation.
enum RelayStoreContract: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case createAndLoad, durableInOrder, admission, compaction, blobs, deletion

    var testDescription: String { rawValue }

    static let hello = "a-verifier"

    static func push(_ seq: Int, client: String = "contract01", cseq: Int? = nil) -> SequencedPush {
        SequencedPush(seq: seq, client: ClientID(client)!, cseq: cseq ?? seq, payload: .sealed("payload-\(seq)"))
    }

    /// Runs the clause on a store that was just opened, empty.
    func check(_ store: any RelayStore) async throws {
        let id = RoomLink.randomRoomID()
        switch self {
        case .createAndLoad:
            let made = try await store.create(id, epoch: "epoch-1", verifier: Self.hello)
            #expect(made != nil)
            #expect(try await store.create(id, epoch: "epoch-2", verifier: "another") == nil, "a room is made once")
            let loaded = try #require(try await store.load(id))
            #expect(loaded.room.epoch == "epoch-1")
            #expect(loaded.room.verifier == Self.hello)
            #expect(loaded.room.seq == 0)
            #expect(try await store.load(RoomLink.randomRoomID()) == nil)
            #expect(await store.roomIDs() == [id])
            #expect(try await store.roomCount() == 1)
        case .durableInOrder:
            let storage = try #require(try await store.create(id, epoch: "e", verifier: Self.hello))
            let pushes = (1...3).map { Self.push($0) }
            for push in pushes { try storage.received(push) }
            let changes = try await storage.sync(after: 0, snapshotSeq: 0)
            // The folder says "as received"; a shared store answers with its order, the same here.
            if let changes { #expect(changes.ops == pushes) }
            let loaded = try #require(try await store.load(id))
            #expect(loaded.room.log == pushes)
            #expect(loaded.room.durableSeq == 3)
        case .admission:
            let storage = try #require(try await store.create(id, epoch: "e", verifier: Self.hello))
            let client = ClientID("member0001")!
            #expect(try await storage.record(Admission(client: client, boundSecretHash: "hash-of-secret")) == "hash-of-secret")
            let loaded = try #require(try await store.load(id))
            #expect(loaded.room.clientSecrets[client] == "hash-of-secret")
            if store.isShared {
                // Another relay binding the same id later gets the first binding back; it stays.
                #expect(try await storage.record(Admission(client: client, boundSecretHash: "another-secret")) == "hash-of-secret")
                #expect(try #require(try await store.load(id)).room.clientSecrets[client] == "hash-of-secret")
            }
        case .compaction:
            let storage = try #require(try await store.create(id, epoch: "e", verifier: Self.hello))
            let pushes = (1...4).map { Self.push($0) }
            for push in pushes { try storage.received(push) }
            _ = try await storage.sync(after: 0, snapshotSeq: 0)
            let snapshot = SequencedSnapshot(seq: 2, ackedCseqs: ["contract01": 2], payload: .sealed("state-at-2"))
            try await storage.compact(snapshot, remaining: Array(pushes[2...]))
            let loaded = try #require(try await store.load(id))
            #expect(loaded.room.snapshot == snapshot)
            #expect(loaded.room.log.map(\.seq) == [3, 4])
            #expect(loaded.room.seq == 4)
        case .blobs:
            let data = Data("an image".utf8)
            let name = SHA256.hex(data)
            #expect(await !store.blobs.has(name))
            _ = try await store.create(id, epoch: "e", verifier: Self.hello)
            try await store.blobs.put(data, name: name, room: id)
            try await store.blobs.put(data, name: name, room: id)
            #expect(await store.blobs.has(name))
            #expect(await store.blobs.get(name) == data)
            let other = String(repeating: "0", count: 64)
            await #expect(throws: BlobStore.Failure.self) { try await store.blobs.put(data, name: other, room: id) }
            #expect(await store.blobs.get(other) == nil)
            // Its images go with the room (issue 45 item 9).
            #expect(await store.delete(id))
            #expect(await !store.blobs.has(name))
        case .deletion:
            _ = try await store.create(id, epoch: "e", verifier: Self.hello)
            #expect(await store.delete(id))
            #expect(try await store.load(id) == nil)
            #expect(await store.roomIDs().isEmpty)
            // Its tombstone keeps its verifier (C10) until it is swept or the room is made again.
            #expect(await store.tombstone(id) == Self.hello)
            #expect(await store.tombstone(RoomLink.randomRoomID()) == nil)
            await store.sweepTombstones(deletedBefore: Date(timeIntervalSinceNow: -3600))
            #expect(await store.tombstone(id) == Self.hello, "not due yet")
            await store.sweepTombstones(deletedBefore: Date(timeIntervalSinceNow: 3600))
            #expect(await store.tombstone(id) == nil)
        }
    }
}

@Suite struct FolderStoreContractTests {
    @Test("the data folder keeps the store's contract", arguments: RelayStoreContract.allCases)
    func contract(_ clause: RelayStoreContract) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FolderStore(folder: folder, maxBlobBytes: 1 << 20)
        try await store.open(events: { _ in })
        try await clause.check(store)
        await store.close()
    }
}

extension PostgresServerTests {
    @Suite
    struct PostgresStoreContractTests {
        static func openStore(_ url: String) async throws -> PostgresStore {
            let store = PostgresStore(location: try #require(PostgresLocation(url)), maxBlobBytes: 1 << 20)
            try await store.open(events: { _ in })
            return store
        }

        @Test("PostgreSQL keeps the store's contract", arguments: RelayStoreContract.allCases)
        func contract(_ clause: RelayStoreContract) async throws {
            let store = try await Self.openStore(try TestPostgres.freshDatabase())
            try await clause.check(store)
            await store.close()
        }

        @Test("the schema is made once and versioned: a second relay on the database finds it current")
        func schemaVersion() async throws {
            let url = try TestPostgres.freshDatabase()
            let first = try await Self.openStore(url)
            let second = try await Self.openStore(url)
            #expect(try TestPostgres.psql(database: url, "SELECT max(version) FROM schema_version") == [String(PostgresSchema.version)])
            await first.close()
            await second.close()
        }

        /// One room's writer on one relay, as its `RoomActor` owns it.
        actor Writer {
            let storage: any RoomStorage
            var durableSeq = 0
            var answers: [SequencedPush] = []

            init(storage: any RoomStorage) {
                self.storage = storage
            }

            func push(_ pushes: [SequencedPush]) async throws {
                for push in pushes { try storage.received(push) }
                let changes = try #require(try await storage.sync(after: durableSeq, snapshotSeq: 0))
                answers += changes.ops
                durableSeq = changes.ops.last?.seq ?? durableSeq
            }
        }

        @Test("two relays write one room at once: one order, seqs without gap, each (client, cseq) once")
        func twoWritersOneOrder() async throws {
            let url = try TestPostgres.freshDatabase()
            let (one, two) = (try await Self.openStore(url), try await Self.openStore(url))
            let id = RoomLink.randomRoomID()
            _ = try await one.create(id, epoch: "e", verifier: RelayStoreContract.hello)
            let a = Writer(storage: try #require(try await one.load(id)).storage)
            let b = Writer(storage: try #require(try await two.load(id)).storage)
            async let first: Void = {
                for batch in 0..<20 {
                    try await a.push((1...3).map { RelayStoreContract.push(0, client: "writerA001", cseq: batch * 3 + $0) })
                }
            }()
            async let second: Void = {
                for batch in 0..<20 {
                    try await b.push((1...3).map { RelayStoreContract.push(0, client: "writerB001", cseq: batch * 3 + $0) })
                }
            }()
            _ = try await (first, second)
            // Each writer saw the room in one order, the same one, whatever the other did meanwhile.
            let (seenByA, seenByB) = (await a.answers, await b.answers)
            #expect(seenByA.map(\.seq) == Array(1...seenByA.count))
            #expect(Array(seenByB.prefix(seenByA.count)) == Array(seenByA.prefix(seenByB.count)))
            let room = try #require(try await two.load(id)).room
            #expect(room.log.map(\.seq) == Array(1...120))
            #expect(Set(room.log.map { "\($0.client)-\($0.cseq)" }).count == 120)
            // A client that reconnected to the other relay pushes again what the first one took.
            try await b.push((55...62).map { RelayStoreContract.push(0, client: "writerA001", cseq: $0) })
            let again = try #require(try await one.load(id)).room
            #expect(again.log.count == 122, "cseqs 55…60 were there already, 61 and 62 are new")
            await one.close()
            await two.close()
        }
    }
}
