import Foundation

/// Turns a document's background into an image for one window, without blocking the main
/// thread (SPEC B1–B4). Generic over the image type so Core stays free of GTK: the app passes
/// a gdk-pixbuf decoder, tests pass a closure.
///
/// Fetching and decoding run off the main actor; their result is applied on it, and only if
/// its background is still the current one (B3). Call `load(_:)` when the document's background
/// changes, `retry()` from the failure message (B4), and `cancel()` when the window closes.
/// The loader's task holds it weakly, so a closed window's loader is freed even while a fetch
/// is still running.
@MainActor
public final class BackgroundLoader<Image: Sendable> {
    /// The image to draw, or nil (blank, still loading, or failed).
    public private(set) var image: Image?
    /// Where fetching a URL background stands; embedded backgrounds leave it idle.
    public private(set) var status: FetchStatus = .idle
    /// Why an embedded background (SPEC D3) cannot be shown: `.notAnImage` (the decoder refused
    /// it) or `.tooManyPixels`; nil otherwise. Kept out of `status`, whose failure names a URL
    /// and offers a retry (B4) — retrying bytes stored in the document cannot help.
    public private(set) var embeddedImageError: ImageFetchError?
    /// The background last passed to `load(_:)`.
    public private(set) var background: Background = .blank
    /// Whether that background is a shared document's (its `file://` address is never read, C7).
    public private(set) var isInRoom = false
    /// Called on the main actor after `image`, `status` or `embeddedImageError` changed.
    public var onChange: (@MainActor () -> Void)?

    private let fetcher: ImageFetcher
    private let limits: FetchLimits
    private let decode: @Sendable (Data) throws -> Image
    /// Counts loads; a result is applied only while its load is the latest (B3).
    private var generation = 0
    private var running: RunningLoad?

    /// The load in progress, so tests can wait for it to be applied.
    var loadingTask: Task<Void, Never>? { running?.applying }

    /// - Parameters:
    ///   - fetcher: gets the bytes of URL backgrounds (`ImageFetcher.live` in the app).
    ///   - limits: the pixel limit for embedded images (the fetcher applies its own to URLs).
    ///   - decode: turns image bytes into an `Image`; runs off the main thread. A thrown error
    ///     means the bytes are not an image it can read.
    public init(
        fetcher: ImageFetcher, limits: FetchLimits = .standard,
        decode: @escaping @Sendable (Data) throws -> Image
    ) {
        self.fetcher = fetcher
        self.limits = limits
        self.decode = decode
    }

    deinit {
        running?.cancel()
    }

    /// Shows `background`: drops the current image, cancels any load still running (B3), and
    /// starts over. A URL sets `status` to fetching until its image arrives or fails. `inRoom`:
    /// the document belongs to a room, so a `file://` address fails without being read (C7).
    public func load(_ background: Background, inRoom: Bool = false) {
        running?.cancel()
        running = nil
        generation += 1
        self.background = background
        isInRoom = inRoom
        image = nil
        embeddedImageError = nil
        switch background {
        case .blank:
            status = .idle
        case .imageData:
            status = .idle
            start(loading: background)
        case .url(let url):
            status = .fetching(url)
            start(loading: background)
        }
        onChange?()
    }

    /// Loads the current background again, e.g. after a failure (B4).
    public func retry() {
        load(background, inRoom: isInRoom)
    }

    /// Stops loading for good, e.g. when the window closes (B3): the running fetch is cancelled
    /// and its result will be ignored. A fetching status becomes idle; the image is kept.
    /// Does not call `onChange`: the caller knows, and a closing window must not redraw.
    public func cancel() {
        running?.cancel()
        running = nil
        generation += 1
        if status.isFetching { status = .idle }
    }

    private func start(loading background: Background) {
        let generation = generation
        let work: @Sendable () async -> Outcome = { [fetcher, limits, decode, isInRoom] in
            await Self.outcome(loading: background, inRoom: isInRoom, fetcher: fetcher, limits: limits, decode: decode)
        }
        // Detached, so neither the fetch nor the decode runs on the main actor, whatever
        // isolation the fetcher's closure would inherit; started here, so it runs even while
        // the main actor is busy.
        let worker = Task.detached(priority: .userInitiated, operation: work)
        // Weak: a task holding the loader would keep a closed window's loader alive until its
        // fetch ends (up to the 30 s deadline).
        let applying = Task { [weak self] in
            let outcome = await worker.value
            self?.apply(outcome, generation: generation)
        }
        running = RunningLoad(worker: worker, applying: applying)
    }

    private func apply(_ outcome: Outcome, generation: Int) {
        // B3: a result for an older background is ignored, even one that arrives after its
        // task was cancelled (cancellation can lose the race with a finishing fetch).
        guard generation == self.generation else { return }
        running = nil
        switch outcome {
        case .loaded(let image):
            self.image = image
            status = .idle
        case .failed(let error):
            image = nil
            if case .url(let url) = background {
                status = .failed(url: url, error: error)
            } else {
                embeddedImageError = error
            }
        case .cancelled:
            // The fetcher gave up by itself; nothing is loading any more.
            status = .idle
        }
        onChange?()
    }

    /// A load's two tasks: the worker fetching and decoding off the main actor, and the task
    /// on the main actor that waits for it and applies its result.
    private struct RunningLoad: Sendable {
        let worker: Task<Outcome, Never>
        let applying: Task<Void, Never>

        /// Cancels the worker directly, so the fetch stops even while the main actor is busy.
        func cancel() {
            worker.cancel()
            applying.cancel()
        }
    }

    private enum Outcome: Sendable {
        case loaded(Image)
        case failed(ImageFetchError)
        case cancelled
    }

    private nonisolated static func outcome(
        loading background: Background, inRoom: Bool, fetcher: ImageFetcher, limits: FetchLimits,
        decode: @Sendable (Data) throws -> Image
    ) async -> Outcome {
        let data: Data
        do {
            guard let bytes = try await BackgroundBytes.load(background, fetcher: fetcher, limits: limits, inRoom: inRoom) else {
                return .cancelled
            }
            data = bytes
        } catch {
            return outcome(for: error, url: background.url)
        }
        do {
            return .loaded(try decode(data))
        } catch {
            return .failed(.notAnImage)
        }
    }

    private nonisolated static func outcome(for error: any Error, url: URL?) -> Outcome {
        switch error {
        case is CancellationError:
            return .cancelled
        case let error as ImageFetchError:
            return .failed(error)
        default:
            let host = url.flatMap { $0.host(percentEncoded: false) } ?? url?.absoluteString ?? ""
            return .failed(.unreachable(host: host, reason: localized("the transfer failed ({reason})", ["reason": "\(error)"])))
        }
    }
}
