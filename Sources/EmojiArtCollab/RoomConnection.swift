import EmojiArtCore
import Foundation

/// The one consumer of a shared window's link (COLLAB "Traps"): a reader off the main thread
/// collects the link's events, and `wake` runs one drain on the main thread for everything that
/// arrived meanwhile — one batch of ops per frame, however many came, so a burst from others
/// costs one rebuild and one redraw. The app's `wake` is a GLib source above GTK's redraw
/// priority, so what arrived is applied before the next frame is drawn.
@MainActor
public final class RoomConnection {
    /// What the header bar shows (C5).
    public enum Status: Hashable, Sendable {
        /// Not connected yet, or connected and waiting for the relay's welcome.
        case connecting
        case connected
        /// The connection dropped; the link tries again by itself. Edits wait in the outbox.
        case offline(reason: String)
    }

    public let link: any RelayLink
    public let bridge: CollabDocumentBridge
    public private(set) var status = Status.connecting
    /// Called after the status, the pending count or the participants changed.
    public var onStatusChange: (() -> Void)?
    /// How long the last drained event waited between the reader and the main thread.
    public private(set) var lastDeliveryLag = Duration.zero

    /// Whether a room the relay does not know is made again, from this replica's state, rather
    /// than reported: true for a shared file reopened (the relay lost its data, or was replaced),
    /// whose document holds the room as it was; false for a first join, where it means a wrong
    /// link. A replica that was in the room (it knows an epoch) always makes it again: the room
    /// comes back in a new epoch and the session pushes its state again (invariant 7). Only
    /// `PUT /room` makes rooms, with the room's verifier (C10).
    public var recreatesMissingRoom = false

    private let inbox = EventInbox()
    private var reader: Task<Void, Never>?
    private var isClosed = false
    private var isRecreatingRoom = false

    /// Runs `drain` on the main thread soon; called from the reader's thread.
    public typealias Wake = @Sendable (_ drain: @escaping @Sendable () -> Void) -> Void

    public init(link: any RelayLink, bridge: CollabDocumentBridge, wake: @escaping Wake) {
        self.link = link
        self.bridge = bridge
        bridge.send = { [link] messages in
            for message in messages { link.send(message) }
        }
        bridge.uploadBlob = { [link] _, data in
            // The op naming the image goes out at once; others ask again until the blob is there.
            Task { _ = try? await link.putBlob(data) }
        }
        bridge.requestBlob = { [weak self, link] hash in
            Task { @MainActor [weak self] in
                do {
                    let data = try await link.blob(hash)
                    self?.bridge.receiveBlob(hash, data: data)
                } catch {
                    // Not uploaded yet, or the relay is away: ask again a little later.
                    try? await Task.sleep(for: .seconds(1))
                    self?.bridge.blobUnavailable(hash)
                    if let self, !self.isClosed { self.bridge.showRoom() }
                }
            }
        }
        let previousPresence = bridge.onPresenceChange
        bridge.onPresenceChange = { [weak self] in
            previousPresence?()
            self?.onStatusChange?()
        }
        let inbox = inbox
        let events = link.events
        reader = Task.detached { [weak self] in
            for await event in events {
                guard inbox.append(event) else { continue }
                let drain: @Sendable () -> Void = { [weak self] in
                    MainActor.assumeIsolated { self?.drain() }
                }
                wake(drain)
            }
        }
    }

    /// Events the reader has taken from the link that the next drain will apply, so a test can
    /// wait until a batch has arrived instead of sleeping.
    var queuedEventCount: Int { inbox.count }

    /// My edits not yet acknowledged (what "offline, N edits waiting" counts).
    public var pendingCount: Int { bridge.session.pending.count }

    /// Takes every event that arrived, in order: ops in one batch, one rebuild at the end.
    public func drain() {
        guard !isClosed else { return }
        let (events, oldest) = inbox.takeAll()
        if let oldest { lastDeliveryLag = ContinuousClock.now - oldest }
        var batch = [RelayMessage]()
        var statusChanged = false
        for event in events {
            switch event {
            case .received(.error(let error)) where error.code == .badRoom && (recreatesMissingRoom || bridge.session.epoch != nil):
                flush(&batch)
                recreateRoom(after: error)
            case .received(let message):
                batch.append(message)
            case .connected:
                flush(&batch)
                bridge.send(bridge.connected())
                status = .connecting
                statusChanged = true
            case .disconnected(let reason):
                flush(&batch)
                bridge.disconnected()
                status = .offline(reason: reason)
                statusChanged = true
            }
        }
        if !batch.isEmpty {
            let welcomed = batch.contains { if case .welcome = $0 { true } else { false } }
            flush(&batch)
            if welcomed, bridge.session.isLive {
                status = .connected
                statusChanged = true
            }
            // Acknowledgements change the waiting count.
            statusChanged = true
        }
        if statusChanged { onStatusChange?() }
    }

    /// Ends the connection (the window closes). The outbox is already on disk: each push is
    /// journaled before it is sent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        link.close()
        reader?.cancel()
        bridge.detach()
    }

    /// Makes the room on the relay, then says hello again on the same connection (the relay keeps
    /// a connection open after refusing its hello): the welcome comes, and my pending pushes —
    /// the document as idempotent adds — fill the new room.
    private func recreateRoom(after refusal: RelayError) {
        guard !isRecreatingRoom else { return }
        isRecreatingRoom = true
        let link = link
        let registration = bridge.session.credentials.registration
        Task { @MainActor [weak self] in
            let failure: String?
            do {
                try await link.createRoom(registration)
                failure = nil
            } catch {
                failure = String(describing: error)
            }
            guard let self, !isClosed else { return }
            isRecreatingRoom = false
            if let failure {
                bridge.onMessage?(refusal.sentence + " " + failure)
            } else if status == .connecting {
                // Still on the connection that was refused (when it dropped meanwhile, the next
                // connection's hello finds the room).
                bridge.send(bridge.connected())
            }
        }
    }

    private func flush(_ batch: inout [RelayMessage]) {
        guard !batch.isEmpty else { return }
        bridge.receive(batch)
        batch.removeAll()
    }
}

/// Events handed from the reader's thread to the main thread.
private final class EventInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [RelayLinkEvent] = []
    private var oldest: ContinuousClock.Instant?

    /// Adds an event; true when the inbox was empty (the main thread needs waking).
    func append(_ event: RelayLinkEvent) -> Bool {
        lock.withLock {
            events.append(event)
            if oldest == nil {
                oldest = .now
                return true
            }
            return false
        }
    }

    var count: Int { lock.withLock { events.count } }

    func takeAll() -> ([RelayLinkEvent], ContinuousClock.Instant?) {
        lock.withLock {
            defer {
                events.removeAll()
                oldest = nil
            }
            return (events, oldest)
        }
    }
}
