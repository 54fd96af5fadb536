import EmojiArtCollabTestSupport
import Foundation

@testable import EmojiArtCollab

/// Three (or more) clients and a relay connected by in-memory sockets, driven by a seeded random
/// schedule: every step delivers one frame, makes one edit, fsyncs the relay, or injects a fault
/// (disconnects, client and relay crashes, duplicated frames). Everything it does follows from
/// the seed, so a failing run is replayed from the seed it reports.
final class RoomSimulation {
    struct Options {
        var clients = 3
        var steps = 120
        /// Fault rates out of 1000 steps.
        var disconnects = 30
        var relayCrashes = 10
        var clientCrashes = 10
        var relayDataLoss = 0
        /// Frames go through the JSON wire codec (slower; on in a share of runs).
        var throughWire = false
    }

    final class Client {
        var session: SyncSession
        let journal = InMemoryOutboxJournal()
        /// The confirmed replica as last "autosaved": may lag behind.
        var savedReplica: ConfirmedReplica?
        var connected = false
        var toRelay: [ClientMessage] = []
        var fromRelay: [RelayMessage] = []
        /// Emojis this client may edit in a run that keeps clients apart.
        var welcomed = false

        init(room: String, seed: UInt64) throws {
            session = try SyncSession(room: room, journal: journal, sealer: PlainSealer(), random: SeededRandom(seed: seed))
        }
    }

    let seed: UInt64
    let options: Options
    var random: SeededRandom
    var relay: RelayRoom
    var relayUp = true
    var clients: [Client] = []
    /// Every push that ever became durable, in order, across compactions (reset when the relay
    /// loses its data): what a replay of the relay's whole log gives.
    var history: [SequencedPush] = []
    /// (client, cseq) of every acknowledgement a client received, per epoch.
    var acknowledged: [String: Set<String>] = [:]
    var problems: [String] = []
    /// What happened, so a test can check its runs exercised the faults.
    var faults = (relayCrashes: 0, clientCrashes: 0, disconnects: 0, duplicates: 0, dataLosses: 0, compactions: 0)
    private var epochCounter = 1

    init(seed: UInt64, options: Options = Options()) throws {
        self.seed = seed
        self.options = options
        random = SeededRandom(seed: seed)
        relay = RelayRoom(id: "room", epoch: "epoch-1", verifier: nil)
        for index in 0..<options.clients {
            clients.append(try Client(room: "room", seed: seed &+ UInt64(index + 1) &* 0x9E37))
        }
    }

    // MARK: - Running

    func run() throws {
        for _ in 0..<options.steps { try step() }
        try settle()
    }

    /// Brings everyone online and delivers until nothing moves.
    func settle() throws {
        relayUp = true
        for client in clients where !client.connected { connect(client) }
        var rounds = 0
        while try deliverAll() {
            rounds += 1
            if rounds > 10_000 {
                problems.append("no quiescence after 10,000 rounds")
                return
            }
        }
    }

    func step() throws {
        let roll = Int.random(in: 0..<1000, using: &random)
        let client = clients[Int.random(in: 0..<clients.count, using: &random)]
        var threshold = options.disconnects
        if roll < threshold {
            if client.connected {
                disconnect(client)
                faults.disconnects += 1
            } else if relayUp {
                connect(client)
            }
            return
        }
        threshold += options.relayCrashes
        if roll < threshold {
            crashRelay()
            return
        }
        threshold += options.clientCrashes
        if roll < threshold {
            try crashClient(client)
            return
        }
        threshold += options.relayDataLoss
        if roll < threshold {
            loseRelayData()
            return
        }
        switch Int.random(in: 0..<10, using: &random) {
        case 0...3: try RandomEdits.edit(client.session, random: &random, send: { self.send($0, from: client) })
        case 4, 5: try deliverToRelay(client)
        case 6: commitRelay()
        case 7, 8: try deliverToClient(client)
        default:
            if !relayUp { relayUp = true }
            if !client.connected { connect(client) }
            if Int.random(in: 0..<8, using: &random) == 0 { client.savedReplica = client.session.replica }
            if Int.random(in: 0..<6, using: &random) == 0, client.session.isLive {
                send([try client.session.snapshotMessage()], from: client)
            }
            if Int.random(in: 0..<3, using: &random) == 0,
                let push = client.toRelay.first(where: { if case .push = $0 { true } else { false } })
            {
                client.toRelay.append(push)  // the network or a resend duplicates a push
                faults.duplicates += 1
            }
        }
    }

