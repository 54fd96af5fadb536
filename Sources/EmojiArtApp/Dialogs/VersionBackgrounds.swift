import EmojiArtCore
import EmojiArtRender

/// The backgrounds of the versions Browse Versions… shows, each loaded once however many versions
/// share it (an embedded image is stored once by its hash, so most do): embedded ones decoded, web
/// ones fetched as the canvas fetches them, and the window's own background reused as it is. A
/// background that cannot be loaded is left out of every picture that has it, tried once.
@MainActor
final class VersionBackgrounds {
    private var loads: [Background: Task<BackgroundImage?, Never>] = [:]

    /// `current`: the background the window shows now, with its image.
    init(current: Background, image: BackgroundImage?) {
        if let image { loads[current] = Task { image } }
    }

    /// The image of `model`'s background, nil when it is blank or cannot be loaded. A shared
    /// document's `file://` background is never read, as in its window.
    func image(for model: EmojiArtModel) async -> BackgroundImage? {
        let background = model.background
        guard background != .blank else { return nil }
        if let load = loads[background] { return await load.value }
        let inRoom = model.collab != nil
        let load = Task.detached {
            try? await BackgroundImage.load(background, fetcher: .live(), resolution: .display, inRoom: inRoom)
        }
        loads[background] = load
        return await load.value
    }

    /// Stops the loads under way (the panel closed).
    func cancel() {
        for load in loads.values { load.cancel() }
    }
}
