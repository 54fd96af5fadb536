import Foundation
@testable import EmojiArtCore

/// A fresh folder for one test. Swift Testing runs tests in parallel in one process, so no two
/// tests may share a folder; each test makes its own and removes it when done. The path has its
/// links resolved (macOS keeps temporary folders behind /var → /private/var).
@discardableResult
func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let requested = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        .appendingPathComponent("emojiart-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: requested, withIntermediateDirectories: true)
    let directory = URL(
        fileURLWithPath: try PathResolution.resolvingSymlinks(requested.path), isDirectory: true)
    defer {
        // A test may have made it read-only; make it removable again.
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        try? FileManager.default.removeItem(at: directory)
    }
    return try body(directory)
}

/// The permission bits of the file at `url` (links followed).
func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// The names in `directory`, sorted.
func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}
