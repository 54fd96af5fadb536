import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh folder for one test, removed when `body` returns. Swift Testing runs tests in
/// parallel in one process, so no two tests may share a folder. The path has its links resolved
/// (macOS keeps temporary folders behind /var → /private/var), so it compares equal to the paths
/// the code under test resolves.
@discardableResult
public func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let directory = try makeTemporaryDirectory()
    defer { removeTemporaryDirectory(directory) }
    return try body(directory)
}

/// The same for a body that awaits.
@discardableResult
public func withTemporaryDirectory<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> Result
) async throws -> Result {
    let directory = try makeTemporaryDirectory()
    defer { removeTemporaryDirectory(directory) }
    return try await body(directory)
}

private func makeTemporaryDirectory() throws -> URL {
    let requested = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        .appendingPathComponent("emojiart-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: requested, withIntermediateDirectories: true)
    guard let resolved = realpath(requested.path, nil) else { return requested }
    defer { free(resolved) }
    return URL(fileURLWithPath: String(cString: resolved), isDirectory: true)
}

private func removeTemporaryDirectory(_ directory: URL) {
    // A test may have made it read-only; make it removable again.
    try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
    try? FileManager.default.removeItem(at: directory)
}
