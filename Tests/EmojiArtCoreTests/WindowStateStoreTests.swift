import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

@Suite struct WindowStateStoreTests {
    /// Collects the warnings a store reports; the store may call from any thread.
    final class WarningLog: @unchecked Sendable {
        private let lock = NSLock()
        private var collected = [CorruptFileWarning]()

        func append(_ warning: CorruptFileWarning) {
            lock.lock()
            defer { lock.unlock() }
            collected.append(warning)
        }

        var warnings: [CorruptFileWarning] {
            lock.lock()
            defer { lock.unlock() }
            return collected
        }
    }

    static let sample = WindowState(
        zoom: 1.5, panX: -120.25, panY: 40, paletteID: 3, windowWidth: 1200, windowHeight: 800)

    /// A store under `directory/state` and a document file under `directory/docs`.
    func makeStore(in directory: URL, log: WarningLog = WarningLog()) throws -> (WindowStateStore, URL) {
        let store = WindowStateStore(
            stateDirectory: directory.appendingPathComponent("state"), reportWarning: log.append)
        let documents = directory.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        let document = documents.appendingPathComponent("cat.emojiart")
        try Data("{}".utf8).write(to: document)
        return (store, document)
    }

    @Test("a saved state comes back for the same document, and only for it")
    func roundTrip() throws {
        try withTemporaryDirectory { directory in
            let (store, document) = try makeStore(in: directory)
            #expect(store.state(for: document) == nil)
            try store.save(Self.sample, for: document)
            #expect(store.state(for: document) == Self.sample)
            #expect(store.state(for: document.deletingLastPathComponent().appendingPathComponent("dog.emojiart")) == nil)
            let minimal = WindowState(zoom: 0.5)
            try store.save(minimal, for: document)
            #expect(store.state(for: document) == minimal)
        }
    }

    @Test("state lives in window-state/ under the state folder, in a file named by the path's hash")
    func fileLocation() throws {
        try withTemporaryDirectory { directory in
            let (store, document) = try makeStore(in: directory)
            try store.save(Self.sample, for: document)
            let file = store.stateFileURL(for: document)
            #expect(file.deletingLastPathComponent().path == directory.appendingPathComponent("state/window-state").path)
            #expect(file.lastPathComponent == PathHash.hexDigits(of: document.path) + ".json")
            #expect(try contents(of: file.deletingLastPathComponent()) == [file.lastPathComponent])
        }
    }

    @Test("FNV-1a 64 matches its published test values")
    func fnvKnownValues() {
        #expect(PathHash.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(PathHash.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(PathHash.hexDigits(of: "foobar") == "85944171f73967e8")
    }

