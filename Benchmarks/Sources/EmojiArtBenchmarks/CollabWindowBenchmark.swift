import CBenchmarkPangoCairo
import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import Foundation

/// The window's part of a remote edit: Bob is what a shared window holds — an `EmojiArtDocument`,
/// its `CollabDocumentBridge` and `RoomConnection` — woken as `MainLoopWake` wakes the app, by a
/// GLib idle source at high-idle priority on the main thread inside `g_main_loop_run`. Nothing
/// else is in that loop (no GTK, no drawing), so this is the floor of the window's part: the hop
/// from the link's reader to the main thread, and the document rebuilt from the room's state.
enum CollabWindowBenchmark {
    struct Samples {
        /// From Ann's edit to Bob's document holding it, in ms.
        var toDocument: [Double] = []
        /// `RoomConnection.lastDeliveryLag` of the drain that applied it: reader → main thread.
        var deliveryLag: [Double] = []
    }

    static func measure(server: String, edits: Int) async throws -> Samples {
        let (address, key) = try await CollabBenchmarks.newRoom(on: server)
        let ann = try CollabPeer(address: address, key: key, seed: 5)
        defer { ann.close() }
        try await ann.settle("Ann is live")
        let cid = try ann.addEmoji("🎸")

        let loop = MainLoop()
        let window = try await MainActor.run { try BenchWindow(address: address, key: key) }
        let driver = Task.detached { () async throws -> Samples in
            defer { loop.quit() }
            _ = try await window.arm(x: 0).instant(awaiting: "Bob's document has Ann's emoji")
            var samples = Samples()
            for index in 0..<(CollabBenchmarks.warmUp + edits) {
                let x = Double(index + 1)
                let arrival = window.arm(x: x)
                let start = ContinuousClock.now
                try ann.perform { try $0.setFields([(cid, .x(x))], named: "Move") }
                let at = try await arrival.instant(awaiting: "Bob's document applied edit \(index)")
                guard index >= CollabBenchmarks.warmUp else { continue }
                samples.toDocument.append((at - start).milliseconds)
                samples.deliveryLag.append(window.lastLag.milliseconds)
            }
            return samples
        }
        await MainActor.run { loop.run() }
        await MainActor.run { window.close() }
        return try await driver.value
    }
}

/// A shared window without GTK: the document, bridge and connection the app makes.
@MainActor
private final class BenchWindow: Sendable {
    private let document = EmojiArtDocument()
    private let connection: RoomConnection
    private let watch = WindowWatch()

    init(address: RoomLink, key: RoomKey) throws {
        let session = try SyncSession(
            room: address.room, journal: InMemoryOutboxJournal(), sealer: AESGCMSealer(key: key), random: SeededRandom(seed: 6))
        let bridge = CollabDocumentBridge(
            document: document, session: session, room: SharedRoom(server: address.server, room: address.room))
        connection = RoomConnection(link: WebSocketRelayLink(address: address), bridge: bridge, wake: glibWake)
        document.onChange = { [unowned self] _ in
            watch.check(x: document.model.emojis.first?.position.x, lag: connection.lastDeliveryLag)
        }
    }

    /// Arrives when the document's emoji is at `x` (any thread).
    nonisolated func arm(x: Double) -> Arrival { watch.arm(x: x) }
    nonisolated var lastLag: Duration { watch.lag }

    func close() {
        connection.close()
    }
}

/// What the driver waits for, set on the main thread: a lock, not the main actor, which is busy
/// running GLib.
private final class WindowWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var watched: (x: Double, arrival: Arrival)?
    private var lastLag = Duration.zero
    private var shownX: Double?

    func arm(x: Double) -> Arrival {
        let arrival = Arrival()
        let holdsNow = lock.withLock {
            if shownX == x { return true }
            watched = (x, arrival)
            return false
        }
        if holdsNow { arrival.arrived(at: .now) }
        return arrival
    }

    func check(x: Double?, lag: Duration) {
        let now = ContinuousClock.now
        let arrival = lock.withLock { () -> Arrival? in
            shownX = x
            guard let watched, watched.x == x else { return nil }
            self.watched = nil
            lastLag = lag
            return watched.arrival
        }
        arrival?.arrived(at: now)
    }

    var lag: Duration { lock.withLock { lastLag } }
}

/// The default GLib main loop, run on the main thread; `quit` may be called from any thread and
/// takes effect once the loop runs (an idle callback), so it is never lost.
private final class MainLoop: @unchecked Sendable {
    private let loop = g_main_loop_new(nil, 0)

    func run() { g_main_loop_run(loop) }

    func quit() {
        g_idle_add(
            { data in
                g_main_loop_quit(OpaquePointer(data))
                return 0
            }, UnsafeMutableRawPointer(loop))
    }

    deinit { g_main_loop_unref(loop) }
}

/// As the app's `MainLoopWake`: one drain per wake, at high-idle priority (above GTK's redraw).
private let glibWake: RoomConnection.Wake = { drain in
    let box = Unmanaged.passRetained(DrainBox(drain)).toOpaque()
    g_idle_add_full(
        G_PRIORITY_HIGH_IDLE,
        { data in
            guard let data else { return 0 }
            Unmanaged<DrainBox>.fromOpaque(data).takeUnretainedValue().drain()
            return 0
        }, box,
        { data in
            guard let data else { return }
            Unmanaged<DrainBox>.fromOpaque(data).release()
        })
}

private final class DrainBox: @unchecked Sendable {
    let drain: @Sendable () -> Void
    init(_ drain: @escaping @Sendable () -> Void) { self.drain = drain }
}
