import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

/// The version store of H1 on disk: what it writes, what it refuses, and that a killed write
/// leaves it readable.
@Suite struct VersionStoreTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let image = Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    static func model(emojis count: Int, background: Background = .blank) -> EmojiArtModel {
        var model = EmojiArtModel()
        for index in 0..<count { model.addEmoji("😀", at: DocumentPoint(x: Double(index), y: 0), size: 40) }
        model.background = background
        return model
    }

    static func history(in folder: URL) -> DocumentHistory {
        VersionStore(stateDirectory: folder).history(of: DocumentIDTests.id)
    }

    @Test("versions are listed newest first and read back as they were, with the history's id")
    func recordListLoad() throws {
        try withTemporaryDirectory { folder in
            let history = Self.history(in: folder)
            #expect(try history.versions().isEmpty)
            let first = try #require(try history.record(Self.model(emojis: 1), at: Self.start))
            let second = try #require(try history.record(Self.model(emojis: 2), at: Self.start + 120))
            #expect(first.number == 1 && second.number == 2)
            let listed = try history.versions()
            #expect(listed.map(\.number) == [2, 1])
            #expect(listed.map(\.emojiCount) == [2, 1])
            #expect(listed[0].date == Self.start + 120)
            #expect(listed[0].byteCount == EmojiArtEncoder().encode(Self.model(emojis: 2).with(id: DocumentIDTests.id)).count)
            #expect(try history.model(ofVersion: 1) == Self.model(emojis: 1).with(id: DocumentIDTests.id))
            let folderPath = folder.appendingPathComponent("versions/\(DocumentIDTests.id.uuidString.lowercased())").path
            #expect(history.folder.path == folderPath)
        }
    }

    @Test("a document equal to the newest version is not taken again")
    func unchangedNotTaken() throws {
        try withTemporaryDirectory { folder in
            let history = Self.history(in: folder)
            try history.record(Self.model(emojis: 3), at: Self.start)
            #expect(try history.record(Self.model(emojis: 3), at: Self.start + 600) == nil)
            #expect(try history.versions().count == 1)
        }
    }

    @Test("an embedded image is stored once, by its SHA-256, however many versions use it")
    func imageStoredOnce() throws {
        try withTemporaryDirectory { folder in
            let history = Self.history(in: folder)
            for count in 1...3 {
                try history.record(Self.model(emojis: count, background: .imageData(Self.image)), at: Self.start + Double(count) * 120)
            }
            let blobs = try FileManager.default.contentsOfDirectory(atPath: history.blobsFolder.path)
            #expect(blobs == [SHA256.hex(Self.image)])
            let versions = try history.versions()
            #expect(versions.count == 3)
            #expect(versions[0].byteCount == EmojiArtEncoder().encode(try history.model(ofVersion: 3)).count)
            #expect(try history.model(ofVersion: 2).background == .imageData(Self.image))
            // Each version's own file holds no image.
            let own = try Data(contentsOf: history.folder.appendingPathComponent("2.emojiart"))
            #expect(own.count < 400)
        }
    }

    @Test("a named version keeps its name; an empty name makes it ordinary again")
    func naming() throws {
        try withTemporaryDirectory { folder in
            let history = Self.history(in: folder)
            try history.record(Self.model(emojis: 1), at: Self.start)
            try history.name(version: 1, as: "  Before the party \n")
            #expect(try history.versions().first?.name == "Before the party")
            #expect(try history.versions().first?.isNamed == true)
            try history.name(version: 1, as: "")
            #expect(try history.versions().first?.isNamed == false)
            #expect(throws: VersionStoreError.noSuchVersion(number: 9)) { try history.name(version: 9, as: "x") }
            #expect(throws: VersionStoreError.noSuchVersion(number: 9)) { try history.model(ofVersion: 9) }
        }
    }

    @Test("removing a draft's versions removes its folder, and only its")
    func removeAll() throws {
        try withTemporaryDirectory { folder in
            let history = Self.history(in: folder)
            let other = VersionStore(stateDirectory: folder).history(of: UUID())
            try history.record(Self.model(emojis: 1), at: Self.start)
            try other.record(Self.model(emojis: 1), at: Self.start)
            history.removeAll()
            #expect(!FileManager.default.fileExists(atPath: history.folder.path))
            #expect(try history.versions().isEmpty)
            #expect(try other.versions().count == 1)
        }
    }

    @Test("what a killed write leaves is ignored by readers and removed by the next writer or an open")
    func killedWriteLeftovers() throws {
        try withTemporaryDirectory { folder in
            let history = Self.history(in: folder)
            try history.record(Self.model(emojis: 1), at: Self.start)
            // A kill after the image and the version were written, before the index named them,
            // and one in the middle of writing the index.
            let leftovers = [
                history.folder.appendingPathComponent("2.emojiart"),
                history.folder.appendingPathComponent(".index.json.Ab12Cd.tmp"),
                history.blobsFolder.appendingPathComponent(SHA256.hex(Self.image)),
            ]
            try FileManager.default.createDirectory(at: history.blobsFolder, withIntermediateDirectories: true)
            for url in leftovers { try Data("half".utf8).write(to: url) }
            #expect(try history.versions().map(\.number) == [1])
            #expect(try history.model(ofVersion: 1).emojis.count == 1)
            history.cleanUp()
            for url in leftovers { #expect(!FileManager.default.fileExists(atPath: url.path)) }
            #expect(try history.versions().map(\.number) == [1])
        }
    }

    @Test("a history that cannot be written is one typed error, and the document is not touched")
    func unwritable() throws {
        try withTemporaryDirectory { folder in
            // A file where the versions folder should be: refused whoever runs the test, root too.
            try Data("in the way".utf8).write(to: folder.appendingPathComponent("versions"))
            let history = Self.history(in: folder)
            let error = #expect(throws: VersionStoreError.self) {
                try history.record(Self.model(emojis: 1), at: Self.start)
            }
            guard case .unwritable(let cause) = error else {
                Issue.record("not unwritable: \(String(describing: error))")
                return
            }
            #expect(error?.description.contains(cause.reason) == true)
        }
    }

    @Test("thinning runs as versions are taken, and removes the thinned files")
    func thinsOnRecord() throws {
        try withTemporaryDirectory { folder in
            let history = Self.history(in: folder)
            // Three versions within one minute: the minute keeps its oldest, and the newest stays.
            for (index, offset) in [0.0, 20, 40].enumerated() {
                try history.record(
                    Self.model(emojis: index + 1),
                    at: Self.start.addingTimeInterval(offset - Self.start.timeIntervalSince1970.truncatingRemainder(dividingBy: 60)))
            }
            #expect(try history.versions().map(\.number) == [3, 1])
            let files = try FileManager.default.contentsOfDirectory(atPath: history.folder.path).sorted()
            #expect(files == [".lock", "1.emojiart", "3.emojiart", "index.json"])
        }
    }
}

extension EmojiArtModel {
    func with(id: UUID) -> EmojiArtModel {
        var copy = self
        copy.documentID = id
        return copy
    }
}
