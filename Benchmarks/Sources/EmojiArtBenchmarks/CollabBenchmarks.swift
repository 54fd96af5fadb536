import EmojiArtCollab
import EmojiArtCollabNet
import Foundation

/// Editing together, end to end over the real pieces: the release `emojiart-relay`
/// process, `WebSocketRelayLink`s, AES-GCM, `SyncSession`s. Each latency row has its floor beside
/// it from the same run — a protocol ping → pong through the same relay over the same network,
/// what a message costs with no edit, no encryption and no fsync — and the lossy rows have the
/// same veth without loss beside them.
enum CollabBenchmarks {
    static let edits = 1_000
    static let warmUp = 20

    @Sendable static func run() async throws -> [Row] {
        guard (try? Tools.relay()) != nil else {
            return [
                Row(name: "collab", value: "skipped", note: "no release emojiart-relay: swift build -c release --product emojiart-relay")
            ]
        }
        var rows: [Row] = []
        let loopback = try RelayRun()
        do {
            let samples = try await latency(server: loopback.server)
            rows += samples.rows(network: "loopback")
            let window = try await CollabWindowBenchmark.measure(server: loopback.server, edits: edits)
            rows.append(
                Row(
                    name: "collab: edit → other window's document, loopback", value: milliseconds(window.toDocument.median),
                    note:
                        "p99 \(milliseconds(window.toDocument.percentile(0.99))); reader → main loop (lastDeliveryLag) \(milliseconds(window.deliveryLag.median)) (p99 \(milliseconds(window.deliveryLag.percentile(0.99)))); GLib loop without GTK"
                ))
            rows += try await throughput(relay: loopback)
            loopback.stop()
        } catch {
            loopback.stop()
            throw error
        }
        rows += try await CollabTwoRelays.rows()
        rows += try await lossyRows()
        return rows
    }

    // MARK: - Latency

    struct LatencySamples {
        /// From Ann's edit to Bob's session having applied it, in ms.
        var toOther: [Double] = []
        /// From Ann's edit to its acknowledgement coming back to her.
        var acknowledged: [Double] = []
        /// A protocol ping → pong through the relay, between two edits.
        var echo: [Double] = []

        func rows(network: String, note: String = "") -> [Row] {
            [
                Row(
                    name: "collab: edit → other client, \(network)", value: milliseconds(toOther.median),
                    note:
                        "p99 \(milliseconds(toOther.percentile(0.99))); sender's ack \(milliseconds(acknowledged.median)) (p99 \(milliseconds(acknowledged.percentile(0.99))))\(note)"
                ),
                Row(
                    name: "  ping → pong through the relay, \(network)", value: milliseconds(echo.median),
                    note: "p99 \(milliseconds(echo.percentile(0.99))); the floor"),
            ]
        }
    }

    /// Two clients in an encrypted room; Ann moves an emoji `edits` times, one edit at a time,
    /// and each time the time until Bob's session applied it is taken, then a ping's round trip.
    /// Bob reaches the room through `bobServer` when given (another relay on the same store).
    static func latency(server: String, bobServer: String? = nil, edits: Int = edits) async throws -> LatencySamples {
        let (address, key) = try await newRoom(on: server)
        let ann = try CollabPeer(address: address, key: key, seed: 1)
        let bobAddress = bobServer.map { RoomLink(server: $0, room: address.room, key: address.key) } ?? address
        let bob = try CollabPeer(address: bobAddress, key: key, seed: 2)
        defer {
            ann.close()
            bob.close()
        }
        try await ann.settle("Ann is live")
        try await bob.settle("Bob is live")
        let cid = try ann.addEmoji("🚀")
        _ = try await bob.arm { _, session in session.shown.emojis[cid] != nil }.instant(awaiting: "Bob has Ann's emoji")

        var samples = LatencySamples()
        for index in 0..<(warmUp + edits) {
            let x = Double(index + 1)
            let seen = bob.arm { _, session in session.shown.emojis[cid]?.x.value == x }
            let acknowledged = ann.arm { _, session in session.confirmed.emojis[cid]?.x.value == x }
            let start = ContinuousClock.now
            try ann.perform { try $0.setFields([(cid, .x(x))], named: "Move") }
            let seenAt = try await seen.instant(awaiting: "Bob applied edit \(index)")
            let acknowledgedAt = try await acknowledged.instant(awaiting: "Ann's edit \(index) was acknowledged")
            let pong = ann.arm { event, _ in event == .received(.pong) }
            let pingStart = ContinuousClock.now
            ann.link.send(.ping)
            let pongAt = try await pong.instant(awaiting: "the relay answered ping \(index)")
            guard index >= warmUp else { continue }
            samples.toOther.append((seenAt - start).milliseconds)
            samples.acknowledged.append((acknowledgedAt - start).milliseconds)
            samples.echo.append((pongAt - pingStart).milliseconds)
        }
        return samples
    }

    /// The relay inside a network namespace, reached over a veth: without loss, then with 5% of
    /// the packets dropped each way by nftables.
    static func lossyRows() async throws -> [Row] {
        guard LossyNetwork.isAvailable else {
            return [Row(name: "collab: 5% packet loss", value: "skipped", note: "needs root, ip (iproute2) and nft (nftables)")]
        }
        let network = try LossyNetwork()
        defer { network.remove() }
        let relay = try RelayRun(host: network.insideAddress, prefix: network.exec)
        defer { relay.stop() }
        let clean = try await latency(server: relay.server)
        try network.setLoss(percent: 5)
        let lossy = try await latency(server: relay.server)
        let counted = try network.counters()
        let measured = String(
            format: "; %.1f%% of %d packets dropped", 100 * Double(counted.dropped) / Double(max(counted.packets, 1)), counted.packets)
        return clean.rows(network: "veth, no loss") + lossy.rows(network: "veth, 5% loss each way", note: measured)
    }

