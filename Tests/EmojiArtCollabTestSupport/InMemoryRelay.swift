import Crypto
import EmojiArtCollab
import EmojiArtCore
import Foundation

/// A relay in memory, for tests of whatever talks to a relay through `RelayLink` (the app's
/// consumer, the CLI's logic): the same `RoomHost` as the real relay, with faults at the test's
/// command — drop every connection, crash (losing what was not committed), hold commits back.
///
/// Thread-safe; events reach each link's stream at once, in order.
public final class InMemoryRelay: @unchecked Sendable {
    private let lock = NSLock()
    private var hosts: [String: RoomHost] = [:]
    private var blobs: [String: Data] = [:]
    private var links: [ObjectIdentifier: InMemoryRelayLink] = [:]
    /// Connections that sent their hello (before it, a link passes nothing else).
    private var greeted: Set<RoomHost.Connection> = []
    private var nextConnection = 1
    private var epochCounter = 1
    /// Whether pushes are committed (made durable, acknowledged, broadcast) as they arrive; when
    /// false they wait for `commit()`, as in a relay between two fsyncs.
    public var autoCommit: Bool {
        get { lock.withLock { autoCommitValue } }
        set { lock.withLock { autoCommitValue = newValue } }
    }
    private var autoCommitValue = true
    /// Whether links may connect; while false a link stays disconnected (a relay that is down).
    private var up = true

    public init(autoCommit: Bool = true) {
        autoCommitValue = autoCommit
    }

    /// Makes a room (what `RelayLink.createRoom` does), by default for `PlainSealer`'s members.
    public func createRoom(_ id: String, verifier: String = PlainSealer.testVerifier) {
        lock.withLock { createRoomLocked(id, verifier: verifier) }
    }

    /// A link to `room`; it connects at once when the relay is up.
    public func link(room: String) -> InMemoryRelayLink {
        let link = InMemoryRelayLink(relay: self, room: room)
        lock.withLock {
            links[ObjectIdentifier(link)] = link
            if up { connectLocked(link) }
        }
        return link
    }

    /// The room as the relay holds it.
    public func room(_ id: String) -> RelayRoom? {
        lock.withLock { hosts[id]?.room }
    }

    /// Makes every received push durable, then acknowledges and broadcasts it.
    public func commit() {
        lock.withLock {
            for host in hosts.values { deliverLocked(host.commit()) }
        }
    }

    /// Drops every connection (a network blip); links reconnect at once while the relay is up.
    public func dropConnections(reconnect: Bool = true) {
        lock.withLock {
            for link in links.values { disconnectLocked(link, reason: "The connection was dropped.") }
            if reconnect { for link in links.values { connectLocked(link) } }
        }
    }

    /// The relay goes down (`crash`: losing what was not committed) and stays down until `start()`.
    public func stop(crash: Bool = true) {
        lock.withLock {
            up = false
            for link in links.values { disconnectLocked(link, reason: "The relay stopped.") }
            if crash { for host in hosts.values { host.crash() } }
        }
    }

    /// The relay lost its data: every room starts over in a new epoch (invariant 7).
    public func loseEverything() {
        lock.withLock {
            epochCounter += 1
            for (id, host) in hosts {
                var room = host.room
                room.loseEverything(newEpoch: "epoch-\(epochCounter)")
                hosts[id] = RoomHost(room: room, limits: host.limits)
            }
        }
    }

    /// The relay is back; every open link reconnects.
    public func start() {
        lock.withLock {
            up = true
            for link in links.values { connectLocked(link) }
        }
    }

    // MARK: - For links

    func send(_ message: ClientMessage, from link: InMemoryRelayLink) {
        lock.withLock {
            guard let connection = link.connection else { return }
            if case .hello = message {
                // A greeted connection's frames reach the room host, which takes nothing but a
                // proof from it until it is a member.
                greeted.insert(connection)
            } else if !greeted.contains(connection) {
                return
            }
            guard let host = hosts[link.room] else {
                if case .hello = message {
                    link.emit(
                        .received(
                            .error(RelayError(code: .badRoom, message: "There is no room “\(link.room)” on this relay; check the link."))))
                }
                return
            }
            let (deliveries, change) = host.handle(message, from: connection)
            deliverLocked(deliveries)
            if change != nil, autoCommitValue { deliverLocked(host.commit()) }
        }
    }

