import ArgumentParser
import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import Foundation

/// Runs async work from a synchronous command (through `waitFor`), printing a failure as a
/// sentence and exiting with status 1.
func runBlocking(_ body: @escaping @Sendable () async throws -> Void) throws {
    do {
        try waitFor(body)
    } catch let exit as ExitCode {
        throw exit
    } catch {
        printError("emojiart: \(error)")
        throw ExitCode(1)
    }
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
