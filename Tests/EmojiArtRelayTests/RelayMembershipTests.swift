import Crypto
import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRelay

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C10 and C7 against the real relay binary: a stranger who knows only a room's id gets nothing
/// and changes nothing; images are sealed before they reach the relay.
@Suite struct RelayMembershipTests {
    @Test(
        "a stranger with the room’s id: no welcome; its snapshot, 30 pushes and an impersonation change nothing; a member who joins later gets the room intact and is not silenced"
    )
    func strangerWithTheRoomID() async throws {
        let relay = try RelayProcess()
        let key = RoomKey.random()
        let address = try await RelayServerTests.makeRoom(relay, key: key.text)
        let ann = try NetPeer(link: WebSocketRelayLink(address: address), room: address.room, sealer: AESGCMSealer(key: key), seed: 21)
        try await waitUntil("ann is live") { ann.settled }
        for (index, text) in ["🦊", "🐙", "🌵"].enumerated() {
            try ann.perform { try $0.addEmoji(text, x: Double(index) * 10, y: 0, size: 40).1 }
        }
        try await waitUntil("ann's three edits are stored") { ann.settled && ann.with(\.confirmedSeq) == 3 }

        // Eve has the id (from a copy of the file, a proxy log), not the key.
        let eve = ClientID("eve00001")!
        let junk = try (1...30).map { try RawSocket.text(.push(.init(cseq: $0, payload: .sealed("v2.junk\($0)")))) }
        let snapshot = try RawSocket.text(.snapshot(.init(seq: 3, payload: .sealed("v2.junk-snapshot"))))
        let withoutProof = try await RawSocket.exchange(
            address.webSocketURL,
            frames: [try RawSocket.text(.hello(.init(room: address.room, client: eve, lastSeq: 0, epoch: nil))), snapshot] + junk
                + [try RawSocket.text(.ping)]
        ) { $0.contains(.pong) }
        #expect(!withoutProof.contains { if case .welcome = $0 { true } else if case .op = $0 { true } else { false } })
        // Each refused until the relay has heard enough from a connection that proved nothing:
        // the snapshot and 14 pushes, then a last sentence, and the connection ends.
        #expect(
            withoutProof.filter { if case .error(let error) = $0 { error.code == .badMessage } else { false } }.count
                == RelayConnection.maxUnprovenFrames)
        #expect(!withoutProof.contains(.pong))

        let wrongKey = try await RawSocket.asMember(
            address.webSocketURL, hello: .init(room: address.room, client: eve, lastSeq: 0, epoch: nil),
            credentials: RoomKey.random().credentials,
            then: [snapshot] + junk
        ) { !$0.isEmpty }
        #expect(Self.errorCodes(wrongKey) == [.notMember])

        // Impersonation needs the key *and* ann's secret: with the key alone (a member gone
        // rogue, or a leaked link) her id is refused.
        let annID = ann.with(\.client)
        let impostor = try await RawSocket.asMember(
            address.webSocketURL, hello: .init(room: address.room, client: annID, lastSeq: 0, epoch: nil), credentials: key.credentials,
            then: [try RawSocket.text(.push(.init(cseq: 1_000_000, payload: .sealed("v2.silence"))))]
        ) { !$0.isEmpty }
        #expect(Self.errorCodes(impostor) == [.clientTaken])

