import Testing

@testable import EmojiArtCore

@Suite struct EmojiArtModelTests {
    @Test("adding emojis hands out ids counting up from 1")
    func addingHandsOutIDs() {
        var model = EmojiArtModel()
        let first = model.addEmoji("😀", at: DocumentPoint(x: 1, y: 2), size: 40)
        let second = model.addEmoji("🐶", at: .zero, size: 20)
        #expect(first.id == 1)
        #expect(second.id == 2)
        #expect(model.uniqueEmojiId == 2)
        #expect(model.emojis.map(\.text) == ["😀", "🐶"])
    }

    @Test("duplicate ids get fresh ones and a small counter becomes the largest id")
    func normalizesIDs() {
        let emojis = [
            Emoji(id: 3, text: "😀", position: .zero, size: 10),
            Emoji(id: 3, text: "🐶", position: .zero, size: 10),
            Emoji(id: 1, text: "🐱", position: .zero, size: 10),
        ]
        let model = EmojiArtModel(background: .blank, emojis: emojis, uniqueEmojiId: 1)
        #expect(model.emojis.map(\.id) == [3, 4, 1])
        #expect(model.uniqueEmojiId == 4)
    }

    @Test("removed emojis go back to their place in the z-order")
    func removeAndInsertKeepOrder() {
        var model = EmojiArtModel()
        for text in ["a", "b", "c", "d"] { model.addEmoji(text, at: .zero, size: 10) }
        let removed = model.removeEmojis(withIDs: [2, 4])
        #expect(model.emojis.map(\.text) == ["a", "c"])
        model.insert(removed)
        #expect(model.emojis.map(\.text) == ["a", "b", "c", "d"])
    }

    @Test("bounds are the union of the emojis' squares")
    func bounds() throws {
        var model = EmojiArtModel()
        #expect(model.emojiBounds == nil)
        model.addEmoji("a", at: DocumentPoint(x: -100, y: 0), size: 20)
        model.addEmoji("b", at: DocumentPoint(x: 50, y: 30), size: 40)
        let bounds = try #require(model.emojiBounds)
        #expect(bounds == DocumentRect(minX: -110, minY: -10, maxX: 70, maxY: 50))
    }
}

@Suite struct EmojiArtModelHitTestingTests {
    private func model() -> EmojiArtModel {
        var model = EmojiArtModel()
        model.addEmoji("😀", at: DocumentPoint(x: 0, y: 0), size: 40)
        model.addEmoji("🐶", at: DocumentPoint(x: 10, y: 0), size: 40)
        model.addEmoji("🐱", at: DocumentPoint(x: 200, y: 200), size: 20)
        return model
    }

    @Test("a point hits the topmost emoji whose square contains it")
    func topmost() {
        #expect(model().topmostEmoji(at: DocumentPoint(x: 5, y: 5))?.id == 2)
        #expect(model().topmostEmoji(at: DocumentPoint(x: -15, y: 0))?.id == 1)
        #expect(model().topmostEmoji(at: DocumentPoint(x: 100, y: 100)) == nil)
    }

    @Test("a rectangle selects every emoji it touches")
    func rectangle() {
        #expect(model().emojiIDs(intersecting: DocumentRect(minX: 25, minY: -5, maxX: 195, maxY: 195)) == [2, 3])
        #expect(model().emojiIDs(intersecting: DocumentRect(minX: 500, minY: 500, maxX: 600, maxY: 600)).isEmpty)
    }

    @Test("emojis with given ids come in z-order, whether a few ids are compared or many hashed", arguments: [0, 1, 3, 8, 9, 40])
    func emojisWithIDs(count: Int) {
        var model = EmojiArtModel()
        for index in 0..<50 { model.addEmoji("😀", at: DocumentPoint(x: Double(index), y: 0), size: 40) }
        let ids = Set((1...50).reversed().prefix(count).map { $0 } + [99])  // 99 is no emoji's
        #expect(model.emojis(withIDs: ids).map(\.id) == model.emojis.map(\.id).filter(ids.contains))
    }

    @Test(
        "updates replace the emojis with the same ids, listed in stack order (a dragged selection) or not, the last of two with one id winning",
        arguments: [3, 8, 9, 40])
    func updatesReplaceByID(count: Int) {
        var model = EmojiArtModel()
        for index in 0..<50 { model.addEmoji("😀", at: DocumentPoint(x: Double(index), y: 0), size: 40) }
        let chosen = model.emojis.filter { $0.id % 5 != 0 }.prefix(count)
        let moved = chosen.map { $0.moved(by: DocumentVector(dx: 0, dy: 100)) }
        let inOrder = model.updated(Array(moved))
        let shuffled = model.updated(moved.reversed())
        var twice = Array(moved)
        twice.append(moved[0].moved(by: DocumentVector(dx: 7, dy: 0)))

        let movedIDs = Set(moved.map(\.id))
        for result in [inOrder, shuffled] {
            #expect(result.emojis.map(\.id) == model.emojis.map(\.id), "the stack order kept")
            #expect(result.emojis.filter { movedIDs.contains($0.id) }.allSatisfy { $0.position.y == 100 })
            #expect(result.emojis.filter { !movedIDs.contains($0.id) }.allSatisfy { $0.position.y == 0 })
        }
        #expect(model.updated(twice).emoji(withID: moved[0].id)?.position.x == moved[0].position.x + 7)
    }
}

extension EmojiArtModel {
    fileprivate func updated(_ emojis: [Emoji]) -> EmojiArtModel {
        var copy = self
        copy.update(emojis)
        return copy
    }
}