    private func deliverAll() throws -> Bool {
        var moved = false
        for client in clients {
            while !client.toRelay.isEmpty {
                try deliverToRelay(client)
                moved = true
            }
        }
        if relay.durableCount < relay.log.count {
            commitRelay()
            moved = true
        }
        for client in clients {
            while !client.fromRelay.isEmpty {
                try deliverToClient(client)
                moved = true
            }
        }
        return moved
    }

    // MARK: - The wire

    private func send(_ messages: [ClientMessage], from client: Client) {
        guard client.connected else { return }
        client.toRelay.append(contentsOf: messages)
    }

    private func deliverToRelay(_ client: Client) throws {
        guard client.connected, relayUp, !client.toRelay.isEmpty else { return }
        let message = try wire(client.toRelay.removeFirst())
        switch message {
        case .hello(let hello):
            let answer = relay.welcome(hello)
            client.fromRelay.append(answer)
            if case .welcome = answer { client.welcomed = true }
        case .push(let push):
            guard client.welcomed else { return }
            relay.receive(push, from: client.session.client)
        case .snapshot(let snapshot):
            if relay.compact(snapshot) { faults.compactions += 1 }
        case .ping:
            client.fromRelay.append(.pong)
        case .proof:
            // This relay answers a hello with its welcome at once: membership is tested apart.
            break
        case .preview, .presence:
            break
        }
    }

    private func commitRelay() {
        guard relayUp else { return }
        let durable = relay.commit()
        history.append(contentsOf: durable)
        for push in durable {
            for client in clients where client.connected && client.welcomed {
                client.fromRelay.append(.op(push))
            }
        }
    }

    private func deliverToClient(_ client: Client) throws {
        guard client.connected, !client.fromRelay.isEmpty else { return }
        let message = try wire(client.fromRelay.removeFirst())
        let waiting = Set(client.session.pending.map(\.cseq))
        let answers = try client.session.receive(message)
        // An acknowledgement the client took: its push left the outbox.
        let confirmed = waiting.subtracting(client.session.pending.map(\.cseq))
        for cseq in confirmed { acknowledged[relay.epoch, default: []].insert("\(client.session.client).\(cseq)") }
        send(answers, from: client)
    }

    private func wire(_ message: ClientMessage) throws -> ClientMessage {
        guard options.throughWire else { return message }
        return try WireCodec.clientMessage(from: try WireCodec.encode(message))
    }

    private func wire(_ message: RelayMessage) throws -> RelayMessage {
        guard options.throughWire else { return message }
        return try WireCodec.relayMessage(from: try WireCodec.encode(message))
    }

    // MARK: - Faults

    private func connect(_ client: Client) {
        guard relayUp else { return }
        client.connected = true
        client.welcomed = false
        client.toRelay = client.session.connected()
        client.fromRelay = []
    }

    private func disconnect(_ client: Client) {
        client.connected = false
        client.welcomed = false
        client.toRelay = []
        client.fromRelay = []
        client.session.disconnected()
    }

    /// `kill -9` of the relay: the received tail that was not fsynced is gone, every socket closes.
    private func crashRelay() {
        faults.relayCrashes += 1
        relay.crash()
        relayUp = false
        clients.forEach(disconnect)
    }

    /// The relay's folder is lost: a new epoch.
    private func loseRelayData() {
        faults.dataLosses += 1
        epochCounter += 1
        relay.loseEverything(newEpoch: "epoch-\(epochCounter)")
        history = []
        relayUp = false
        clients.forEach(disconnect)
    }

    /// The client's process dies: a new session from its journal and its last saved replica.
    private func crashClient(_ client: Client) throws {
        faults.clientCrashes += 1
        disconnect(client)
        client.session = try SyncSession(
            room: "room", journal: client.journal, replica: client.savedReplica,
            sealer: PlainSealer(), random: SeededRandom(seed: random.next()))
    }

    // MARK: - What must hold

    /// The relay's whole log replayed from nothing.
    var replayedHistory: CollabState {
        var state = CollabState()
        for push in history { state.apply(Self.ops(push.payload), from: push.client) }
        return state
    }

    /// The relay's compacted log (snapshot + the rest) replayed.
    var replayedRelay: CollabState {
        var state = CollabState()
        if let snapshot = relay.snapshot, case .plain(let content) = snapshot.payload, let compacted = content.snapshotState {
            state = compacted
        }
        for push in relay.durableLog { state.apply(Self.ops(push.payload), from: push.client) }
        return state
    }

    static func ops(_ payload: Payload) -> [CollabOp] {
        if case .plain(let content) = payload, let ops = content.pushedOps { return ops }
        return []
    }
}
