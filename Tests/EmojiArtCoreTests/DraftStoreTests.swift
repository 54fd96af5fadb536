import EmojiArtTestSupport
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

    // A draft is the user's only copy of an untitled document: one that cannot be read (damaged,
    // or written by a newer EmojiArt) is set aside and the user told, never deleted.
    @Test("recovering drafts opens the readable ones and sets the others aside, with a sentence for each")
    func recoverSetsUnreadableAside() throws {
        try withTemporaryDirectory { state in
            let store = DraftStore(stateDirectory: state)
            var model = EmojiArtModel()
            model.addEmoji("😀", at: .zero, size: 40)
            let good = store.newDraftURL()
            try store.write(model, to: good)
            let damaged = store.newDraftURL()
            try Data("{\"emojis\": [".utf8).write(to: damaged)
            let newer = store.newDraftURL()
            try Data(#"{"formatVersion":99,"emojis":[]}"#.utf8).write(to: newer)

            let recovered = store.recoverDrafts()
            #expect(recovered.drafts.map(\.url) == [good])
            #expect(recovered.drafts.map(\.model) == [model])
            #expect(recovered.setAside.count == 2)
            for warning in recovered.setAside {
                let keptAs = try #require(warning.keptAs)
                #expect(FileManager.default.fileExists(atPath: keptAs.path))
                #expect(warning.description.contains("draft"))
                #expect(warning.description.contains(keptAs.lastPathComponent))
            }
            #expect(
                try Data(contentsOf: try #require(recovered.setAside.first { $0.file == damaged }?.keptAs))
                    == Data("{\"emojis\": [".utf8))
            // Set aside, not offered again at the next launch, and nothing was deleted.
            #expect(store.existingDrafts() == [good])
            #expect(try contents(of: store.directory).count == 3)
        }
    }
}
