import Foundation
import Testing

/// A folder of its own for each test of a suite that has the `.scratchFolder` trait, removed when
/// the test ends, also when it fails: what the test and the programs it runs write (homes, copies
/// of examples, joined documents) never outlives it. `TestScratch.folder` is that folder, and the
/// system's temporary folder outside such a test.
public struct TestScratch: SuiteTrait, TestTrait, TestScoping {
    @TaskLocal static var current: URL?

    /// Where the running test writes.
    public static var folder: URL { current ?? FileManager.default.temporaryDirectory }

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard !test.isSuite else { return try await function() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojiart-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.$current.withValue(folder) { try await function() }
    }
}

extension Trait where Self == TestScratch {
    /// Each test of the suite writes in a folder of its own, removed when it ends (`TestScratch`).
    public static var scratchFolder: Self { TestScratch() }
}
