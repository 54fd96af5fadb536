import CGtk
import EmojiArtCore
import Foundation

/// Keeps the palette store in step with other EmojiArt processes (SPEC P5). Without a session bus
/// GApplication runs non-unique, so two `emojiart` processes can each hold the palettes; each
/// watches `palettes.json` and re-reads it when it changes (DESIGN "Process, keys, change
/// notification"). The store tells its observers only when the palettes really differ, so the
/// events caused by this process's own (atomic) writes change nothing.
@MainActor
final class PaletteFileMonitor {
    /// Events come in bursts (an atomic save is a create, a rename and a "changes done" hint);
    /// one reload this long after the last of them is enough.
    private static let reloadDelay = Duration.milliseconds(100)

    private let store: PaletteStore
    /// Held for the application's lifetime, like the store it serves.
    private let monitor: UnsafeMutablePointer<GFileMonitor>
    private lazy var pendingReload = Debouncer(delay: Self.reloadDelay) { [weak self] in
        guard let self, let warning = store.reload() else { return }
        onWarning(warning)
    }
    /// Told when a reload had to set a damaged palettes file aside.
    private let onWarning: (CorruptFileWarning) -> Void

    /// Watches `store.fileURL`, or returns nil when GIO cannot watch it. The file need not exist
    /// yet: a first run writes it only with the first change. GLib keeps watching a file that is
    /// replaced by rename, which is how `AtomicFile` saves it.
    init?(store: PaletteStore, onWarning: @escaping (CorruptFileWarning) -> Void) {
        self.store = store
        self.onWarning = onWarning
        // GLib notices a file in a folder that does not exist yet only by polling, every ~4 s
        // (checked), so a first run creates the folder — private, as XDG asks — before watching.
        _ = g_mkdir_with_parents(store.fileURL.deletingLastPathComponent().path, 0o700)
        let file = g_file_new_for_path(store.fileURL.path)
        defer { g_object_unref(file?.raw) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_file(file, G_FILE_MONITOR_NONE, nil, &error) else {
            g_error_free(error)
            return nil
        }
        self.monitor = monitor
        connect(monitor, .fileMonitorChanged) { [weak self] event in
            // Attribute changes (a chmod, a touch of the access time) leave the palettes alone.
            guard event != G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED else { return }
            self?.scheduleReload()
        }
    }

    private func scheduleReload() {
        pendingReload.schedule()
    }
}
