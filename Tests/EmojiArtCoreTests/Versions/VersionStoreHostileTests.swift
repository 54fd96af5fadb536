import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

/// A damaged or hostile history is refused as a hostile document is (H1, M5): a typed error, no
/// crash, no allocation beyond the bounds, nothing written over it.
@Suite struct VersionStoreHostileTests {
    private func withHistory(_ body: (DocumentHistory) throws -> Void) throws {
        try withTemporaryDirectory { folder in
            let history = VersionStoreTests.history(in: folder)
            try history.record(
                VersionStoreTests.model(emojis: 2, background: .imageData(VersionStoreTests.image)), at: VersionStoreTests.start)
            try body(history)
        }
    }

    private func expectDamaged<R>(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R) {
        let error = #expect(throws: VersionStoreError.self, sourceLocation: sourceLocation) { _ = try body() }
        guard case .damaged = error else {
            Issue.record("expected a damaged history, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
    }

    private func validIndex(_ history: DocumentHistory) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: history.indexURL)) as? [String: Any])
    }

    private func writeIndex(_ object: Any, _ history: DocumentHistory) throws {
        try JSONSerialization.data(withJSONObject: object).write(to: history.indexURL)
    }

    @Test(
        "an index that is not what the store writes is refused, and a writer leaves it as it is",
        arguments: [
            "", "not json", "[]", "{}", #"{"format":2,"nextNumber":1,"entries":[]}"#,
            String(repeating: "[", count: 100_000), String(repeating: #"{"a":"#, count: 50_000),
        ])
    func damagedIndex(text: String) throws {
        try withHistory { history in
            try Data(text.utf8).write(to: history.indexURL)
            expectDamaged { try history.versions() }
            expectDamaged { try history.model(ofVersion: 1) }
            expectDamaged { try history.record(VersionStoreTests.model(emojis: 5)) }
            history.cleanUp()
            #expect(try Data(contentsOf: history.indexURL) == Data(text.utf8))
            #expect(FileManager.default.fileExists(atPath: history.folder.appendingPathComponent("1.emojiart").path))
        }
    }

    @Test(
        "entries with values the store never writes are refused",
        arguments: [
            ("image", #""../../../../etc/passwd""#), ("image", "\"" + String(repeating: "A", count: 64) + "\""), ("number", "-1"),
            ("number", "0"), ("number", "7"), ("stored", "9223372036854775807"), ("emojis", "-3"), ("time", "1e300"),
            ("name", "\"" + String(repeating: "n", count: 201) + "\""), ("digest", #""x""#), ("imageBytes", "1099511627776"),
            ("number", #""one""#),
        ])
    func hostileEntry(key: String, json: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        try withHistory { history in
            var index = try validIndex(history)
            var entries = try #require(index["entries"] as? [[String: Any]])
            entries[0][key] = value
            index["entries"] = entries
            try writeIndex(index, history)
            expectDamaged { try history.versions() }
        }
    }

    @Test("repeated numbers, or a next number already used, are refused")
    func hostileNumbering() throws {
        try withHistory { history in
            var index = try validIndex(history)
            let entries = try #require(index["entries"] as? [[String: Any]])
            index["entries"] = entries + entries
            index["nextNumber"] = 5
            try writeIndex(index, history)
            expectDamaged { try history.versions() }
            index["entries"] = entries
            index["nextNumber"] = 1
            try writeIndex(index, history)
            expectDamaged { try history.versions() }
        }
    }

    @Test("the fuzzer's seed index is one the store accepts, so fuzzing starts from a valid history")
    func fuzzSeed() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Seeds/version-index/two.json")
        let versions = try DocumentHistory.versions(fromIndexContents: Data(contentsOf: seed))
        #expect(versions.map(\.number) == [3, 1])
        #expect(versions.first?.name == "Before the party")
    }

    @Test("an index larger than the bound is refused before it is read")
    func hugeIndex() throws {
        try withHistory { history in
            let handle = try FileHandle(forWritingTo: history.indexURL)
            try handle.truncate(atOffset: UInt64(VersionIndex.maxBytes + 1))
            try handle.close()
            expectDamaged { try history.versions() }
        }
    }

    @Test("a version or image altered, cut short, grown or missing is refused, not shown")
    func alteredFiles() throws {
        try withHistory { history in
            let version = history.folder.appendingPathComponent("1.emojiart")
            let blob = history.blobsFolder.appendingPathComponent(SHA256.hex(VersionStoreTests.image))
            let original = try Data(contentsOf: version)
            let originalBlob = try Data(contentsOf: blob)
            var changes: [(URL, Data?)] = [
                (version, Data(original.reversed())), (version, original.dropLast()), (version, original + Data(count: 10_000_000)),
                (version, nil), (blob, Data(originalBlob.reversed())), (blob, nil),
            ]
            changes.append((version, Data(repeating: UInt8(ascii: "["), count: original.count)))
            for (url, contents) in changes {
                try? FileManager.default.removeItem(at: url)
                if let contents { try contents.write(to: url) }
                expectDamaged { try history.model(ofVersion: 1) }
                try original.write(to: version)
                try originalBlob.write(to: blob)
            }
            #expect(try history.model(ofVersion: 1).emojis.count == 2)
        }
    }
}
