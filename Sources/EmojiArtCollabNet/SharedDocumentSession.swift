import EmojiArtCollab
import EmojiArtCore
import Foundation

/// A document in a room, as a window has it (C2–C6, C10): the session with its outbox and
/// confirmed replica on disk, the bridge between the document and the session, the one consumer
/// of the relay link, the clock that retires others' stale drags, my presence paced on an
/// injected clock, and the room's key kept once something opened with it. No widgets: the
/// window shows what it says and forwards my pointer and selection.
@MainActor
public final class SharedDocumentSession {
    public let address: RoomLink
    public let connection: RoomConnection
    public var bridge: CollabDocumentBridge { connection.bridge }
    /// Who I am to the others (C5): my name and colour.
    public var identity: (name: String, colour: String)
    /// A sentence for the person (a toast).
    public var onMessage: ((String) -> Void)?

    private let setup: RoomSessionSetup
    private let journal: FileOutboxJournal
    private let replicaFile: ReplicaFile
    private var savedReplica: (epoch: String, seq: Int)?
    /// The replica write under way; the next one waits for it, so they land in order.
    private var replicaWrite: Task<Void, Never>?
    private var ticker: Task<Void, Never>?
    private var presenceWake: Task<Void, Never>?
    private var presence = PresencePacer()
    private var isClosed = false
    private var keyToKeep: Bool?
    private let now: () -> Duration

    /// How often the bridge's clock runs (others' stale drags go, my held drag repeats).
    static let tickInterval = Duration.milliseconds(250)

    /// How the link's key is kept.
    public enum KeyKeeping: Equatable, Sendable {
        /// A room this computer made: kept at once.
        case now
        /// A joined room: kept once something of the room opened with it (C10).
        case onceOpened(replacing: Bool)
        /// Read from the store: kept already.
        case kept
    }

    /// Connects `document` to the room at `address`. With an outbox from an earlier run, my
    /// pending edits come back from it, rebased on the confirmed replica kept beside it; without
    /// one, the document's content enters the room as idempotent adds (a new room on Share…,
    /// nothing on Join…, and a shared file opened on this machine for the first time or after
    /// the relay lost its data). `recreatesMissingRoom`: a shared file reopened makes its room
    /// again on a relay that does not know it; a first join reports it instead. `makeLink` and
    /// `now` are the transport and the clock (tests give their own); `wake` runs the link's
    /// drain on the main thread.
    public static func start(
        document: EmojiArtDocument, address: RoomLink, storage: CollabStorage, identity: (name: String, colour: String),
        recreatesMissingRoom: Bool = false, key keeping: KeyKeeping,
        makeLink: ((RoomLink) -> any RelayLink)? = nil,
        wake: @escaping RoomConnection.Wake, now: @escaping () -> Duration = SharedDocumentSession.clock
    ) throws -> SharedDocumentSession {
        let setup = try RoomSessionSetup(address: address, storage: storage)
        if keeping == .now { try setup.keepKey() }
        setup.rememberRelay()
        let opened = try setup.makeSession()
        let room = SharedRoom(server: address.server, room: address.room)
        let bridge =
            opened.hadOutbox
            ? CollabDocumentBridge(document: document, session: opened.session, room: room)
            : try CollabDocumentBridge.share(document, session: opened.session, room: room)
        if opened.hadOutbox, document.model.collab != room {
            // A document joined again: it names its room at once, so it reconnects when reopened.
            bridge.showRoom()
        }
        // The relay's create token, if this user keeps one: a room it lost is made again with it.
        let link =
            makeLink?(address)
            ?? WebSocketRelayLink(address: address, options: .init(createToken: storage.relayTokens.token(for: address.server)))
        let connection = RoomConnection(link: link, bridge: bridge, wake: wake)
        connection.recreatesMissingRoom = recreatesMissingRoom
        bridge.publishBlobs()
        let shared = SharedDocumentSession(
            address: address, connection: connection, setup: setup, opened: opened, identity: identity, now: now)
        if case .onceOpened(let replacing) = keeping { shared.keyToKeep = replacing }
        return shared
    }

