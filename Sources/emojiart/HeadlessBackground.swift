import EmojiArtCore
import EmojiArtRender
import Foundation

/// Loads a document's background for headless rendering with the same limits as the app (B6).
enum HeadlessBackground {
    /// Export draws the background at its own resolution up to this long edge (the app's display
    /// copy stops at 4096 px): 16384 px × 4 bytes stays far below the 1 GB memory budget (B6).
    static let maximumLongEdge = 16_384

    static func load(_ background: Background, offline: Bool) throws -> BackgroundImage? {
        switch background {
        case .blank:
            return nil
        case .imageData(let data):
            // The same header check as the app's (B6): gdk-pixbuf allocates the full pixel
            // buffer of some formats before scaling, so too many pixels are refused first.
            do {
                _ = try ImageHeader.validated(data)
            } catch {
                throw HeadlessBackgroundError(description: "Couldn't show the document's embedded image: \(error)")
            }
            return try DecodedImage(data: data, maximumLongEdge: maximumLongEdge).makeBackgroundImage()
        case .url(let url):
            if offline && !url.isFileURL { return nil }
            let data: Data
            do {
                data = try waitFor { try await ImageFetcher.live().fetch(url) }
            } catch let error as ImageFetchError {
                throw HeadlessBackgroundError(description: error.message(for: url))
            }
            return try DecodedImage(data: data, maximumLongEdge: maximumLongEdge).makeBackgroundImage()
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
