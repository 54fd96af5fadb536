import CGtk
import EmojiArtCore
import EmojiArtRender

extension CanvasView {
    /// Shows what the loader has: the spinner while fetching (B2), the image once it arrives —
    /// fitted or not as the interaction core decides (B5) — and a message with Retry when it
    /// failed (B4).
    func backgroundLoaderDidChange() {
        guard !isClosed else { return }
        let status = backgroundLoader.status
        gtk_widget_set_visible(spinner, status.isFetching ? 1 : 0)
        gtk_spinner_set_spinning(cast(spinner), status.isFetching ? 1 : 0)
        apply { $0.backgroundArrived(frame: backgroundImage?.frame) }
        if let message = status.failureMessage {
            interact { $0.backgroundFailed() }
            onBackgroundFailure?(message)
        } else if let error = backgroundLoader.embeddedImageError {
            onMessage?(localized("The document’s background image cannot be shown: {reason}.", ["reason": "\(error)"]))
        } else {
            onBackgroundFailure?(nil)
        }
        updateHint()
        apply(.redraw)
    }

    /// Loads the current background again (the failure message's Retry, B4).
    func retryBackground() {
        interact { _ = $0.retryBackground() }
        backgroundLoader.retry()
    }
}
