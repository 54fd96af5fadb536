import CGtk
import EmojiArtCollab

/// Wakes the GTK main loop for a shared window's `RoomConnection` (COLLAB "Traps"): a GLib
/// idle source at high-idle priority (100), above GTK's redraw (120), so ops that arrived are
/// applied before the next frame is drawn, one drain per wake. `g_idle_add_full` may be called
/// from the link's reader thread.
enum MainLoopWake {
    static let wake: RoomConnection.Wake = { drain in
        let box = Unmanaged.passRetained(ClosureBox(drain)).toOpaque()
        g_idle_add_full(G_PRIORITY_HIGH_IDLE, wakeTrampoline, box, releaseWake)
    }
}

private typealias Drain = @Sendable () -> Void

private let wakeTrampoline: GSourceFunc = { data in
    guard let data else { return 0 }
    Unmanaged<ClosureBox<Drain>>.fromOpaque(data).takeUnretainedValue().function()
    return 0  // G_SOURCE_REMOVE: one drain per wake
}

private let releaseWake: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<ClosureBox<Drain>>.fromOpaque(data).release()
}
