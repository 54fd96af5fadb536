import ArgumentParser
import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import Foundation

/// Runs async work from a synchronous command (the root command stays synchronous: `open` needs
/// the main thread for GTK), printing a failure as a sentence and exiting with status 1.
func runBlocking(_ body: @escaping @Sendable () async throws -> Void) throws {
    let outcome = BlockingOutcome()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do {
            try await body()
        } catch {
            outcome.set(error)
        }
        done.signal()
    }
    done.wait()
    if let error = outcome.error {
        if error is ExitCode { throw error }
        printError("emojiart: \(error)")
        throw ExitCode(1)
    }
}

private final class BlockingOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?
    var error: (any Error)? { lock.withLock { stored } }
    func set(_ error: any Error) { lock.withLock { stored = error } }
}

/// What a headless command tells the person when the relay refused or a payload failed.
struct CollabCommandError: Error, CustomStringConvertible {
    var description: String
}

extension SyncSession {
    /// The document this replica shows, with its room (and the images it has).
    func document(ids: inout LocalEmojiIDs, room: SharedRoom, images: [String: Data]) -> EmojiArtModel {
        shown.model(ids: &ids, room: room, imageData: { images[$0] })
    }
}
