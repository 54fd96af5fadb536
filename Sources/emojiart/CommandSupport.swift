import ArgumentParser
import EmojiArtCore
import Foundation

/// Writes one line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Reads the document at `path`, or prints why it cannot be read and exits with status 1 —
/// the status every headless command gives a bad document.
func readDocumentOrExit(_ path: String) throws -> EmojiArtModel {
    do {
        return try DocumentFile.read(from: URL(fileURLWithPath: path))
    } catch {
        printError("emojiart: \(error)")
        throw ExitCode(1)
    }
}