        #expect(
            !FileManager.default.fileExists(atPath: relay.dataFolder.appendingPathComponent("rooms/\(address.room)/snapshot.json").path))
        #expect(try RelayServerTests.logLines(relay, room: address.room).map(\.client) == [annID, annID, annID])

        let bob = try NetPeer(link: WebSocketRelayLink(address: address), room: address.room, sealer: AESGCMSealer(key: key), seed: 22)
        try await waitUntil("bob joins and sees ann's three emojis") { bob.settled && bob.with { $0.shown.emojis.count } == 3 }
        try ann.perform { try $0.addEmoji("🌻", x: 50, y: 50, size: 40).1 }
        try await waitUntil("ann is not silenced: bob sees her next edit") { bob.with { $0.shown.emojis.count } == 4 }
        #expect(bob.with(\.lastProblem) == nil)
    }

    static func errorCodes(_ messages: [RelayMessage]) -> [RelayError.Code] {
        messages.compactMap { message -> RelayError.Code? in
            guard case .error(let error) = message else { return nil }
            return error.code
        }
    }

    @Test("PUT /room without a verifier is refused, and makes nothing")
    func roomNeedsVerifier() async throws {
        let relay = try RelayProcess()
        let room = RoomLink.randomRoomID()
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(relay.port)/room/\(room)")!)
        request.httpMethod = "PUT"
        request.httpBody = Data()
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
        #expect(!FileManager.default.fileExists(atPath: relay.dataFolder.appendingPathComponent("rooms/\(room)").path))
    }

    @Test("a shared picture is sealed: nothing in the relay’s folder or served without the key reveals it, and a member still gets it")
    func sealedBlobs() async throws {
        let relay = try RelayProcess()
        let key = RoomKey.random()
        let address = try await RelayServerTests.makeRoom(relay, key: key.text)
        let ann = try NetPeer(link: WebSocketRelayLink(address: address), room: address.room, sealer: AESGCMSealer(key: key), seed: 23)
        try await waitUntil("ann is live") { ann.settled }
        let image =
            LoadingTestImages.pngHeader(width: 64, height: 48) + Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 5) })
        let blob = try ann.with { try $0.sealedBlob(of: image) }
        #expect(try await ann.link.putBlob(blob.bytes) == blob.name)
        try ann.perform { try $0.setBackground(.image(sha256: blob.name)) }
        try await waitUntil("the background is stored") { ann.settled }

        let plainName = SHA256.hex(image)
        let blobs = relay.dataFolder.appendingPathComponent("blobs")
        let names = try FileManager.default.contentsOfDirectory(atPath: blobs.path)
        #expect(names == [blob.name])
        #expect(!names.contains(plainName))
        var everything = Data()
        let walker = FileManager.default.enumerator(at: relay.dataFolder, includingPropertiesForKeys: nil)!
        for case let file as URL in walker where !file.hasDirectoryPath {
            everything.append((try? Data(contentsOf: file)) ?? Data())
        }
        #expect(everything.range(of: image.prefix(32)) == nil, "the picture's bytes are nowhere in the relay’s folder")
        #expect(String(decoding: everything, as: UTF8.self).contains(plainName) == false, "nor its hash")
        let served = try await ann.link.blob(blob.name)
        #expect(served.range(of: image.prefix(32)) == nil, "what the relay serves is ciphertext")
        await #expect(throws: RelayLinkError.blobNotFound(sha256: plainName)) { try await ann.link.blob(plainName) }

        let bob = try NetPeer(link: WebSocketRelayLink(address: address), room: address.room, sealer: AESGCMSealer(key: key), seed: 24)
        try await waitUntil("bob joins") { bob.settled && bob.with(\.shown.background.value) == .image(sha256: blob.name) }
        let fetched = try await bob.link.blob(blob.name)
        #expect(bob.with { $0.image(inBlob: fetched, named: blob.name) } == image)
        // Another room's key does not open it, nor does a blob under another name.
        let eve = try SyncSession(room: address.room, journal: InMemoryOutboxJournal(), sealer: AESGCMSealer(key: .random()))
        #expect(eve.image(inBlob: fetched, named: blob.name) == nil)
        #expect(bob.with { $0.image(inBlob: fetched, named: plainName) } == nil)
    }
}

extension RelayMembershipTests {
    @Test("everything in the relay’s folder is its owner's alone: folders 0700, files 0600, also a folder an older relay left open")
    func privateDataFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let relay = try RelayProcess(dataFolder: folder)
        let key = RoomKey.random()
        let address = try await RelayServerTests.makeRoom(relay, key: key.text)
        let ann = try NetPeer(link: WebSocketRelayLink(address: address), room: address.room, sealer: AESGCMSealer(key: key), seed: 31)
        try await waitUntil("ann is live") { ann.settled }
        try ann.perform { try $0.addEmoji("🐸", x: 1, y: 2, size: 40).1 }
        let blob = try ann.with { try $0.sealedBlob(of: LoadingTestImages.onePixelPNG) }
        #expect(try await ann.link.putBlob(blob.bytes) == blob.name)
        try await waitUntil("the edit is stored") { ann.settled }

        var checked = 0
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
        for case let item as URL in [folder] + walker.map({ $0 as! URL }) {
            let attributes = try FileManager.default.attributesOfItem(atPath: item.path)
            let mode = (attributes[.posixPermissions] as? Int ?? -1) & 0o777
            let isFolder = attributes[.type] as? FileAttributeType == .typeDirectory
            #expect(mode == (isFolder ? 0o700 : 0o600), "\(item.path) has mode \(String(mode, radix: 8))")
            checked += 1
        }
        #expect(checked >= 8, "the room’s folder, its files and the blob were all there to check (\(checked))")
    }
}
