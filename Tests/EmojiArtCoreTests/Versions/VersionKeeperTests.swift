import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

/// The window's side of H1 on a clock moved by hand: a version 30 s after the last change, one on
/// close, none while nothing changed, and a broken store reported once.
@MainActor
@Suite struct VersionKeeperTests {
    private func versions(_ store: VersionStore, _ document: EmojiArtDocument) throws -> [VersionSummary] {
        guard let id = document.model.documentID else { return [] }
        return try store.history(of: id).versions()
    }

    @Test("a version is taken 30 s after the last change, of the document as it is then")
    func afterQuiet() async throws {
        try await withTemporaryDirectory { folder in
            let store = VersionStore(stateDirectory: folder)
            let clock = ManualClock()
            let document = EmojiArtDocument()
            let keeper = VersionKeeper(document: document, store: store, clock: clock.editorClock)
            document.addEmoji("😀", at: .zero, size: 40)
            keeper.documentDidChange(.emojis)
            #expect(document.model.documentID != nil)
            try await waitUntil("one sleeper at 30 s", timeout: .seconds(60)) { clock.sleeperDeadlines == [.seconds(30)] }
            clock.advance(to: .seconds(10))
            document.addEmoji("🐶", at: .zero, size: 40)
            keeper.documentDidChange(.emojis)
            try await waitUntil("one sleeper at 40 s", timeout: .seconds(60)) { clock.sleeperDeadlines == [.seconds(40)] }
            clock.advance(to: .seconds(39))
            await Task.yield()
            #expect(try versions(store, document).isEmpty)
            clock.advance(to: .seconds(40))
            try await waitUntil("a version", timeout: .seconds(60)) { (try? versions(store, document).count) == 1 }
            let id = try #require(document.model.documentID)
            #expect(try store.history(of: id).model(ofVersion: 1) == document.model)
            #expect(keeper.deadline == nil)
        }
    }

    @Test("closing takes a version only when something changed; undo-button and save changes are no change")
    func onClose() async throws {
        try await withTemporaryDirectory { folder in
            let store = VersionStore(stateDirectory: folder)
            let document = EmojiArtDocument()
            let keeper = VersionKeeper(document: document, store: store, clock: ManualClock().editorClock)
            keeper.documentDidChange([.history, .saveState, .livePreviews])
            await keeper.takeVersionNow()
            #expect(document.model.documentID == nil)
            document.addEmoji("😀", at: .zero, size: 40)
            keeper.documentDidChange(.emojis)
            await keeper.takeVersionNow()
            await keeper.takeVersionNow()
            let count = try versions(store, document).count
            #expect(count == 1)
        }
    }

    @Test("a document opened with content keeps that content as a version at its first change, before what follows")
    func openingStateFirst() async throws {
        try await withTemporaryDirectory { folder in
            let store = VersionStore(stateDirectory: folder)
            var opened = EmojiArtModel()
            opened.addEmoji("🌲", at: .zero, size: 40)
            let document = EmojiArtDocument(model: opened)
            // Every version in one minute, however long a busy machine takes over the test.
            let minute = Date(timeIntervalSince1970: 1_800_000_000)
            let keeper = VersionKeeper(document: document, store: store, clock: ManualClock().editorClock, date: { minute })
            document.deleteEmojis(Set(document.model.emojis.map(\.id)))
            keeper.documentDidChange(.emojis)
            await keeper.takeVersionNow()
            let history = try versions(store, document)
            #expect(history.map(\.emojiCount) == [0, 1], "newest first: the emptied document, then the opened one")
            let id = try #require(document.model.documentID)
            #expect(try store.history(of: id).model(ofVersion: history[1].number).emojis.map(\.text) == ["🌲"])
            // The next change records no second copy of the opened state, which its minute keeps
            // (the emptied one between goes, as the minute's others do).
            document.addEmoji("😀", at: .zero, size: 40)
            keeper.documentDidChange(.emojis)
            await keeper.takeVersionNow()
            let after = try versions(store, document)
            #expect(after.map(\.emojiCount) == [1, 1])
            #expect(try store.history(of: id).model(ofVersion: after[1].number).emojis.map(\.text) == ["🌲"])
        }
    }

    @Test("a store that cannot be written is reported once; the document is untouched")
    func brokenStoreReportedOnce() async throws {
        try await withTemporaryDirectory { folder in
            try Data("in the way".utf8).write(to: folder.appendingPathComponent("versions"))
            let document = EmojiArtDocument()
            let keeper = VersionKeeper(document: document, store: VersionStore(stateDirectory: folder), clock: ManualClock().editorClock)
            var reports = 0
            keeper.onErrorChange = { reports += 1 }
            for text in ["😀", "🐶"] {
                document.addEmoji(text, at: .zero, size: 40)
                keeper.documentDidChange(.emojis)
                await keeper.takeVersionNow()
            }
            #expect(reports == 1)
            guard case .unwritable = keeper.lastError else {
                Issue.record("no unwritable error")
                return
            }
            #expect(document.model.emojis.count == 2)
            // Once the store works again, the version still owed is taken (closing, here).
            try FileManager.default.removeItem(at: folder.appendingPathComponent("versions"))
            await keeper.takeVersionNow()
            let id = try #require(document.model.documentID)
            #expect(try VersionStore(stateDirectory: folder).history(of: id).model(ofVersion: 1) == document.model)
            #expect(keeper.lastError == nil)
            #expect(reports == 2)
        }
    }
}
