import Crypto
import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCollabTestSupport
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRelay

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Strangers against the real relay binary on 127.0.0.1 (SPEC C8): floods of rooms, blobs,
/// stalled connections, WebSocket upgrades and garbage from one address stay within the bounds
/// given as flags — small ones, so each test takes seconds — while a user from another address
/// keeps sharing and joining, and the first room comes out intact.
///
/// "Another address" is simulated with `--trust-proxy`: the attacker's requests carry a forged
/// `X-Forwarded-For`, the user's come without one and count under 127.0.0.1.
@Suite(.serialized) struct HostileClientTests {
    static let attacker = "203.0.113.7"

    /// Makes the room `room` with a raw `PUT /room` — the one place the hostile tests make rooms,
    /// so a request body can be added here alone.
    static func createRoom(
        _ relay: RelayProcess, room: String = RoomLink.randomRoomID(), forwardedFor: String? = nil, token: String? = nil,
        from source: String = "127.0.0.1", credentials: RoomCredentials = PlainSealer.testCredentials
    ) throws -> HTTPReply {
        // The body registers the room's public keys (C10), as every protocol-3 client sends them.
        let registration = credentials.registration
        let body = #"{"editor":"\#(registration.editor)","viewer":"\#(registration.viewer)"}"#
        var headers = ["Content-Length: \(body.utf8.count)", "Connection: close"]
        if let forwardedFor { headers.append("X-Forwarded-For: \(forwardedFor)") }
        if let token { headers.append("Authorization: Bearer \(token)") }
        return try exchange(
            relay, Data(("PUT /room/\(room) HTTP/1.1\r\nHost: relay\r\n" + headers.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8),
            from: source)
    }

    /// `PUT /blob` for `room`, signed with `credentials`' edit key (nil: unsigned, a stranger's).
    static func putBlob(
        _ relay: RelayProcess, _ data: Data, room: String, credentials: RoomCredentials? = PlainSealer.testCredentials,
        forwardedFor: String? = nil
    ) throws -> HTTPReply {
        let name = SHA256.hex(data)
        var head = "PUT /blob/\(name) HTTP/1.1\r\nHost: relay\r\nContent-Length: \(data.count)\r\nConnection: close\r\n"
        head += "X-EmojiArt-Room: \(room)\r\n"
        if let signature = credentials?.sign(Signed.blob(room: room, name: name)) {
            head += "Authorization: EmojiArt-Edit \(signature)\r\n"
        }
        if let forwardedFor { head += "X-Forwarded-For: \(forwardedFor)\r\n" }
        return try exchange(relay, Data((head + "\r\n").utf8) + data)
    }

    static func exchange(_ relay: RelayProcess, _ request: String) throws -> HTTPReply {
        try exchange(relay, Data(request.utf8))
    }

    static func exchange(_ relay: RelayProcess, _ request: Data, from source: String = "127.0.0.1") throws -> HTTPReply {
        let connection = try RawConnection(port: relay.port, from: source)
        defer { connection.close() }
        try connection.send(request)
        return try #require(connection.response(), "the relay answered")
    }

    /// A WebSocket handshake for `room`, left open (the caller decides what follows).
    static func upgrade(
        _ relay: RelayProcess, room: String, forwardedFor: String? = nil, from source: String = "127.0.0.1"
    ) throws -> (RawConnection, HTTPReply?) {
        let connection = try RawConnection(port: relay.port, from: source)
        var head =
            "GET /room/\(room) HTTP/1.1\r\nHost: relay\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let forwardedFor { head += "X-Forwarded-For: \(forwardedFor)\r\n" }
        try connection.send(head + "\r\n")
        return (connection, connection.response())
    }

    /// The user's room with one emoji in it, made and edited from 127.0.0.1 with the app's link.
    static func firstRoom(_ relay: RelayProcess) async throws -> RoomLink {
        let address = try await RelayServerTests.makeRoom(relay)
        let ann = try RelayServerTests.peer(address, seed: 41)
        defer { ann.close() }
        try await waitUntil("ann is live") { ann.settled }
        try ann.perform { try $0.addEmoji("🏰", x: 1, y: 1, size: 40).1 }
        try await waitUntil("ann's emoji is stored") { ann.settled && ann.with(\.confirmedSeq) == 1 }
        return address
    }

    /// A newcomer joins the first room and finds everything pushed to it: `emojis` emojis.
    static func expectIntact(_ address: RoomLink, emojis: Int) async throws {
        let visitor = try RelayServerTests.peer(address, seed: 99)
        defer { visitor.close() }
        try await waitUntil("a newcomer sees the first room’s \(emojis) emoji(s)") {
            visitor.settled && visitor.with { $0.shown.emojis.count } == emojis
        }
    }

    @Test("a room-creation flood: 429 with a sentence after the rate; another address still makes rooms")
    func roomFlood() async throws {
        try await Self.roomFlood(store: [])
    }

    /// With the data folder here, and with PostgreSQL in `PostgresHostileClientTests`.
    static func roomFlood(store: [String]) async throws {
        let relay = try RelayProcess(extraArguments: store + ["--trust-proxy", "127.0.0.1", "--rooms-per-minute", "5"])
        let first = try await Self.firstRoom(relay)
        let replies = try (0..<40).map { _ in try Self.createRoom(relay, forwardedFor: Self.attacker) }
        #expect(replies.prefix(5).allSatisfy { $0.status == 201 })
        #expect(replies.dropFirst(5).allSatisfy { $0.status == 429 })
        #expect(replies.last?.body.contains("a minute") == true, "a sentence, not a bare status: \(replies.last?.body ?? "")")
        #expect(try Self.storedRooms(relay, store: store) == 1 + 5)

        let link = WebSocketRelayLink(address: RoomLink(server: relay.server, room: RoomLink.randomRoomID(), key: nil))
        defer { link.close() }
        try await link.createRoom(PlainSealer.testCredentials.registration)
        // The user's own rate is spent too: the sentence is the client's, in the person's language.
        for _ in 0..<5 { _ = try? Self.createRoom(relay) }
        let refused = WebSocketRelayLink(address: RoomLink(server: relay.server, room: RoomLink.randomRoomID(), key: nil))
        defer { refused.close() }
        await #expect(throws: RelayLinkError.tooManyRequests(server: relay.server)) {
            try await refused.createRoom(PlainSealer.testCredentials.registration)
        }
        try await Self.expectIntact(first, emojis: 1)
    }

