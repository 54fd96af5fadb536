import CGtk
import EmojiArtCore
import EmojiArtRender

extension CanvasView {
    /// Hands the loader's news to the interaction core, which decides what it means (B2–B5).
    func backgroundLoaderDidChange() {
        guard !isClosed else { return }
        apply(
            interaction.backgroundLoaderChanged(
                status: backgroundLoader.status, frame: backgroundImage?.frame,
                embeddedImageError: backgroundLoader.embeddedImageError))
        updateHint()
    }

    /// The spinner while fetching (B2) and the failure with Retry (B4), as the core has them.
    func showBackgroundStatus() {
        let isFetching: gboolean = interaction.isFetchingBackground ? 1 : 0
        gtk_widget_set_visible(spinner, isFetching)
        gtk_spinner_set_spinning(cast(spinner), isFetching)
        onBackgroundFailure?(interaction.backgroundFailure)
    }
}
