import EmojiArtCore
import Foundation

/// Decodes the documents named on the command line on a thread of its own while GTK starts:
/// on two cores the decode of a 100,000-emoji file (~100 ms) then overlaps GTK's and
/// libadwaita's start-up instead of following it. The window asks for its document with `take`,
/// which waits for that file's decode if it is still running; a file that was not prefetched
/// (opened later, or named differently by GApplication) is read when the window asks for it.
///
/// Once the files are decoded the same thread decodes their emojis' glyphs, paints each
/// document's first frame at the size its canvas is expected to have and makes the rasters that
/// frame paints (`PreparedRasters`), through the viewport its window will open with, while GTK is
/// still starting; the window adopts what is ready at its first draw and never waits.
public final class DocumentPrefetch: @unchecked Sendable {
    /// The launch's prefetch; empty unless `start` was called.
    public static let shared = DocumentPrefetch()

    /// Guards `pending` and `results`; signalled whenever a decode finishes.
    private let condition = NSCondition()
    private var pending: Set<String> = []
    private var results: [String: Result<EmojiArtModel, any Error>] = [:]
    /// What is prepared so far for each document, until its window takes it.
    private var preparedRasters: [String: PreparedRasters] = [:]
    /// Documents whose window took their rasters: preparing them stops.
    private var taken: Set<String> = []

    /// How a document's window is expected to open: its size when it has no saved state, and
    /// how much narrower and lower than the window its canvas is (the App's window knows both).
    public struct WindowGeometry: Sendable {
        public var defaultSize: ViewSize
        public var canvasInset: ViewSize

        public init(defaultSize: ViewSize, canvasInset: ViewSize) {
            self.defaultSize = defaultSize
            self.canvasInset = canvasInset
        }
    }

    /// Starts decoding the documents at `paths` (absolute, standardized), one after another in
    /// command-line order, on a background thread, then preparing their first frames' rasters
    /// (their zoom read from the window states in `stateDirectory`, in windows of `geometry`).
    public func start(paths: [String], stateDirectory: URL, geometry: WindowGeometry) {
        guard !paths.isEmpty else { return }
        condition.lock()
        pending.formUnion(paths)
        condition.unlock()
        Thread.detachNewThread { [self] in
            var decoded: [(path: String, model: EmojiArtModel)] = []
            for path in paths {
                let result = Result { try DocumentFile.read(from: URL(fileURLWithPath: path)) }
                if case .success(let model) = result {
                    LaunchTrace.mark("document-decoded", ["emojis": model.emojis.count])
                    decoded.append((path, model))
                }
                condition.lock()
                pending.remove(path)
                results[path] = result
                condition.broadcast()
                condition.unlock()
            }
            // The rasters are a head start the window never waits for: at nice 5 (this thread
            // alone on Linux) GTK's start-up on the main thread and the display server take the
            // cores first, and the rasters are made in the time they leave — yet before the
            // palette strip's pictures (nice 10). user3k's first frame: 1.26–1.41× the bare
            // window over four launch benchmarks, from 1.34–1.45× (alternating runs).
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 5)
            let windowStates = WindowStateStore(stateDirectory: stateDirectory)
            for (path, model) in decoded where !model.emojis.isEmpty {
                let (viewport, windowSize) = Self.openingView(of: path, in: windowStates, defaultSize: geometry.defaultSize)
                let publish = { [self] (prepared: PreparedRasters) -> Bool in
                    condition.withLock {
                        guard !taken.contains(path) else { return false }
                        preparedRasters[path] = prepared
                        return true
                    }
                }
                // Planned at the window's size: the canvas within it shows a little less.
                let prepared = PreparedRasters(
                    for: model, viewport: viewport, viewSize: windowSize, deviceScale: Self.expectedDeviceScale,
                    canvasSize: Self.expectedCanvasSize(in: windowSize, inset: geometry.canvasInset), progress: publish)
                if publish(prepared) { LaunchTrace.mark("rasters-prepared", ["rasters": prepared.count]) }
            }
            // The first frame paints in two bands on Dispatch's worker threads
            // (`DocumentRenderer.drawDirectly`): starting them here, not in that frame, took ~1 ms
            // off the 10k art's first draw (10 alternating launches, medians 11.7 → 10.3 ms).
            if !decoded.isEmpty { DispatchQueue.concurrentPerform(iterations: 2) { _ in } }
        }
    }

    /// The viewport the document's window opens with — its saved state's, else a new one's — and
    /// the window's size. The file is only read: a damaged one is the window's to set aside and
    /// report.
    private static func openingView(
        of path: String, in windowStates: WindowStateStore, defaultSize: ViewSize
    ) -> (viewport: Viewport, windowSize: ViewSize) {
        let documentURL = URL(fileURLWithPath: path)
        let stateFile = windowStates.stateFileURL(for: documentURL)
        let state = (try? AtomicFile.read(stateFile, maxBytes: WindowStateStore.maximumFileBytes)).flatMap {
            WindowStateStore.state(fromFileContents: $0, documentPath: WindowStateStore.canonicalPath(of: documentURL))
        }
        let opening = WindowOpening(remembered: state)
        return (opening.firstViewport, opening.windowSize ?? defaultSize)
    }

    /// The size of the canvas in a window of `windowSize`, as GTK is expected to lay it out.
    private static func expectedCanvasSize(in windowSize: ViewSize, inset: ViewSize) -> ViewSize {
        ViewSize(width: windowSize.width - inset.width, height: windowSize.height - inset.height)
    }

    /// The screen's device pixels per point as GTK will see it before any window exists: the
    /// integer GDK_SCALE when set, else 1. A wrong guess costs only rasters the frame won't use.
    private static var expectedDeviceScale: Double {
        guard let value = ProcessInfo.processInfo.environment["GDK_SCALE"], let scale = Int(value), scale >= 1 else { return 1 }
        return Double(scale)
    }

    /// The rasters prepared so far for `file`'s first frame, without waiting; preparing stops
    /// there (the window's raster workshop makes the rest). Handed out once.
    public func takePreparedRasters(for file: URL) -> PreparedRasters? {
        let path = file.standardizedFileURL.path
        condition.lock()
        defer { condition.unlock() }
        taken.insert(path)
        let prepared = preparedRasters.removeValue(forKey: path)
        if let prepared { LaunchTrace.mark("prepared-rasters-taken", ["rasters": prepared.count]) }
        return prepared
    }

    /// The prefetched outcome of decoding `file` — waiting for it when its decode is running —
    /// or nil when it was never prefetched. Each result is handed out once.
    public func take(_ file: URL) -> Result<EmojiArtModel, any Error>? {
        let path = file.standardizedFileURL.path
        condition.lock()
        defer { condition.unlock() }
        while pending.contains(path) { condition.wait() }
        return results.removeValue(forKey: path)
    }
}
