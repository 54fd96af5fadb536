import EmojiArtCollab
import Foundation

/// One room while the relay serves it: the `RoomHost` logic, its storage, and its connections'
/// outgoing queues. Pushes are handed to the storage as they come; one sync then covers every
/// push that arrived meanwhile (group commit: one fsync, or one database transaction), after
/// which they are acknowledged and broadcast. With a shared store the sync answers with the
/// store's order, which may hold other relays' pushes too.
actor RoomActor {
    let id: String
    private var host: RoomHost
    private let storage: any RoomStorage
    private let limits: RoomHost.Limits
    private let maxConnections: Int
    private let maxQueuedFrames: Int
    private var outgoing: [RoomHost.Connection: AsyncStream<String>.Continuation] = [:]
    private var queued: [RoomHost.Connection: QueuedBytes] = [:]
    private let maxQueuedBytes: Int
    private var nextConnection = 1
    /// Connections that said hello and have not proved membership, oldest first. They hold no
    /// member's place: at most `maxConnections` wait at once (a newcomer lets the oldest go), a
    /// failed proof ends the connection, and a proof not given within `proofTimeout` does too —
    /// so strangers with the room's id cannot fill it (C10).
    private var unproven: [RoomHost.Connection] = []
    private let proofTimeout: Duration
    private var flushScheduled = false
    /// Frames for connections whose welcome waits on the store (`admit`), in order.
    private var awaitingBinding: [RoomHost.Connection: [String]] = [:]
    private var flushing = false
    /// Counts the syncs the room started; one it gave up on (`syncStalled`) is no longer the
    /// current one, and changes nothing if it ever answers.
    private var syncNumber = 0
    /// How long a shared store's sync may go unanswered before the room gives up on it.
    private let syncDeadline: Duration
    /// Set when the disk failed: the room refuses pushes until the relay restarts (what is on
    /// disk stays a clean prefix of what was acknowledged).
    private var failure: String?

    init(id: String, room: RelayRoom, storage: any RoomStorage, configuration: RelayConfiguration) {
        self.id = id
        host = RoomHost(room: room, limits: configuration.roomLimits)
        limits = configuration.roomLimits
        self.storage = storage
        maxConnections = configuration.maxConnectionsPerRoom
        proofTimeout = configuration.proofTimeout
        maxQueuedFrames = configuration.maxQueuedFrames
        maxQueuedBytes = configuration.maxQueuedBytes
        syncDeadline = configuration.storeDeadline
    }

    /// A new connection's queue of frames to write, and the count of its bytes (the writer takes
    /// off what it wrote); nil when the room is full of members.
    func join() -> (RoomHost.Connection, AsyncStream<String>, QueuedBytes)? {
        guard host.members.count < maxConnections else { return nil }
        if unproven.count >= maxConnections, let oldest = unproven.first {
            letGo(oldest, saying: "Too many connections are waiting to prove membership; reconnect.", code: .roomFull)
        }
        let connection = RoomHost.Connection(nextConnection)
        unproven.append(connection)
        let timeout = proofTimeout
        Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.letGoIfUnproven(connection)
        }
        nextConnection += 1
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(maxQueuedFrames))
        let bytes = QueuedBytes(limit: maxQueuedBytes)
        outgoing[connection] = continuation
        queued[connection] = bytes
        return (connection, stream, bytes)
    }

    /// Whether `connection` proved membership (C10).
    func isMember(_ connection: RoomHost.Connection) -> Bool {
        host.members[connection] != nil
    }

    /// Ends a connection that sent more than a stranger may before its proof, `reason` its last frame.
    func refuseUnproven(_ connection: RoomHost.Connection, saying reason: String) {
        letGo(connection, saying: reason, code: .badMessage)
    }

    func handle(_ message: ClientMessage, from connection: RoomHost.Connection) async {
        if let failure, case .push = message {
            send(.error(RelayError(code: .storageFailed, message: failure)), to: connection)
            return
        }
        // A hello on one relay of many: the room as the store has it now, bindings included,
        // so the welcome is current and a taken client id is refused here too.
        if storage.isShared, case .hello = message { await catchUp() }
        let (deliveries, change) = host.handle(message, from: connection)
        if unproven.contains(connection) {
            if host.members[connection] != nil {
                unproven.removeAll { $0 == connection }
            } else if case .proof = message {
                // The refusal goes out, then the connection ends: a failed proof keeps no place.
                deliver(deliveries)
                letGo(connection, saying: nil, code: .roomFull)
                return
            }
        }
        if storage.isShared, case .admitted(let admission)? = change {
            await admit(admission, welcome: deliveries, to: connection)
            return
        }
        deliver(deliveries)
        if storage.isShared, let client = host.members[connection] {
            switch message {
            case .preview(let payload): storage.broadcast(.preview(.init(client: client, payload: payload)))
            case .presence(let payload): storage.broadcast(.presence(.init(client: client, payload: payload)))
            default: break
            }
        }
        switch change {
        case .received(let push)?:
            do {
                try storage.received(push)
            } catch {
                fail(error)
                return
            }
            scheduleFlush()
        case .compacted(let snapshot)?:
            do {
                try await storage.compact(snapshot, remaining: host.room.log)
            } catch {
                fail(error)
            }
        case .admitted(let admission)?:
            do {
                // The store's only writer: the binding it holds is the one made here.
                _ = try await storage.record(admission)
            } catch {
                fail(error)
            }
        case nil:
            break
        }
    }

    /// A member admitted on a shared store: another relay may have bound the same client id to
    /// another secret since this one caught up, so the welcome waits until the store says whose
    /// the id is, and what the room sends the connection meanwhile waits behind the welcome.
    private func admit(_ admission: Admission, welcome: [RoomHost.Delivery], to connection: RoomHost.Connection) async {
        awaitingBinding[connection] = []
        let bound: String?
        do {
            bound = try await storage.record(admission)
        } catch {
            awaitingBinding[connection] = nil
            fail(error)
            return
        }
        let waiting = awaitingBinding.removeValue(forKey: connection) ?? []
        if let mine = admission.boundSecretHash, let bound, bound != mine {
            host.admissionLost(connection, client: admission.client, boundTo: bound)
            send(.error(RelayError(code: .clientTaken, message: "Another member uses the client id \(admission.client).")), to: connection)
            close(connection)
            return
        }
        deliver(welcome)
        for frame in waiting { enqueue(frame, to: connection) }
    }

    func leave(_ connection: RoomHost.Connection) {
        unproven.removeAll { $0 == connection }
        close(connection)
        let client = host.members[connection]
        let deliveries = host.disconnected(connection)
        deliver(deliveries)
        if storage.isShared, let client, !host.members.values.contains(client) { storage.broadcast(.left(client)) }
    }

    /// Everything durable so far (tests and the relay's shutdown), and with a shared store
    /// everything other relays made durable.
    ///
    /// A shared store's sync that has not answered within `syncDeadline` fails the room as an
    /// error would (`syncStalled`): a statement PostgresNIO writes to a connection the database
    /// already closed is lost, and its query neither returns nor throws, so a database that
    /// crashes between two statements of the sync's transaction would otherwise leave the room
    /// waiting on it for good, committing nothing more while its members' outboxes fill.
    func flush() async {
        flushScheduled = false
        guard !flushing else {
            // The sync under way looks again when it is done.
            flushScheduled = true
            return
        }
        flushing = true
        repeat {
            flushScheduled = false
            guard failure == nil else { break }
            syncNumber += 1
            let number = syncNumber
            let watchdog = storage.isShared ? watch(sync: number) : nil
            let changes: RoomChanges?
            do {
                changes = try await storage.sync(after: host.room.durableSeq, snapshotSeq: host.room.snapshot?.seq ?? 0)
                watchdog?.cancel()
            } catch {
                watchdog?.cancel()
                // Given up on already: the room failed then, and another sync may be under way.
                guard number == syncNumber else { return }
                // What was waiting is gone with the failure (the clients push it again): a
                // flush still marked as scheduled would keep every later push from scheduling one.
                flushScheduled = false
                flushing = false
                fail(error)
                return
            }
            // An answer after the room gave up on it: the next sync reads the store again.
            guard number == syncNumber else { return }
            if let changes {
                await settle(changes)
            } else {
                deliver(host.commit())
            }
        } while flushScheduled
        flushing = false
    }

    /// Gives up on sync `number` after `syncDeadline`, unless it answered first (and the watchdog
    /// was cancelled).
    private func watch(sync number: Int) -> Task<Void, Never> {
        let deadline = syncDeadline
        return Task { [weak self] in
            guard (try? await Task.sleep(for: deadline)) != nil else { return }
            await self?.syncStalled(number)
        }
    }

    /// Sync `number` did not answer in time: the room fails as on a failed sync (its members
    /// reconnect and push again what it held), and stops waiting for it.
    private func syncStalled(_ number: Int) {
        guard number == syncNumber, flushing else { return }
        syncNumber += 1
        flushing = false
        flushScheduled = false
        fail(RelayStoreError.noAnswer(after: syncDeadline))
    }

    /// Another relay made pushes durable (its notification, or a poll): this room's members get them.
    func catchUp() async {
        await flush()
    }

    /// A member connected to another relay said something not kept: the members here hear it.
    func relayed(_ message: RelayMessage) {
        deliver(host.relay(message))
    }

    /// Whether anyone is connected (the shared store's poll looks only at such rooms).
    var hasConnections: Bool { !outgoing.isEmpty }

    private func settle(_ changes: RoomChanges) async {
        host.learn(bindings: changes.bindings)
        guard let deliveries = host.settle(changes.ops) else {
            await reload()
            return
        }
        deliver(deliveries)
        if let snapshot = changes.snapshot, snapshot.seq <= host.room.durableSeq { host.adopt(snapshot) }
    }

    /// Another relay compacted past what this one holds: the room is read anew and its
    /// connections closed, to catch up by reconnecting (their unacknowledged pushes stay in
    /// their outboxes).
    private func reload() async {
        do {
            let room = try await storage.reload()
            for connection in Array(outgoing.keys) { close(connection) }
            host = RoomHost(room: room, limits: limits)
        } catch {
            fail(error)
        }
    }

    var room: RelayRoom { host.room }

    /// Whether an upload of the image `name` carries an editor's say-so (C10).
    func admitsUpload(named name: String, signature: String?) -> Bool {
        host.room.admitsUpload(named: name, signature: signature)
    }

    private func scheduleFlush() {
        guard !flushScheduled else { return }
        flushScheduled = true
        // Runs after the pushes already waiting for this actor, so one fsync covers them all.
        Task { await self.flush() }
    }

    private func fail(_ error: any Error) {
        let sentence = "The relay cannot store this room’s edits right now (\(error)); they stay in your outbox and are sent when it can."
        // A database comes back: the room forgets what was not durable and its members
        // reconnect and push it again. A failed disk stops the room until the relay restarts.
        if storage.isShared {
            host.crash()
            storage.discardReceived()
        } else {
            failure = sentence
        }
        for connection in Array(outgoing.keys) {
            send(.error(RelayError(code: .storageFailed, message: sentence)), to: connection)
            close(connection)
        }
    }

    private func deliver(_ deliveries: [RoomHost.Delivery]) {
        var lastMessage: RelayMessage?
        var lastFrame = ""
        for delivery in deliveries {
            if delivery.message != lastMessage {
                lastMessage = delivery.message
                lastFrame = Self.frame(delivery.message)
            }
            enqueue(lastFrame, to: delivery.to)
        }
    }

    private func send(_ message: RelayMessage, to connection: RoomHost.Connection) {
        enqueue(Self.frame(message), to: connection)
    }

    private func enqueue(_ frame: String, to connection: RoomHost.Connection) {
        if awaitingBinding[connection] != nil {
            awaitingBinding[connection]?.append(frame)
            return
        }
        guard let continuation = outgoing[connection] else { return }
        let fits = queued[connection]?.add(frame.utf8.count) ?? true
        guard fits, case .enqueued = continuation.yield(frame) else {
            // Too slow to keep up: closed rather than skipping frames; it reconnects and
            // catches up from its lastSeq.
            close(connection)
            deliver(host.disconnected(connection))
            return
        }
    }

    private func letGoIfUnproven(_ connection: RoomHost.Connection) {
        guard unproven.contains(connection) else { return }
        letGo(connection, saying: "No proof of membership came within \(proofTimeout.components.seconds) s; reconnect.", code: .roomFull)
    }

    /// Ends a connection that has not proved membership, with `reason` as its last frame.
    private func letGo(_ connection: RoomHost.Connection, saying reason: String?, code: RelayError.Code) {
        unproven.removeAll { $0 == connection }
        if let reason { send(.error(RelayError(code: code, message: reason)), to: connection) }
        close(connection)
        deliver(host.disconnected(connection))
    }

    private func close(_ connection: RoomHost.Connection) {
        awaitingBinding[connection] = nil
        outgoing.removeValue(forKey: connection)?.finish()
        queued[connection] = nil
    }

    static func frame(_ message: RelayMessage) -> String {
        (try? WireCodec.encode(message)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"type":"pong"}"#
    }
}
