import EmojiArtCollab
import EmojiArtCollabNet
import Foundation

/// A client that only pushes, to find what the relay itself can carry: one-op moves sealed with
/// the room's key before the clock starts (so its own work is a WebSocket write per edit), at
/// most `window` of them unacknowledged at a time — a client that pipelines, as a window's
/// drags do — while it reads the room's broadcast of everyone's edits.
final class FloodClient: @unchecked Sendable {
    let link: WebSocketRelayLink
    let client: ClientID
    /// Proves membership (C10) with a secret of its own.
    private let credentials: RoomCredentials
    private let secret = Base64URL.encode((0..<32).map { _ in UInt8.random(in: 0...255) })
    private let room: String
    private let lastSeq: Int
    private let epoch: String?
    private let pushes: [ClientMessage]
    private let window: Int
    private let expectedBroadcasts: Int
    private let lock = NSLock()
    private var sent = 0
    private var acknowledged = 0
    private var broadcasts = 0
    private var started = false
    private var consumer: Task<Void, Never>?
    /// When it joined the room (its welcome came).
    let welcomed = Arrival()
    /// When all its pushes were acknowledged and it had read `expectedBroadcasts` ops.
    let finished = Arrival()

    /// `moves`: the cids to move, one push each; `lastSeq` and `epoch`: where the room is, so the
    /// welcome does not carry its log again.
    init(
        address: RoomLink, key: RoomKey, name: String, moves: [CollabID], lastSeq: Int, epoch: String?, window: Int, expectedBroadcasts: Int
    ) throws {
        guard let client = ClientID(name) else { throw BenchmarkError(description: "“\(name)” is not a client id") }
        self.client = client
        room = address.room
        self.lastSeq = lastSeq
        self.epoch = epoch
        self.window = window
        self.expectedBroadcasts = expectedBroadcasts
        let sealer = AESGCMSealer(key: key)
        credentials = sealer.credentials
        pushes = try moves.enumerated().map { index, cid in
            let cseq = index + 1
            let content = PayloadContent.ops([.set(cid: cid, value: .x(Double(index % 900)))])
            let payload = try sealer.seal(
                content, context: .init(room: address.room, epoch: epoch ?? "", kind: .push, sender: client, counter: cseq))
            let signature = sealer.credentials.sign(Signed.push(room: address.room, client: client, cseq: cseq, payload: payload))
            return .push(.init(cseq: cseq, payload: payload, signature: signature))
        }
        link = WebSocketRelayLink(address: address)
        let events = link.events
        consumer = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.handle(event)
            }
        }
    }

    /// Sends the first window of pushes; each acknowledgement sends the next.
    func start() {
        let first = lock.withLock { () -> ArraySlice<ClientMessage> in
            started = true
            sent = min(window, pushes.count)
            return pushes[0..<sent]
        }
        for push in first { link.send(push) }
    }

    private func handle(_ event: RelayLinkEvent) {
        switch event {
        case .connected:
            link.send(.hello(.init(room: room, client: client, lastSeq: lastSeq, epoch: epoch)))
        case .received(.challenge(let challenge)):
            link.send(.proof(credentials.proof(answering: challenge, room: room, client: client, secret: secret)))
        case .received(.welcome):
            welcomed.arrived(at: .now)
        case .received(.op(let push)):
            let (next, done) = lock.withLock { () -> (ClientMessage?, Bool) in
                broadcasts += 1
                var next: ClientMessage?
                if push.client == client {
                    acknowledged += 1
                    if started, sent < pushes.count {
                        next = pushes[sent]
                        sent += 1
                    }
                }
                return (next, acknowledged == pushes.count && broadcasts >= expectedBroadcasts)
            }
            if let next { link.send(next) }
            if done { finished.arrived(at: .now) }
        case .disconnected(let reason):
            // Not expected on loopback; resending is the session's job, which this client has
            // not got, so the run would never finish: say why instead.
            FileHandle.standardError.write(Data("flood client \(client) disconnected: \(reason)\n".utf8))
        case .received:
            break
        }
    }

    func close() {
        link.close()
        consumer?.cancel()
    }
}