    // MARK: - Throughput

    static let writers = 4
    static let editsPerWriter = 2_500
    static let window = 64

    /// A room holding the 10k art (shared by a client, one push of 10,000 adds); a new client
    /// joins it; then `writers` clients flood it with one-op moves while that client applies
    /// every one of them.
    static func throughput(relay: RelayRun) async throws -> [Row] {
        let result = try await throughput(through: [relay])
        return [
            Row(
                name: "collab: relay throughput, 10k-emoji room", value: result.editsPerSecond,
                note:
                    "\(writers) clients × \(editsPerWriter) one-op moves, ≤ \(window) in flight each; each fsynced, then sent to \(writers + 1) clients; relay CPU "
                    + String(format: "%.1f s (%.0f µs an edit)", result.relayCPU, result.relayCPU * 1e6 / Double(writers * editsPerWriter))),
            Row(
                name: "  a client applying all of them", value: result.observerEditsPerSecond,
                note: "AES-GCM open + apply, in the same run"),
            Row(
                name: "collab: share the 10k art (one push, acknowledged)", value: milliseconds(result.share),
                note: "relay peak memory after the flood \(String(format: "%.0f MiB", relay.peakMiB))"),
            Row(
                name: "collab: join the 10k-emoji room", value: milliseconds(result.join),
                note: "connect, welcome with the log, open and apply 10,000 adds"),
        ]
    }

    struct Throughput {
        var editsPerSecond: String
        var observerEditsPerSecond: String
        /// CPU seconds of all the relays during the flood.
        var relayCPU: Double
        var share: Double
        var join: Double
    }

    /// The flood of `throughput(relay:)`, its writers spread over `relays` (all on one store) in
    /// turn; the sharer and the observing client use the first.
    static func throughput(through relays: [RelayRun]) async throws -> Throughput {
        let relay = relays[0]
        let (address, key) = try await newRoom(on: relay.server)
        let model = Workloads.model(emojiCount: 10_000, blank: true)
        let sharer = try CollabPeer(address: address, key: key, seed: 3)
        try await sharer.settle("the sharer is live")
        let shareStart = ContinuousClock.now
        try sharer.perform { session in
            try session.perform(try CollabImport(model: model, session: session).ops, named: "Share", undoable: false)
        }
        let shared = try await sharer.arm { _, session in session.isLive && session.pending.isEmpty }
            .instant(awaiting: "the relay stored the 10k document")
        let (cids, seq, epoch) = sharer.with { ($0.confirmed.emojis.keys.sorted(), $0.confirmedSeq, $0.epoch) }
        sharer.close()

        let joinStart = ContinuousClock.now
        let joiner = try CollabPeer(address: address, key: key, seed: 4)
        defer { joiner.close() }
        let joined = try await joiner.arm { _, session in session.isLive && session.shown.emojis.count == cids.count }
            .instant(awaiting: "a new client has the 10k room")

        let total = writers * editsPerWriter
        let floods = try (0..<writers).map { writer in
            try FloodClient(
                address: RoomLink(server: relays[writer % relays.count].server, room: address.room, key: address.key),
                key: key, name: "flood\(writer)",
                moves: (0..<editsPerWriter).map { cids[($0 * writers + writer) % cids.count] },
                lastSeq: seq, epoch: epoch, window: window, expectedBroadcasts: total)
        }
        defer { floods.forEach { $0.close() } }
        for flood in floods { _ = try await flood.welcomed.instant(awaiting: "\(flood.client) joined") }
        let applied = joiner.arm { _, session in session.confirmedSeq == seq + total }
        let cpuBefore = relays.map(\.cpuSeconds).reduce(0, +)
        let start = ContinuousClock.now
        for flood in floods { flood.start() }
        var end = start
        for flood in floods {
            end = max(end, try await flood.finished.instant(awaiting: "\(flood.client) is done", timeout: .seconds(300)))
        }
        let appliedAt = try await applied.instant(awaiting: "the joiner applied every edit", timeout: .seconds(300))
        let relayCPU = relays.map(\.cpuSeconds).reduce(0, +) - cpuBefore
        let seconds = (end - start).milliseconds / 1000
        let observerSeconds = (appliedAt - start).milliseconds / 1000
        return Throughput(
            editsPerSecond: String(format: "%.0f edits/s", Double(total) / seconds),
            observerEditsPerSecond: String(format: "%.0f edits/s", Double(total) / observerSeconds),
            relayCPU: relayCPU, share: (shared - shareStart).milliseconds, join: (joined - joinStart).milliseconds)
    }

    // MARK: -

    static func newRoom(on server: String) async throws -> (RoomLink, RoomKey) {
        let key = RoomKey.random()
        let address = RoomLink(server: server, room: RoomLink.randomRoomID(), key: key.text)
        let link = WebSocketRelayLink(address: address)
        defer { link.close() }
        try await link.createRoom(key.credentials.registration)
        return (address, key)
    }
}

extension Array where Element == Double {
    /// The sample below which `fraction` of them lie (nearest rank); 0 when empty.
    func percentile(_ fraction: Double) -> Double {
        guard !isEmpty else { return 0 }
        let sorted = sorted()
        return sorted[Swift.min(sorted.count - 1, Swift.max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))]
    }
}
