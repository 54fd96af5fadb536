import Crypto
import EmojiArtCollabTestSupport
import EmojiArtCore
import Foundation
import Testing

@testable import EmojiArtCollab

@Suite struct ModelConversionTests {
    @Test("a shared document converts to a model in drawing order (z, cid), deleted emojis absent, keys written")
    func stateToModel() throws {
        let session = try SyncSession(room: "r", journal: InMemoryOutboxJournal(), sealer: PlainSealer(), random: SeededRandom(seed: 5))
        let (first, _) = try session.addEmoji("🐶", x: 1.5, y: 2, size: 40)
        let (second, _) = try session.addEmoji("🐱", x: 3, y: 4, size: 50)
        let (third, _) = try session.addEmoji("🌲", x: 5, y: 6, size: 60)
        try session.place(third, below: first)
        try session.delete([second])
        try session.setBackground(.url("https://example.com/a.jpg"))
        var ids = LocalEmojiIDs()
        let room = SharedRoom(server: "ws://127.0.0.1:7447", room: "abc")
        let model = session.shown.model(ids: &ids, room: room)
        #expect(model.emojis.map(\.text) == ["🌲", "🐶"])
        #expect(model.emojis.map(\.cid) == [third.description, first.description])
        #expect(model.emojis.allSatisfy { $0.z.flatMap(ZKey.init) != nil })
        #expect(model.background == .url(URL(string: "https://example.com/a.jpg")!))
        #expect(model.collab == room)
        // The same local ids next time; the file written from it opens to the same model.
        #expect(session.shown.model(ids: &ids, room: room) == model)
        #expect(try EmojiArtDecoder().decode(EmojiArtEncoder().encode(model)).emojis.map(\.cid) == model.emojis.map(\.cid))
    }

    @Test("importing a document keeps its order, ids, valid cids and rising z keys; the rest is made anew")
    func modelToState() throws {
        let session = try SyncSession(room: "r", journal: InMemoryOutboxJournal(), sealer: PlainSealer(), random: SeededRandom(seed: 6))
        let image = Data([0x89, 0x50, 0x4E, 0x47])
        let model = EmojiArtModel(
            background: .imageData(image),
            emojis: [
                Emoji(id: 4, text: "🐶", position: DocumentPoint(x: 1, y: 2), size: 30, cid: "old.1", z: "a5"),
                Emoji(id: 9, text: "🐱", position: DocumentPoint(x: 3, y: 4), size: 30, cid: "old.1", z: "a1"),
                Emoji(id: 2, text: "🌲", position: DocumentPoint(x: 5, y: 6), size: 30, cid: "not a cid"),
            ], uniqueEmojiId: 9)
        let imported = try CollabImport(model: model, session: session)
        try session.perform(imported.ops, named: "Share")
        var ids = imported.ids
        let shown = session.shown.model(ids: &ids, room: nil) { imported.images[$0] }
        #expect(shown.emojis.map(\.text) == ["🐶", "🐱", "🌲"])
        #expect(shown.emojis.map(\.id) == [4, 9, 2])
        #expect(shown.emojis.first?.cid == "old.1")
        #expect(shown.emojis.first?.z == "a5")
        #expect(Set(shown.emojis.compactMap(\.cid)).count == 3)
        #expect(shown.background == .imageData(image))
        // Plain rooms (a test double) keep the image as its blob; sealed ones are in SealerTests.
        #expect(imported.images.keys.first == SHA256.hex(image))
        #expect(imported.uploads.values.first == image)
    }
}