    @Test("a symlink and its target share one state")
    func symlinkSharesState() throws {
        try withTemporaryDirectory { directory in
            let (store, document) = try makeStore(in: directory)
            let link = directory.appendingPathComponent("link.emojiart")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: document.path)
            try store.save(Self.sample, for: link)
            #expect(store.state(for: document) == Self.sample)
            #expect(store.stateFileURL(for: link) == store.stateFileURL(for: document))
        }
    }

    @Test("spellings of the same path share one state")
    func standardizedPaths() throws {
        try withTemporaryDirectory { directory in
            let (store, document) = try makeStore(in: directory)
            try store.save(Self.sample, for: document)
            let dotted = URL(fileURLWithPath: directory.path + "/docs/./../docs/cat.emojiart")
            #expect(store.state(for: dotted) == Self.sample)
        }
    }

    @Test("a damaged file is moved aside with its bytes and counts as no state")
    func damagedFile() throws {
        try withTemporaryDirectory { directory in
            let log = WarningLog()
            let (store, document) = try makeStore(in: directory, log: log)
            try store.save(Self.sample, for: document)
            let file = store.stateFileURL(for: document)
            let garbage = Data("{\"zoom\": ".utf8)
            try garbage.write(to: file)

            #expect(store.state(for: document) == nil)

            let warning = try #require(log.warnings.first)
            #expect(log.warnings.count == 1)
            #expect(warning.file.path == file.path)
            #expect(warning.problem == "it is not valid JSON")
            let keptAs = try #require(warning.keptAs)
            #expect(try Data(contentsOf: keptAs) == garbage)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            try store.save(Self.sample, for: document)
            #expect(store.state(for: document) == Self.sample)
        }
    }

    @Test("a file saved for another path with the same hash is not this document’s state")
    func collision() throws {
        try withTemporaryDirectory { directory in
            let log = WarningLog()
            let (store, document) = try makeStore(in: directory, log: log)
            let other = WindowStateRecord(documentPath: "/somewhere/else.emojiart", state: Self.sample)
            let file = store.stateFileURL(for: document)
            try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
            try other.encoded().write(to: file)

            #expect(store.state(for: document) == nil)
            try store.removeState(for: document)
            #expect(FileManager.default.fileExists(atPath: file.path), "another document’s state is kept")
            #expect(log.warnings.isEmpty)

            try store.save(WindowState(zoom: 2), for: document)
            #expect(store.state(for: document) == WindowState(zoom: 2))
        }
    }

    @Test(
        "values no window could have are ignored",
        arguments: [
            #"{"zoom": 0, "panX": 0, "panY": 0}"#,
            #"{"zoom": -1, "panX": 0, "panY": 0}"#,
            #"{"zoom": 1e9, "panX": 0, "panY": 0}"#,
            #"{"zoom": 1, "panX": 1e12, "panY": 0}"#,
            #"{"zoom": 1, "panX": 0, "panY": -1e300}"#,
            #"{"zoom": 1, "panX": 0, "panY": 0, "windowWidth": 0, "windowHeight": 600}"#,
            #"{"zoom": 1, "panX": 0, "panY": 0, "windowWidth": 800, "windowHeight": 100000}"#,
        ])
    func invalidValues(stateJSON: String) throws {
        try withTemporaryDirectory { directory in
            let (store, document) = try makeStore(in: directory)
            let json = #"{"version": 1, "documentPath": "\#(document.path)", "state": \#(stateJSON)}"#
            try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
            try Data(json.utf8).write(to: store.stateFileURL(for: document))
            #expect(store.state(for: document) == nil)
        }
    }

    @Test("unknown fields are tolerated and a newer version is left alone")
    func versions() throws {
        try withTemporaryDirectory { directory in
            let log = WarningLog()
            let (store, document) = try makeStore(in: directory, log: log)
            try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
            let file = store.stateFileURL(for: document)
            let current =
                #"{"documentPath": "\#(document.path)", "fullscreen": true, "state": {"zoom": 2, "panX": 1, "panY": 2, "sidebar": 1}}"#
            try Data(current.utf8).write(to: file)
            #expect(store.state(for: document) == WindowState(zoom: 2, panX: 1, panY: 2))

            let newer = #"{"version": 2, "path": "\#(document.path)", "views": []}"#
            try Data(newer.utf8).write(to: file)
            #expect(store.state(for: document) == nil)
            #expect(FileManager.default.fileExists(atPath: file.path))
            #expect(log.warnings.isEmpty)
        }
    }

    @Test("a maximized window's state comes back maximized; a state from before it was kept is not maximized")
    func maximized() throws {
        try withTemporaryDirectory { directory in
            let (store, document) = try makeStore(in: directory)
            let maximized = WindowState(zoom: 2, windowWidth: 360, windowHeight: 600, isMaximized: true)
            try store.save(maximized, for: document)
            #expect(store.state(for: document) == maximized)

            let older = #"{"version": 1, "documentPath": "\#(document.path)", "state": {"zoom": 2, "panX": 0, "panY": 0}}"#
            try Data(older.utf8).write(to: store.stateFileURL(for: document))
            #expect(store.state(for: document)?.isMaximized == nil)
        }
    }

    @Test("invalid values are refused on save with a typed error")
    func refusesInvalidSave() throws {
        try withTemporaryDirectory { directory in
            let (store, document) = try makeStore(in: directory)
            #expect(throws: WindowStateStoreError.self) {
                try store.save(WindowState(zoom: .nan), for: document)
            }
            #expect(!FileManager.default.fileExists(atPath: store.directory.path))
        }
    }

    @Test("removing state forgets it, and removing nothing is fine")
    func removes() throws {
        try withTemporaryDirectory { directory in
            let (store, document) = try makeStore(in: directory)
            try store.removeState(for: document)
            try store.save(Self.sample, for: document)
            try store.removeState(for: document)
            #expect(store.state(for: document) == nil)
            #expect(try contents(of: store.directory).isEmpty)
        }
    }

    @Test("a document that no longer exists keeps its state under its standardized path")
    func missingDocument() throws {
        try withTemporaryDirectory { directory in
            let (store, _) = try makeStore(in: directory)
            let gone = directory.appendingPathComponent("nowhere/gone.emojiart")
            try store.save(Self.sample, for: gone)
            #expect(store.state(for: gone) == Self.sample)
            #expect(WindowStateStore.canonicalPath(of: gone) == gone.path)
        }
    }
}