    private init(
        address: RoomLink, connection: RoomConnection, setup: RoomSessionSetup, opened: RoomSessionSetup.OpenedSession,
        identity: (name: String, colour: String), now: @escaping () -> Duration
    ) {
        self.address = address
        self.connection = connection
        self.setup = setup
        self.identity = identity
        self.now = now
        journal = opened.journal
        replicaFile = opened.replicaFile
        savedReplica = opened.session.replica.map { ($0.epoch, $0.seq) }
        bridge.onMessage = { [weak self] message in self?.onMessage?(message) }
        ticker = Task { @MainActor [weak self] in
            while let self, !self.isClosed {
                self.bridge.tick()
                try? await Task.sleep(for: Self.tickInterval)
            }
        }
    }

    /// The clock presence is paced on in the app.
    public static let clock: () -> Duration = {
        let start = ContinuousClock.now
        return { ContinuousClock.now - start }
    }()

    // MARK: - The room changed

    /// Call after the connection's status, participants or the room changed: keeps a joined
    /// room's key once something opened with it, and lets newcomers know where I am.
    public func roomDidChange(newcomers: Bool) {
        if let replacing = keyToKeep, bridge.session.hasOpenedPayload {
            keyToKeep = nil
            do {
                try setup.keepKey(replacing: replacing)
            } catch {
                onMessage?(String(describing: error))
            }
        }
        if newcomers { act(on: presence.resend(at: now())) }
    }

    // MARK: - My presence (C5)

    /// My pointer over the document (nil: it left the canvas).
    public func pointerMoved(to point: DocumentPoint?) {
        act(on: presence.pointerMoved(to: point, at: now()))
    }

    /// My selection, whatever changed it: sent at once when it differs from what others have.
    public func selectionChanged(to emojis: [Emoji]) {
        act(on: presence.selectionChanged(to: emojis.compactMap(bridge.collabID(of:)), at: now()))
    }

    private func act(on decision: PresencePacer.Decision) {
        switch decision {
        case .sendNow:
            presenceWake?.cancel()
            presenceWake = nil
            bridge.sendPresence(
                Presence(
                    name: identity.name, colour: identity.colour, pointerX: presence.pointer?.x, pointerY: presence.pointer?.y,
                    selection: presence.selection))
        case .sendAfter(let delay):
            guard presenceWake == nil else { return }
            presenceWake = Task { @MainActor [weak self] in
                try? await Task.sleep(for: delay)
                guard let self, !isClosed, !Task.isCancelled else { return }
                presenceWake = nil
                act(on: presence.due(at: now()))
            }
        case .nothing:
            break
        }
    }

    // MARK: - Keeping and leaving

    /// Keeps the confirmed replica on disk when it moved on (called at autosave pace), written
    /// off the main thread in order.
    public func saveReplica() {
        guard !isClosed, let replica = bridge.session.replica, !isSaved(replica) else { return }
        savedReplica = (replica.epoch, replica.seq)
        let previous = replicaWrite
        let file = replicaFile
        replicaWrite = Task.detached {
            await previous?.value
            try? file.save(replica)
        }
    }

    /// Leaves the room when the window closes: every edit is already journaled (each push is
    /// written before it is sent); the replica is written now, since no task runs after the
    /// application's main loop returns.
    public func close() {
        guard !isClosed else { return }
        if let replica = bridge.session.replica, !isSaved(replica) { try? replicaFile.save(replica) }
        end()
    }

    /// Stop Sharing: leaves the room for good. This client's outbox and replica go (the document
    /// no longer names the room, so nothing would read them again; a later join is a new
    /// client). The room's key stays in the user's state folder: an older copy of the file that
    /// still names the room can reconnect with it.
    public func leave() {
        guard !isClosed else { return }
        end()
        try? FileManager.default.removeItem(at: journal.url)
        replicaFile.remove()
        // A write still under way would bring the replica back: remove it again after that.
        if let write = replicaWrite {
            let file = replicaFile
            Task.detached {
                await write.value
                file.remove()
            }
        }
    }

    private func end() {
        isClosed = true
        ticker?.cancel()
        presenceWake?.cancel()
        connection.close()
    }

    private func isSaved(_ replica: ConfirmedReplica) -> Bool {
        savedReplica.map { $0.epoch == replica.epoch && $0.seq == replica.seq } ?? false
    }
}
