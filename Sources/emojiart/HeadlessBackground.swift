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
            return try DecodedImage(data: data, maximumLongEdge: maximumLongEdge).makeBackgroundImage()
        case .url(let url):
            if offline && !url.isFileURL { return nil }
            let data = try waitFor { try await ImageFetcher.live().fetch(url) }
            return try DecodedImage(data: data, maximumLongEdge: maximumLongEdge).makeBackgroundImage()
        }
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
