import CGtk
import EmojiArtCore
import Foundation

extension DocumentWindow {
    /// Window state is written this long after the last change (W4 asks for ~2 s at most).
    static let stateSaveDelay = Duration.seconds(1)

    /// Brings back the document's zoom, pan, palette and window size (W4, the original's
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
            windowWidth: width > 0 ? Int(width) : nil, windowHeight: height > 0 ? Int(height) : nil)
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
