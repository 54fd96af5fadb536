import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

/// Every window's strip, editor and manager follow the store through its observers (SPEC P5).
@Suite struct PaletteStoreObserverTests {
    /// Counts notifications and records what the store held at each one.
    final class Recorder {
        var names: [[String]] = []
        var count: Int { names.count }
    }

    private func observe(_ store: PaletteStore) -> Recorder {
        let recorder = Recorder()
        store.addObserver { [unowned store] in recorder.names.append(store.palettes.map(\.name)) }
        return recorder
    }

    @Test("each edit notifies once, after the change is visible")
    func editsNotify() throws {
        try withTemporaryDirectory { directory in
            let store = PaletteStore(dataDirectory: directory)
            let recorder = observe(store)
            let new = try store.insertPalette(named: "New", at: 1)
            #expect(recorder.names.last?[1] == "New")
            try store.renamePalette(withID: new.id, to: "Mine")
            #expect(recorder.names.last?[1] == "Mine")
            try store.setEmojis("🐶", forPaletteWithID: new.id)
            try store.movePalettes(fromOffsets: [1], toOffset: 0)
            #expect(recorder.names.last?.first == "Mine")
            try store.removePalette(withID: new.id)
            #expect(recorder.names.last?.contains("Mine") == false)
            #expect(recorder.count == 5)
        }
    }

    @Test("a request that changes nothing notifies nobody and writes nothing")
    func noChangeNoNotification() throws {
        try withTemporaryDirectory { directory in
            let store = PaletteStore(dataDirectory: directory)
            let recorder = observe(store)
            try store.renamePalette(withID: 1, to: "Faces")
            try store.setEmojis(store.palettes[1].emojis, forPaletteWithID: store.palettes[1].id)
            try store.movePalettes(fromOffsets: [2], toOffset: 2)
            try store.movePalettes(fromOffsets: [42], toOffset: 0)
            #expect(throws: PaletteStoreError.noSuchPalette(id: 42)) {
                try store.renamePalette(withID: 42, to: "x")
            }
            #expect(recorder.count == 0)
            #expect(try contents(of: directory).isEmpty)
        }
    }

    @Test("refusing to delete the last palette notifies nobody")
    func lastPaletteRefusal() throws {
        try withTemporaryDirectory { directory in
            let store = PaletteStore(dataDirectory: directory)
            for palette in store.palettes.dropFirst() { try store.removePalette(withID: palette.id) }
            let recorder = observe(store)
            #expect(throws: PaletteStoreError.cannotDeleteLastPalette(name: "Faces")) {
                try store.removePalette(withID: 1)
            }
            #expect(recorder.count == 0)
        }
    }

    @Test("a change whose save fails still notifies: it stays in memory")
    func failedSaveNotifies() throws {
        try withTemporaryDirectory { directory in
            let blocker = directory.appendingPathComponent("emojiart")
            try Data("x".utf8).write(to: blocker)
            let store = PaletteStore(dataDirectory: blocker)
            let recorder = observe(store)
            #expect(throws: PaletteStoreError.self) { try store.renamePalette(withID: 1, to: "Smileys") }
            #expect(recorder.names == [["Smileys"] + PaletteStoreTests.defaultNames.dropFirst()])
        }
    }

    @Test("reload notifies only when another store wrote something different")
    func reloadNotifiesOnRealChanges() throws {
        try withTemporaryDirectory { directory in
            let mine = PaletteStore(dataDirectory: directory)
            let theirs = PaletteStore(dataDirectory: directory)
            let recorder = observe(mine)
            try mine.renamePalette(withID: 2, to: "Virus")
            mine.reload()  // our own write, as a file monitor reports it
            #expect(recorder.count == 1)

            theirs.reload()
            try theirs.removePalette(withID: 3)
            mine.reload()
            #expect(recorder.count == 2)
            #expect(mine.palettes == theirs.palettes)
            #expect(mine.palette(withID: 3) == nil)
            mine.reload()
            #expect(recorder.count == 2)
        }
    }

    @Test("a removed observer is not called, also when removed during a notification")
    func removal() throws {
        try withTemporaryDirectory { directory in
            let store = PaletteStore(dataDirectory: directory)
            var calls: [String] = []
            var second: PaletteStore.ObserverToken?
            let first = store.addObserver {
                calls.append("first")
                if let second { store.removeObserver(second) }
            }
            second = store.addObserver { calls.append("second") }
            try store.renamePalette(withID: 1, to: "A")
            #expect(calls == ["first"])
            store.removeObserver(first)
            try store.renamePalette(withID: 1, to: "B")
            #expect(calls == ["first"])
        }
    }

    @Test("observers are called in the order they were added")
    func order() throws {
        try withTemporaryDirectory { directory in
            let store = PaletteStore(dataDirectory: directory)
            var calls: [Int] = []
            for index in 0..<12 { store.addObserver { calls.append(index) } }
            try store.renamePalette(withID: 1, to: "A")
            #expect(calls == Array(0..<12))
        }
    }
}
