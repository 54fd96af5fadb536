import EmojiArtCollab
import EmojiArtCollabNet
import Foundation

/// The load clients of the `relay-peer` rows against our relay: this executable run as
///     EmojiArtBenchmarks --relay-peer-clients ROOMS-FILE FIRST:END FIRST:END K [idle]
/// joins rooms FIRST..END-1 of ROOMS-FILE (a line "server room key" each) with clients
/// FIRST..END-1 of each (a room has K in all, other processes may run the rest) and speaks the
/// commands of Benchmarks/Peer/peer.py's `clients` (which see): JOINED, READY, then
/// `GO RATE SECONDS EPOCH OUT` → `DONE SENT RECEIVED ELAPSED`, `QUIT`. Each client is a `CollabPeer` —
/// a `SyncSession` sealing with AES-GCM behind a `WebSocketRelayLink`, as in the app — that adds
/// one emoji and moves it: a move sets its x to the send instant (CLOCK_MONOTONIC − EPOCH, s),
/// and every other client of the room stamps when its session applied it.
enum RelayPeerClients {
    static func run(_ arguments: [String]) async throws {
        guard arguments.count >= 4, let rooms = range(arguments[1]), let clients = range(arguments[2]), let roomSize = Int(arguments[3])
        else { throw BenchmarkError(description: "usage: --relay-peer-clients ROOMS-FILE FIRST:END FIRST:END K [idle]") }
        let idle = arguments.count > 4 && arguments[4] == "idle"
        let lines = try String(contentsOfFile: arguments[0], encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: " ").map(String.init)
        }
        let samples = LatencySamples()
        var peers: [(peer: CollabPeer, room: Int)] = []
        for room in rooms {
            let line = lines[room]
            let address = RoomLink(server: line[0], room: line[1], key: line[2])
            let key = try RoomKey(text: line[2])
            for index in clients {
                let peer = try CollabPeer(address: address, key: key, seed: UInt64(room * 1_000 + index + 1))
                peer.observe { event, session in samples.observe(event, session) }
                peers.append((peer, room))
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (peer, _) in peers { group.addTask { try await peer.settle("a load client is live") } }
            try await group.waitForAll()
        }
        say("JOINED")
        var emojis: [CollabID] = []
        if !idle {
            emojis = try peers.map { try $0.peer.addEmoji("🚀") }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (peer, _) in peers {
                    let arrival = peer.arm { _, session in session.shown.emojis.count >= roomSize && session.pending.isEmpty }
                    group.addTask { _ = try await arrival.instant(awaiting: "a load client has its room's emojis", timeout: .seconds(600)) }
                }
                try await group.waitForAll()
            }
        }
        say("READY")
        while let command = await readCommand() {
            let words = command.split(separator: " ").map(String.init)
            guard words.first == "GO", words.count == 5, let rate = Double(words[1]), let seconds = Double(words[2]),
                let epoch = Double(words[3])
            else { break }
            samples.start(epoch: epoch)
            let (sent, start, end) = try await step(peers.map { $0.peer }, emojis: emojis, rate: rate, seconds: seconds, epoch: epoch)
            try await Task.sleep(for: .seconds(2))
            let latencies = samples.latencies(sentFrom: start, to: end)
            try latencies.map { String(format: "%.4f", $0) }.joined(separator: "\n").write(
                toFile: words[4], atomically: false, encoding: .utf8)
            say("DONE \(sent) \(latencies.count) \(end - start)")
        }
        for (peer, _) in peers { peer.close() }
    }

    /// Moves at `rate` a second for `seconds`, the clients in turn, each tick at its fixed time (a
    /// late one goes at once). Returns the moves sent and the first and last send instants.
    static func step(_ peers: [CollabPeer], emojis: [CollabID], rate: Double, seconds: Double, epoch: Double) async throws -> (
        Int, Double, Double
    ) {
        let start = monotonicSeconds() - epoch
        let ticks = Int(rate * seconds)
        for tick in 0..<ticks {
            let delay = start + Double(tick) / rate - (monotonicSeconds() - epoch)
            if delay > 0 { try await Task.sleep(for: .seconds(delay)) } else if tick % 16 == 0 { await Task.yield() }
            let peer = peers[tick % peers.count]
            let cid = emojis[tick % peers.count]
            try peer.perform { try $0.setFields([(cid, .x(monotonicSeconds() - epoch))], named: "Move") }
        }
        return (ticks, start, monotonicSeconds() - epoch)
    }

    static func range(_ text: String) -> Range<Int>? {
        let parts = text.split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 && parts[0] <= parts[1] ? parts[0]..<parts[1] : nil
    }

    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// A line of standard input, read on a thread of its own (readLine blocks).
    static func readCommand() async -> String? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: readLine()) }
        }
    }
}

/// CLOCK_MONOTONIC in seconds: the clock Python's `time.monotonic()` reads, the same for every
/// process of the machine.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// What the clients of one process saw: for each move of another client, its send instant and
/// the ms until this client's session had applied it.
final class LatencySamples: @unchecked Sendable {
    private let lock = NSLock()
    private var epoch = 0.0
    private var items: [(sent: Double, milliseconds: Double)] = []

    func start(epoch: Double) {
        lock.withLock {
            self.epoch = epoch
            items.removeAll(keepingCapacity: true)
        }
    }

    /// Called right after a session handled `event`: a move of another client's emoji (its
    /// first, counter 1) stamps its latency.
    func observe(_ event: RelayLinkEvent, _ session: SyncSession) {
        guard case .received(.op(let push)) = event, push.client != session.client,
            let sent = session.shown.emojis[CollabID(client: push.client, counter: 1)]?.x.value, sent > 0
        else { return }
        let now = monotonicSeconds()
        lock.withLock { items.append((sent, (now - epoch - sent) * 1000)) }
    }

    func latencies(sentFrom start: Double, to end: Double) -> [Double] {
        lock.withLock { items.filter { $0.sent >= start && $0.sent <= end }.map { $0.milliseconds } }
    }
}