    func createRoomForLink(_ id: String, verifier: String) throws {
        guard RoomLink.isRoomID(id) else { throw RelayLinkError.refused(reason: RoomLinkError.badRoomID(id).description) }
        try lock.withLock {
            guard up else { throw RelayLinkError.unreachable(server: "memory", reason: "the relay is down") }
            if hosts[id] == nil { epochCounter += 1 }
            createRoomLocked(id, verifier: verifier)
        }
    }

    func putBlob(_ data: Data) throws -> String {
        let name = SHA256.hex(data)
        try lock.withLock {
            guard up else { throw RelayLinkError.unreachable(server: "memory", reason: "the relay is down") }
            blobs[name] = data
        }
        return name
    }

    func blob(_ name: String) throws -> Data {
        try lock.withLock {
            guard up else { throw RelayLinkError.unreachable(server: "memory", reason: "the relay is down") }
            guard let data = blobs[name] else { throw RelayLinkError.blobNotFound(sha256: name) }
            return data
        }
    }

    func close(_ link: InMemoryRelayLink) {
        lock.withLock {
            disconnectLocked(link, reason: "Closed.")
            links[ObjectIdentifier(link)] = nil
        }
        link.finish()
    }

    private func createRoomLocked(_ id: String, verifier: String) {
        if hosts[id] == nil { hosts[id] = RoomHost(room: RelayRoom(id: id, epoch: "epoch-\(epochCounter)", verifier: verifier)) }
    }

    private func connectLocked(_ link: InMemoryRelayLink) {
        guard link.connection == nil else { return }
        let connection = RoomHost.Connection(nextConnection)
        nextConnection += 1
        link.connection = connection
        link.emit(.connected)
    }

    private func disconnectLocked(_ link: InMemoryRelayLink, reason: String) {
        guard let connection = link.connection else { return }
        link.connection = nil
        greeted.remove(connection)
        if let host = hosts[link.room] { deliverLocked(host.disconnected(connection)) }
        link.emit(.disconnected(reason: reason))
    }

    private func deliverLocked(_ deliveries: [RoomHost.Delivery]) {
        for delivery in deliveries {
            links.values.first { $0.connection == delivery.to }?.emit(.received(delivery.message))
        }
    }
}

/// A `RelayLink` to an `InMemoryRelay`.
public final class InMemoryRelayLink: RelayLink, @unchecked Sendable {
    public let events: AsyncStream<RelayLinkEvent>
    public let room: String
    private let continuation: AsyncStream<RelayLinkEvent>.Continuation
    private weak var relay: InMemoryRelay?
    /// Guarded by the relay's lock.
    var connection: RoomHost.Connection?

    init(relay: InMemoryRelay, room: String) {
        self.relay = relay
        self.room = room
        (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    public func send(_ message: ClientMessage) {
        guard let relay else { return }
        relay.send(message, from: self)
    }

    public func createRoom(_ registration: RoomRegistration) async throws {
        guard let relay else { throw RelayLinkError.closed }
        guard let verifier = RoomVerifier(registration) else { throw RelayLinkError.refused(reason: "400 Bad Request") }
        try relay.createRoomForLink(room, verifier: verifier.stored)
    }

    public func putBlob(_ data: Data) async throws -> String {
        guard let relay else { throw RelayLinkError.closed }
        return try relay.putBlob(data)
    }

    public func blob(_ sha256: String) async throws -> Data {
        guard let relay else { throw RelayLinkError.closed }
        return try relay.blob(sha256)
    }

    public func close() {
        relay?.close(self)
        finish()
    }

    func emit(_ event: RelayLinkEvent) {
        continuation.yield(event)
    }

    func finish() {
        continuation.finish()
    }
}
