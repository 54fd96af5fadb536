import EmojiArtCore
import Foundation

/// Decodes the documents named on the command line on a thread of its own while GTK starts
/// (issue 12): on two cores the decode of a 100,000-emoji file (~100 ms) then overlaps GTK's and
/// libadwaita's start-up instead of following it. The window asks for its document with `take`,
/// which waits for that file's decode if it is still running; a file that was not prefetched
/// (opened later, or named differently by GApplication) is read as before.
final class DocumentPrefetch: @unchecked Sendable {
    /// The launch's prefetch; empty unless `start` was called.
    static let shared = DocumentPrefetch()

    /// Guards `pending` and `results`; signalled whenever a decode finishes.
    private let condition = NSCondition()
    private var pending: Set<String> = []
    private var results: [String: Result<EmojiArtModel, any Error>] = [:]

    /// Starts decoding the documents at `paths` (absolute, standardized), one after another in
    /// command-line order, on a background thread.
    func start(paths: [String]) {
        guard !paths.isEmpty else { return }
        condition.lock()
        pending.formUnion(paths)
        condition.unlock()
        Thread.detachNewThread { [self] in
            for path in paths {
                let result = Result { try DocumentFile.read(from: URL(fileURLWithPath: path)) }
                if case .success(let model) = result {
                    LaunchTrace.mark("document-decoded", ["emojis": model.emojis.count])
                }
                condition.lock()
                pending.remove(path)
                results[path] = result
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// The prefetched outcome of decoding `file` — waiting for it when its decode is running —
    /// or nil when it was never prefetched. Each result is handed out once.
    func take(_ file: URL) -> Result<EmojiArtModel, any Error>? {
        let path = file.standardizedFileURL.path
        condition.lock()
        defer { condition.unlock() }
        while pending.contains(path) { condition.wait() }
        return results.removeValue(forKey: path)
    }
}
