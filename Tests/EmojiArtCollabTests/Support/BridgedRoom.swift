import EmojiArtCollabTestSupport
import EmojiArtCore
import Foundation

@testable import EmojiArtCollab

/// Documents bridged to one in-memory relay room, as windows on several machines would be: each
/// peer's frames wait in its outbox and inbox until `settle()` delivers them (client → relay,
/// the relay's fsync, relay → everyone), so a test decides what happens in which order.
@MainActor
final class BridgedRoom {
    final class Peer {
        let document: EmojiArtDocument
        let bridge: CollabDocumentBridge
        var outbox: [ClientMessage] = []
        var inbox: [RelayMessage] = []
        var connected = false
        var blobRequests: [String] = []
        var messages: [String] = []

        init(document: EmojiArtDocument, bridge: CollabDocumentBridge) {
            self.document = document
            self.bridge = bridge
        }
    }

    static let room = SharedRoom(server: "ws://127.0.0.1:7447", room: "room")
    var relay = RelayRoom(id: room.room, epoch: "epoch-1", verifier: nil)
    var peers: [Peer] = []
    var blobStore: [String: Data] = [:]
    /// Every frame a peer sent, in order (to look at what travelled).
    var sent: [ClientMessage] = []
    private var clock = Duration.zero

    /// The first peer shares `model`; `others` more join with empty documents. All connect.
    init(sharing model: EmojiArtModel, others: Int, seed: UInt64 = 1) throws {
        let first = EmojiArtDocument(model: model)
        let session = try SyncSession(
            room: Self.room.room, journal: InMemoryOutboxJournal(), sealer: PlainSealer(), random: SeededRandom(seed: seed))
        add(Peer(document: first, bridge: try CollabDocumentBridge.share(first, session: session, room: Self.room)))
        peers[0].bridge.publishBlobs()
        for index in 0..<others {
            let document = EmojiArtDocument()
            let session = try SyncSession(
                room: Self.room.room, journal: InMemoryOutboxJournal(), sealer: PlainSealer(),
                random: SeededRandom(seed: seed &+ UInt64(index + 2) &* 7919))
            add(Peer(document: document, bridge: CollabDocumentBridge(document: document, session: session, room: Self.room)))
        }
        for peer in peers { connect(peer) }
        settle()
    }

    private func add(_ peer: Peer) {
        peer.bridge.send = { [unowned self, unowned peer] messages in
            guard peer.connected else { return }
            peer.outbox += messages
            sent += messages
        }
        peer.bridge.uploadBlob = { [unowned self] hash, data in blobStore[hash] = data }
        peer.bridge.requestBlob = { [unowned peer] hash in peer.blobRequests.append(hash) }
        peer.bridge.onMessage = { [unowned peer] message in peer.messages.append(message) }
        // Previews are spaced by time: each frame of a test is a new 40 ms.
        peer.bridge.now = { [unowned self] in
            clock += .milliseconds(40)
            return clock
        }
        peers.append(peer)
    }

    func connect(_ peer: Peer) {
        peer.connected = true
        peer.outbox += peer.bridge.connected()
    }

    func disconnect(_ peer: Peer) {
        peer.connected = false
        peer.outbox.removeAll()
        peer.inbox.removeAll()
        peer.bridge.disconnected()
        for other in peers where other !== peer && other.connected {
            other.inbox.append(.left(peer.bridge.session.client))
        }
    }

    /// Delivers everything until nothing moves.
    func settle() {
        var moved = true
        while moved {
            moved = false
            for peer in peers where !peer.outbox.isEmpty {
                moved = true
                let frames = peer.outbox
                peer.outbox.removeAll()
                for frame in frames { relayReceive(frame, from: peer) }
            }
            for peer in peers where !peer.inbox.isEmpty {
                moved = true
                let frames = peer.inbox
                peer.inbox.removeAll()
                peer.bridge.receive(frames)
            }
            for peer in peers where !peer.blobRequests.isEmpty {
                moved = true
                let requests = peer.blobRequests
                peer.blobRequests.removeAll()
                for hash in requests {
                    if let data = blobStore[hash] {
                        peer.bridge.receiveBlob(hash, data: data)
                    } else {
                        peer.bridge.blobUnavailable(hash)
                    }
                }
            }
        }
    }

    /// Delivers only what `peer` has sent to the relay, and the relay's answers to everyone's inbox.
    func deliverFrom(_ peer: Peer) {
        let frames = peer.outbox
        peer.outbox.removeAll()
        for frame in frames { relayReceive(frame, from: peer) }
    }

    /// Hands `peer` what waits in its inbox.
    func deliverTo(_ peer: Peer) {
        let frames = peer.inbox
        peer.inbox.removeAll()
        peer.bridge.receive(frames)
    }

    private func relayReceive(_ frame: ClientMessage, from peer: Peer) {
        let client = peer.bridge.session.client
        switch frame {
        case .hello(let hello):
            peer.inbox.append(relay.welcome(hello))
        case .push(let push):
            relay.receive(push, from: client)
            for sequenced in relay.commit() {
                for other in peers where other.connected { other.inbox.append(.op(sequenced)) }
            }
        case .preview(let payload):
            for other in peers where other !== peer && other.connected {
                other.inbox.append(.preview(.init(client: client, payload: payload)))
            }
        case .presence(let payload):
            for other in peers where other !== peer && other.connected {
                other.inbox.append(.presence(.init(client: client, payload: payload)))
            }
        case .snapshot(let snapshot):
            relay.compact(snapshot)
        case .ping:
            peer.inbox.append(.pong)
        case .proof:
            // This room answers a hello with its welcome at once: membership is tested apart.
            break
        }
    }

    /// What every replica must agree on: emojis in drawing order with their room values (local
    /// ids differ per replica), and the background.
    static func content(of document: EmojiArtDocument) -> [String] {
        document.model.emojis.map {
            "\($0.cid ?? "-") \($0.z ?? "-") \($0.text) \($0.position.x),\($0.position.y) \($0.size) \($0.rotation) \($0.flipped) \($0.group ?? "-") \($0.locked)"
        }
            + ["background \(document.model.background)"]
    }
}