    @Test("max rooms: 503 once the relay holds them all, and the rooms it has keep working")
    func maxRooms() async throws {
        try await Self.maxRooms(store: [])
    }

    /// With the data folder here, and with PostgreSQL in `PostgresHostileClientTests`.
    static func maxRooms(store: [String]) async throws {
        let relay = try RelayProcess(extraArguments: store + ["--max-rooms", "3"])
        let first = try await Self.firstRoom(relay)
        #expect(try Self.createRoom(relay).status == 201)
        #expect(try Self.createRoom(relay).status == 201)
        let refused = try Self.createRoom(relay)
        #expect(refused.status == 503)
        #expect(refused.body.contains("3"))
        let link = WebSocketRelayLink(address: RoomLink(server: relay.server, room: RoomLink.randomRoomID(), key: nil))
        defer { link.close() }
        await #expect(throws: RelayLinkError.relayFull(server: relay.server)) {
            try await link.createRoom(PlainSealer.testCredentials.registration)
        }
        #expect(try Self.createRoom(relay, room: first.room).status == 200, "an existing room is no new room")
        try await Self.expectIntact(first, emojis: 1)
    }

    @Test("data quota: new blobs and new rooms get 507 while the existing room still takes pushes")
    func dataQuota() async throws {
        try await Self.dataQuota(store: [])
    }

    /// With the data folder here, and with PostgreSQL in `PostgresHostileClientTests`.
    static func dataQuota(store: [String]) async throws {
        let relay = try RelayProcess(extraArguments: store + ["--max-data-mb", "1"])
        let first = try await Self.firstRoom(relay)
        var random = SeededRandom(seed: 7)
        var statuses: [Int] = []
        // Blobs of falling sizes, each until one is refused: the folder ends within a page of
        // its quota, too full for even a new room.
        for size in [300_000, 100_000, 30_000, 10_000, 4096] {
            for _ in 0..<10 {
                let blob = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &random) })
                let status = try Self.putBlob(relay, blob, room: first.room).status
                statuses.append(status)
                if status != 201 { break }
            }
        }
        #expect(statuses.prefix(3) == [201, 201, 201])
        #expect(Set(statuses) == [201, 507], "\(statuses)")
        // PostgreSQL's pages, TOAST chunks and indexes take more than the bytes written; the
        // relay counts them at its next measure (docs/relay-deployment.md).
        let stored = try Self.storedBytes(relay, store: store)
        #expect(stored <= (store.isEmpty ? 1_048_576 : 1_048_576 * 6 / 5), "\(stored) bytes stored")
        #expect(try Self.createRoom(relay).status == 507)
        let link = WebSocketRelayLink(address: first)
        defer { link.close() }
        let oneMore = Data((0..<5000).map { _ in UInt8.random(in: 0...255, using: &random) })
        await #expect(throws: RelayLinkError.relayOutOfSpace(server: relay.server)) { _ = try await link.putBlob(oneMore) }

        let ann = try RelayServerTests.peer(first, seed: 42)
        defer { ann.close() }
        try await waitUntil("ann is back in the first room") { ann.settled }
        try ann.perform { try $0.addEmoji("🧱", x: 2, y: 2, size: 40).1 }
        try await waitUntil("the full relay still stores ann's push") { ann.settled && ann.with(\.confirmedSeq) == 2 }
        try await Self.expectIntact(first, emojis: 2)
    }

    @Test("an oversized blob: 413 from its Content-Length, before its bytes are read")
    func oversizedBlob() throws {
        try Self.oversizedBlob(store: [])
    }

    /// With the data folder here, and with PostgreSQL in `PostgresHostileClientTests`.
    static func oversizedBlob(store: [String]) throws {
        let relay = try RelayProcess(extraArguments: store)
        let connection = try RawConnection(port: relay.port)
        try connection.send("PUT /blob/\(String(repeating: "ab", count: 32)) HTTP/1.1\r\nHost: relay\r\nContent-Length: 400000000\r\n\r\n")
        let reply = try #require(connection.response())
        #expect(reply.status == 413)
        #expect(!reply.body.isEmpty)
    }

    @Test("slowloris: connections that send half a request line are answered 408 and closed by the header timeout")
    func slowloris() async throws {
        try await Self.slowloris(store: [])
    }

    /// With the data folder here, and with PostgreSQL in `PostgresHostileClientTests`.
    static func slowloris(store: [String]) async throws {
        let relay = try RelayProcess(extraArguments: store + ["--header-timeout-seconds", "1"])
        let first = try await Self.firstRoom(relay)
        let stalled = try (0..<20).map { _ in try RawConnection(port: relay.port) }
        for connection in stalled { try connection.send("GET /room/\(first.room) HT") }
        for connection in stalled {
            #expect(connection.waitForClose(timeout: .seconds(10)), "closed by the header timeout")
        }
        #expect(stalled.compactMap { HTTPReply($0.read(timeout: .zero)) }.allSatisfy { $0.status == 408 })

        // A body trickled in a byte at a time is cut once it falls behind the pace.
        let trickle = try RawConnection(port: relay.port)
        // A member's upload (the relay checks its say-so before reading the body).
        let name = String(repeating: "cd", count: 32)
        let signature = PlainSealer.testCredentials.sign(Signed.blob(room: first.room, name: name)) ?? ""
        try trickle.send(
            "PUT /blob/\(name) HTTP/1.1\r\nHost: relay\r\nX-EmojiArt-Room: \(first.room)\r\nAuthorization: EmojiArt-Edit \(signature)\r\nContent-Length: 100000\r\n\r\n"
        )
        var sent = 0
        while !trickle.isClosedByPeer, sent < 100 {
            try? trickle.send("x")
            sent += 1
            trickle.read(timeout: .milliseconds(100))
        }
        #expect(HTTPReply(trickle.read(timeout: .zero))?.status == 408, "the trickle was answered")
        #expect(trickle.isClosedByPeer, "and closed, not drained")
        #expect(sent < 100, "within 10 s")
        try await Self.expectIntact(first, emojis: 1)
    }

    @Test("connections per address: the one past the cap is refused at once, without a proxy")
    func connectionCapDirect() async throws {
        try await Self.connectionCapDirect(store: [])
    }

    /// With the data folder here, and with PostgreSQL in `PostgresHostileClientTests`.
    static func connectionCapDirect(store: [String]) async throws {
        let relay = try RelayProcess(extraArguments: store + ["--connections-per-address", "3"])
        // Each held connection is answered (a 404, kept alive), so it was counted before the next
        // one opens: the relay sets connections up on several threads at once.
        let held = try (0..<3).map { _ in try RawConnection(port: relay.port) }
        for connection in held {
            try connection.send("GET /blob/\(String(repeating: "ef", count: 32)) HTTP/1.1\r\nHost: relay\r\n\r\n")
            #expect(connection.response()?.status == 404)
        }
        let extra = try RawConnection(port: relay.port)
        let refused = try #require(extra.response())
        #expect(refused.status == 429)
        #expect(extra.waitForClose(timeout: .seconds(5)))
        for connection in held { connection.close() }
        try await waitUntil("a slot is free again once the held connections closed") {
            (try? Self.createRoom(relay))?.status == 201
        }
    }

    @Test("a WebSocket upgrade flood from one address: the cap holds, another address keeps sharing and joining")
    func upgradeFlood() async throws {
        try await Self.upgradeFlood(store: [])
    }

    /// With the data folder here, and with PostgreSQL in `PostgresHostileClientTests`.
    static func upgradeFlood(store: [String]) async throws {
        let relay = try RelayProcess(extraArguments: store + ["--trust-proxy", "127.0.0.1", "--connections-per-address", "8"])
        let first = try await Self.firstRoom(relay)
        var open: [RawConnection] = []
        var statuses: [Int] = []
        for _ in 0..<40 {
            let (connection, reply) = try Self.upgrade(relay, room: first.room, forwardedFor: Self.attacker)
            statuses.append(reply?.status ?? 0)
            open.append(connection)
        }
        #expect(statuses.prefix(8).allSatisfy { $0 == 101 }, "\(statuses)")
        #expect(statuses.dropFirst(8).allSatisfy { $0 == 429 }, "\(statuses)")
        // The attacker's last hop, not an earlier one it forged, is what counts.
        let (forged, forgedReply) = try Self.upgrade(relay, room: first.room, forwardedFor: "198.51.100.1, \(Self.attacker)")
        defer { forged.close() }
        #expect(forgedReply?.status == 429)

        let link = WebSocketRelayLink(address: RoomLink(server: relay.server, room: RoomLink.randomRoomID(), key: nil))
        defer { link.close() }
        try await link.createRoom(PlainSealer.testCredentials.registration)
        try await Self.expectIntact(first, emojis: 1)
        for connection in open { connection.close() }
    }

    @Test("--trust-proxy believes X-Forwarded-For only from the proxies it names: a direct client's forged hops count as its own address")
    func forwardedForOnlyFromTrustedProxies() async throws {
        // 127.0.0.2 plays the proxy; 127.0.0.1 reaches the relay directly.
        let relay = try RelayProcess(extraArguments: ["--trust-proxy", "127.0.0.2", "--connections-per-address", "4"])
        let first = try await Self.firstRoom(relay)
        var open: [RawConnection] = []
        defer { for connection in open { connection.close() } }
        var direct: [Int] = []
        for index in 1...6 {
            let (connection, reply) = try Self.upgrade(relay, room: first.room, forwardedFor: "203.0.113.\(index)")
            direct.append(reply?.status ?? 0)
            open.append(connection)
        }
        // At most 4 (fewer while the first room's own connections from 127.0.0.1 are closing).
        #expect(direct.filter { $0 == 429 }.count >= 2, "a direct client's forged addresses must not lift its bound: \(direct)")
        #expect(direct.allSatisfy { $0 == 101 || $0 == 429 }, "\(direct)")
        var proxied: [Int] = []
        for index in 1...6 {
            let (connection, reply) = try Self.upgrade(relay, room: first.room, forwardedFor: "198.51.100.\(index)", from: "127.0.0.2")
            proxied.append(reply?.status ?? 0)
            open.append(connection)
        }
        #expect(proxied.allSatisfy { $0 == 101 }, "the proxy's clients count by the hop it added: \(proxied)")
    }

    @Test(
        "strangers with the room’s id cannot fill it: unproven connections hold no member's place, a wrong proof ends its connection, a missing one times out (C10)"
    )
    func strangersCannotFillARoom() async throws {
        let relay = try RelayProcess(extraArguments: ["--max-connections-per-room", "4", "--proof-timeout-seconds", "2"])
        let first = try await Self.firstRoom(relay)
        let url = first.webSocketURL
        let room = first.room
        // Six say hello and never prove anything; six prove with another room's key and stay.
        // Each exchange returns only once the relay ends its connection.
        let challenges = Collected()
        let silent = (0..<6).map { index in
            Task {
                let hello = ClientMessage.Hello(room: room, client: ClientID("silent\(index)")!, lastSeq: 0, epoch: nil)
                return try await RawSocket.exchange(
                    url, frames: [try RawSocket.text(.hello(hello))], timeout: .seconds(20),
                    respond: { message in
                        challenges.append(message)
                        return []
                    }
                ) { _ in false }
            }
        }
        try await waitUntil("six strangers were challenged") { challenges.all.count >= 6 }
        let wrong = (0..<6).map { index in
            Task {
                let hello = ClientMessage.Hello(room: room, client: ClientID("wrong\(index)")!, lastSeq: 0, epoch: nil)
                return try await RawSocket.asMember(url, hello: hello, credentials: RoomKey.random().credentials, timeout: .seconds(20)) {
                    _ in false
                }
            }
        }
        // Meanwhile a member gets in, and finds the room as it was.
        try await Self.expectIntact(first, emojis: 1)
        // Their connections ended (each exchange returned): refused for the proof, or let go
        // while waiting behind newer strangers.
        for stranger in wrong {
            let answers = try await stranger.value
            #expect(
                answers.contains { if case .error(let error) = $0 { [.notMember, .roomFull].contains(error.code) } else { false } },
                "\(answers)")
        }
        for stranger in silent {
            let answers = try await stranger.value
            #expect(answers.contains { if case .error = $0 { true } else { false } }, "let go with a sentence: \(answers)")
        }
        // Alone, a stranger that never proves anything is let go once the proof's time is up.
        let lone = ClientMessage.Hello(room: room, client: ClientID("lone")!, lastSeq: 0, epoch: nil)
        let started = ContinuousClock.now
        let answers = try await RawSocket.exchange(url, frames: [try RawSocket.text(.hello(lone))], timeout: .seconds(20)) { _ in false }
        #expect(ContinuousClock.now - started >= .seconds(2))
        #expect(answers.contains { if case .error(let error) = $0 { error.message.contains("No proof") } else { false } }, "\(answers)")
    }

    @Test("before proving membership only small frames are read, and few: a large one is refused unread, too many end the connection (C10)")
    func unprovenFramesAreSmallAndFew() async throws {
        let relay = try RelayProcess()
        let first = try await Self.firstRoom(relay)
        let large = String(repeating: "x", count: 100_000)
        let frames = [large] + Array(repeating: try RawSocket.text(.ping), count: 20)
        // The exchange returns only once the relay ends the connection.
        let answers = try await RawSocket.exchange(first.webSocketURL, frames: frames, timeout: .seconds(20)) { _ in false }
        let refusal = answers.first { if case .error = $0 { true } else { false } }
        guard case .error(let error)? = refusal else {
            Issue.record("no refusal among \(answers)")
            return
        }
        #expect(error.code == .tooLarge && error.limit == RelayConnection.maxUnprovenFrameBytes, "\(error)")
        let pongs = answers.filter { $0 == .pong }.count
        #expect(pongs == RelayConnection.maxUnprovenFrames - 1, "\(pongs) pongs before the connection ended")
        try await Self.expectIntact(first, emojis: 1)
    }

    @Test("garbage: random bytes after the handshake, binary and oversized frames close or are answered; the room is untouched")
    func garbageFrames() async throws {
        try await Self.garbageFrames(store: [])
    }

    /// With the data folder here, and with PostgreSQL in `PostgresHostileClientTests`.
    static func garbageFrames(store: [String]) async throws {
        let relay = try RelayProcess(extraArguments: store)
        let first = try await Self.firstRoom(relay)
        var random = SeededRandom(seed: 9)
        for _ in 0..<10 {
            let (connection, reply) = try Self.upgrade(relay, room: first.room)
            #expect(reply?.status == 101)
            try? connection.send(Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }))
            #expect(connection.waitForClose(timeout: .seconds(10)), "garbage framing ends the connection")
        }
        // A masked binary frame, then a frame announcing 1 GiB.
        let (binary, _) = try Self.upgrade(relay, room: first.room)
        try binary.send(Data([0x82, 0x84, 1, 2, 3, 4, 5, 6, 7, 8]))
        try? binary.send(Data([0x81, 0xFF, 0, 0, 0, 0, 0x40, 0, 0, 0, 1, 2, 3, 4]))
        #expect(binary.waitForClose(timeout: .seconds(10)))
        let answers = try await RawSocket.exchange(first.webSocketURL, frames: ["{", "[]", #"{"type":"push"}"#, try RawSocket.text(.ping)])
        {
            $0.contains(.pong)
        }
        #expect(answers.filter { if case .error = $0 { true } else { false } }.count == 3)
        try await Self.expectIntact(first, emojis: 1)
    }

    @Test("a WebSocket that answers no ping is closed after the ping timeout")
    func pingTimeout() throws {
        try Self.pingTimeout(store: [])
    }

    /// With the data folder here, and with PostgreSQL in `PostgresHostileClientTests`.
    static func pingTimeout(store: [String]) throws {
        let relay = try RelayProcess(extraArguments: store + ["--ping-timeout-seconds", "2"])
        #expect(try Self.createRoom(relay, room: "silent-room-01").status == 201)
        let (silent, reply) = try Self.upgrade(relay, room: "silent-room-01")
        #expect(reply?.status == 101)
        let start = ContinuousClock.now
        #expect(silent.waitForClose(timeout: .seconds(15)), "the relay gave up on a client that never answers its pings")
        #expect(ContinuousClock.now - start >= .seconds(1))
    }

    @Test("a create token: none is 401, a wrong one 403, the right one makes the room; joining needs none")
    func createToken() async throws {
        try await Self.createToken(store: [])
    }

    /// With the data folder here, and with PostgreSQL in `PostgresHostileClientTests`.
    static func createToken(store: [String]) async throws {
        try await withTemporaryDirectory { folder in
            let tokenFile = folder.appendingPathComponent("token")
            try Data("s3cret-token-for-tests\n".utf8).write(to: tokenFile)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
            let relay = try RelayProcess(extraArguments: store + ["--create-token", tokenFile.path])
            let missing = try Self.createRoom(relay)
            #expect(missing.status == 401)
            let wrong = try Self.createRoom(relay, token: "s3cret-token-for-test")
            #expect(wrong.status == 403)
            #expect(!wrong.body.contains("s3cret"), "the token never comes back in a message")
            #expect(try Self.createRoom(relay, token: "s3cret-token-for-tests").status == 201)

            let address = RoomLink(server: relay.server, room: RoomLink.randomRoomID(), key: nil)
            let stranger = WebSocketRelayLink(address: address)
            defer { stranger.close() }
            await #expect(throws: RelayLinkError.tokenRequired(server: relay.server)) {
                try await stranger.createRoom(PlainSealer.testCredentials.registration)
            }
            var wrongOptions = WebSocketRelayLink.Options()
            wrongOptions.createToken = "guess"
            let guesser = WebSocketRelayLink(address: address, options: wrongOptions)
            defer { guesser.close() }
            await #expect(throws: RelayLinkError.tokenRejected(server: relay.server)) {
                try await guesser.createRoom(PlainSealer.testCredentials.registration)
            }
            var options = WebSocketRelayLink.Options()
            options.createToken = "s3cret-token-for-tests"
            let owner = WebSocketRelayLink(address: address, options: options)
            defer { owner.close() }
            try await owner.createRoom(PlainSealer.testCredentials.registration)

            let ann = try RelayServerTests.peer(address, seed: 43)
            defer { ann.close() }
            try await waitUntil("joining the room needs no token") { ann.settled }
            #expect(RelayLinkError.tokenRejected(server: relay.server).description.contains("s3cret") == false)
        }
    }

    @Test(
        "guessing the token: past 10 wrong ones a minute an address gets 429, even for the right one; other addresses are unaffected; a token file others can read is refused"
    )
    func tokenGuessing() async throws {
        try await withTemporaryDirectory { folder in
            let tokenFile = folder.appendingPathComponent("token")
            try Data("s3cret-token-for-tests\n".utf8).write(to: tokenFile)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: tokenFile.path)
            #expect(throws: RelayProcessError.self, "a world-readable token file is refused at start") {
                try RelayProcess(extraArguments: ["--create-token", tokenFile.path])
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
            let relay = try RelayProcess(extraArguments: ["--create-token", tokenFile.path])
            let guesses = try (0..<40).map { try Self.createRoom(relay, token: "guess-\($0)").status }
            #expect(guesses.prefix(RoomCreationGate.wrongTokensPerMinute).allSatisfy { $0 == 403 }, "\(guesses)")
            #expect(guesses.dropFirst(RoomCreationGate.wrongTokensPerMinute).allSatisfy { $0 == 429 }, "\(guesses)")
            #expect(try Self.createRoom(relay, token: "s3cret-token-for-tests").status == 429, "the guesser waits, whatever it sends")
            #expect(try Self.createRoom(relay, token: "s3cret-token-for-tests", from: "127.0.0.2").status == 201)
        }
    }

    @Test("issue 45 item 9: only a room’s editor uploads images — a stranger, a viewer or another room’s key gets 403 and stores nothing")
    func uploadsNeedTheEditKey() async throws {
        let relay = try RelayProcess()
        let room = RoomLink.randomRoomID()
        #expect(try Self.createRoom(relay, room: room).status == 201)
        let image = Data("a sealed image, as far as the relay knows".utf8)
        let stored = relay.dataFolder.appendingPathComponent("blobs/\(SHA256.hex(image))")
        let viewer = RoomCredentials(viewKey: PlainSealer.testCredentials.viewKey!)!
        for credentials in [nil, viewer, RoomCredentials(roomKey: Array(repeating: 9, count: 16))] {
            let reply = try Self.putBlob(relay, image, room: room, credentials: credentials)
            #expect(reply.status == 403, "\(reply.status) \(reply.body)")
        }
        #expect(try Self.putBlob(relay, image, room: "no-such-room-1").status == 403)
        #expect(!FileManager.default.fileExists(atPath: stored.path))
        #expect(try Self.putBlob(relay, image, room: room).status == 201)
        #expect(FileManager.default.fileExists(atPath: stored.path))
    }

    @Test("stalled readers of a large image hold a chunk each, not the image: 16 of them on 24 MB leave the relay’s peak under 250 MB (C8)")
    func stalledBlobReaders() async throws {
        let relay = try RelayProcess()
        var generator = SeededRandom(seed: 12)
        let image = Data((0..<24 * 1_048_576).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let name = SHA256.hex(image)
        let room = RoomLink.randomRoomID()
        #expect(try Self.createRoom(relay, room: room).status == 201)
        #expect(try Self.putBlob(relay, image, room: room).status == 201)
        var stalled: [RawConnection] = []
        defer { for connection in stalled { connection.close() } }
        for _ in 0..<16 {
            let connection = try RawConnection(port: relay.port)
            try connection.send("GET /blob/\(name) HTTP/1.1\r\nHost: relay\r\n\r\n")  // and never read
            stalled.append(connection)
        }
        // A reader that reads gets it all meanwhile: the relay has taken up every request before it.
        let url = try #require(URL(string: "http://127.0.0.1:\(relay.port)/blob/\(name)"))
        let (served, _) = try await URLSession.shared.data(from: url)
        #expect(served == image)
        let pid = try #require(relay.processIdentifier)
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let peakKilobytes =
            status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        #expect(peakKilobytes > 0 && peakKilobytes < 250_000, "peak RSS \(peakKilobytes) kB")
    }

    @Test("the relay’s memory stays bounded under the floods")
    func memoryBounded() async throws {
        try await Self.memoryBounded(store: [])
    }

    /// With the data folder here, and with PostgreSQL in `PostgresHostileClientTests`.
    static func memoryBounded(store: [String]) async throws {
        let relay = try RelayProcess(
            extraArguments: store + ["--trust-proxy", "127.0.0.1", "--header-timeout-seconds", "1", "--rooms-per-minute", "2"])
        let first = try await Self.firstRoom(relay)
        for round in 0..<3 {
            var held: [RawConnection] = []
            for index in 0..<200 {
                let address = "198.18.\(round).\(index)"
                _ = try Self.createRoom(relay, forwardedFor: address)
                let (connection, _) = try Self.upgrade(relay, room: first.room, forwardedFor: address)
                held.append(connection)
                let stalled = try RawConnection(port: relay.port)
                try stalled.send("GET /room/x HT")
                held.append(stalled)
            }
            for connection in held { connection.close() }
        }
        let pid = try #require(relay.processIdentifier)
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let peakKilobytes =
            status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        #expect(peakKilobytes > 0 && peakKilobytes < 200_000, "peak RSS \(peakKilobytes) kB")
        try await Self.expectIntact(first, emojis: 1)
    }
}
