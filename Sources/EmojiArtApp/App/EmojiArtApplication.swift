import CGtk
import EmojiArtCore
import Foundation

/// The running application: owns the AdwApplication, the shared palette store and one
/// `DocumentWindow` per open document.
@MainActor
final class EmojiArtApplication {
    let application: UnsafeMutablePointer<AdwApplication>
    let palettes: PaletteStore
    private var windows: [DocumentWindow] = []

    init(storage: StorageLocations) {
        application = adw_application_new(ApplicationLauncher.applicationID, G_APPLICATION_HANDLES_OPEN)
        palettes = PaletteStore(dataDirectory: storage.dataDirectory)
        AtomicFile.removeStaleTemporaryFiles(in: storage.dataDirectory)
        onSignal(application, "activate") { [unowned self] in
            openWindow(for: nil)
        }
        onOpenSignal(application) { [unowned self] paths in
            for path in paths { openWindow(for: URL(fileURLWithPath: path)) }
        }
        onSignal(application, "startup") { [unowned self] in
            ApplicationStyle.install()
            installAccelerators()
        }
    }

    func run(arguments: [String]) -> Int32 {
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        let status = cStrings.withUnsafeMutableBufferPointer { buffer in
            g_application_run(cast(application), Int32(buffer.count), buffer.baseAddress)
        }
        windows.removeAll()
        g_object_unref(application)
        return status
    }

    /// Opens `file` in a window of its own, or an untitled document with nil. A file already
    /// open is brought to the front instead.
    func openWindow(for file: URL?) {
        if let file, let existing = windows.first(where: { $0.fileURL?.standardizedFileURL == file.standardizedFileURL }) {
            existing.present()
            return
        }
        let document: EmojiArtDocument
        if let file {
            do {
                document = EmojiArtDocument(model: try DocumentFile.read(from: file))
            } catch {
                showOpenError(error)
                return
            }
        } else {
            document = EmojiArtDocument()
        }
        let window = DocumentWindow(application: self, document: document, fileURL: file)
        windows.append(window)
        window.onClose = { [unowned self, unowned window] in
            windows.removeAll { $0 === window }
        }
        window.present()
    }

    /// Shows why a file could not be opened; the application keeps running (W2).
    private func showOpenError(_ error: any Error) {
        let parent: UnsafeMutablePointer<GtkWindow>? = gtk_application_get_active_window(cast(application))
        let dialog = adw_message_dialog_new(parent, "Couldn’t Open Document", "\(error)")!
        emojiart_message_dialog_add_response(cast(dialog), "close", "Close")
        gtk_window_set_application(cast(dialog), cast(application))
        gtk_window_present(cast(dialog))
    }

    private func installAccelerators() {
        let accelerators: [(action: String, keys: [String])] = [
            ("win.undo", ["<Control>z"]),
            ("win.redo", ["<Control><Shift>z", "<Control>y"]),
            ("win.save", ["<Control>s"]),
            ("win.close", ["<Control>w"]),
            ("win.zoom-fit", ["<Control>0"]),
            ("win.zoom-in", ["<Control>equal", "<Control>plus", "<Control>KP_Add"]),
            ("win.zoom-out", ["<Control>minus", "<Control>KP_Subtract"]),
        ]
        for (action, keys) in accelerators {
            var cKeys: [UnsafePointer<CChar>?] = keys.map { UnsafePointer(strdup($0)) }
            cKeys.append(nil)
            gtk_application_set_accels_for_action(cast(application), action, &cKeys)
            cKeys.forEach { free(UnsafeMutablePointer(mutating: $0)) }
        }
    }
}
