import CGtk
import EmojiArtCore
import Foundation

extension DocumentWindow {
    /// Window state is written this long after the last change (W4 asks for ~2 s at most).
    static let stateSaveDelay = Duration.seconds(1)

    /// Brings back the document's zoom, pan, palette, window size and maximized state (W4, the original's
    /// SceneStorage); a reopened document keeps them instead of zooming to fit (B5).
    func restoreWindowState() {
        let opening = WindowOpening(remembered: application.windowStates.state(for: session.location.url))
        switch opening.view {
        case .remembered(let viewport): canvas.apply(canvas.interaction.restore(viewport: viewport))
        case .fitBackgroundWhenItArrives: canvas.apply(canvas.interaction.fitBackgroundWhenItArrives())
        }
        if let paletteID = opening.paletteID { paletteBar.restorePalette(withID: paletteID) }
        if let size = opening.windowSize {
            gtk_window_set_default_size(cast(window), Int32(size.width), Int32(size.height))
        }
        maximizesWhenMapped = opening.isMaximized
    }

    /// Maximizes the window once its surface is on screen. Asked before, weston answers the
    /// first configure with a maximized size of 0 × 0 and then ends the app with a protocol error
    /// because the window kept its own size.
    func maximizeOnceMapped() {
        guard let surface = gtk_native_get_surface(opaque(window)) else { return }
        let maximize = { [unowned self] in
            guard maximizesWhenMapped, !isClosed, gdk_surface_get_mapped(surface) != 0 else { return }
            maximizesWhenMapped = false
            gtk_window_maximize(cast(window))
        }
        maximize()
        if maximizesWhenMapped { connect(surface, .notifyMapped) { _ in maximize() } }
    }

    func scheduleStateSave() {
        stateSave.schedule()
    }

    func saveWindowStateNow() {
        stateSave.cancel()
        guard !isClosed else { return }  // its size can no longer be read
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(cast(window), &width, &height)
        let viewport = canvas.viewport
        let state = WindowState(
            zoom: viewport.zoom, panX: viewport.pan.dx, panY: viewport.pan.dy, paletteID: paletteBar.paletteID,
            windowWidth: width > 0 ? Int(width) : nil, windowHeight: height > 0 ? Int(height) : nil,
            isMaximized: gtk_window_is_maximized(cast(window)) != 0)
        let store = application.windowStates
        let url = session.location.url
        // A window state that cannot be written costs a zoom and a pan at the next open, not a
        // document: logged, not shown (a full disk already shows the document's own save error).
        Task.detached {
            do {
                try store.save(state, for: url)
            } catch {
                FileHandle.standardError.write(Data("emojiart: the window state of \(url.path) was not saved: \(error)\n".utf8))
            }
        }
    }
}
