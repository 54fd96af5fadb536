import Foundation
import Testing
@testable import EmojiArtCore

@Suite struct DraftStoreTests {
    @Test("a written draft is listed, recognised as a draft and removable")
    func lifecycle() throws {
        try withTemporaryDirectory { state in
            let store = DraftStore(stateDirectory: state)
            #expect(store.existingDrafts().isEmpty)
            let url = store.newDraftURL()
            #expect(store.isDraft(url))
            #expect(!store.isDraft(state.appendingPathComponent("art.emojiart")))
            var model = EmojiArtModel()
            model.addEmoji("😀", at: .zero, size: 40)
            try store.write(model, to: url)
            #expect(store.existingDrafts().map(\.lastPathComponent) == [url.lastPathComponent])
            #expect(try DocumentFile.read(from: url) == model)
            #expect(try permissions(of: store.directory) == 0o700)
            store.remove(url)
            #expect(store.existingDrafts().isEmpty)
        }
    }

    @Test("drafts are listed oldest first and other files are ignored")
    func ordering() throws {
        try withTemporaryDirectory { state in
            let store = DraftStore(stateDirectory: state)
            let first = store.newDraftURL()
            let second = store.newDraftURL()
            try store.write(EmojiArtModel(), to: second)
            try store.write(EmojiArtModel(), to: first)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: second.path)
            try Data("x".utf8).write(to: store.directory.appendingPathComponent("notes.txt"))
            #expect(store.existingDrafts().map(\.lastPathComponent) == [second.lastPathComponent, first.lastPathComponent])
        }
    }
}
