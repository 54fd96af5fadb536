import EmojiArtCore
import EmojiArtHTTP
import EmojiArtRender
import Foundation

/// Loads a document's background for headless rendering through the app's own path
/// (`BackgroundImage.load`, at export resolution): the same limits (B6) and the same pixels as
/// the app's Export… (E1).
enum HeadlessBackground {
    /// `inRoom`: the document is shared, so a `file://` background names a file on another
    /// computer and fails unread (C7).
    static func load(_ background: Background, offline: Bool, inRoom: Bool) throws -> BackgroundImage? {
        // --offline: no network request; a file:// background is still read (it is local).
        if offline, let url = background.url, !url.isFileURL { return nil }
        do {
            return try waitFor { try await BackgroundImage.load(background, fetcher: .live(), resolution: .export, inRoom: inRoom) }
        } catch {
            throw HeadlessBackgroundError(description: background.loadFailureMessage(error))
        }
    }

    /// A background that could not be loaded, as the sentence `render` prints.
    struct HeadlessBackgroundError: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `work` on the global executor and waits for it: the command line has nothing else to
    /// do meanwhile, and its `run()` is synchronous.
    private static func waitFor<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let box = ResultBox<Value>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }
}

/// Carries a result from the detached task to the waiting thread; the semaphore orders the access.
private final class ResultBox<Value>: @unchecked Sendable {
    var result: Result<Value, any Error>?
}
