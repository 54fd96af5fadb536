import Foundation
import Testing

@testable import EmojiArtCore

/// What the canvas asks about groups and locks (R3, R4).
@Suite struct GroupQueriesTests {
    /// 1 and 2 in group "a" (2 locked), 3 in "b", 4 in none and locked, 5 in none; all of size 20
    /// on top of one another at the origin, 5 topmost.
    private let model = EmojiArtModel(
        background: .blank,
        emojis: [
            Emoji(id: 1, text: "😀", position: .zero, size: 20, group: "a"),
            Emoji(id: 2, text: "🐶", position: .zero, size: 20, group: "a", locked: true),
            Emoji(id: 3, text: "🐱", position: .zero, size: 20, group: "b"),
            Emoji(id: 4, text: "🌲", position: .zero, size: 20, locked: true),
            Emoji(id: 5, text: "☀️", position: DocumentPoint(x: 100, y: 0), size: 20),
        ])

    @Test("a group's members")
    func members() {
        #expect(model.emojiIDs(inGroup: "a") == [1, 2])
        #expect(model.emojiIDs(inGroup: "b") == [3])
        #expect(model.emojiIDs(inGroup: "none").isEmpty)
    }

    @Test("expanding to whole groups adds the other members, locked ones only when asked")
    func expanding() {
        #expect(model.expandingToGroups([1]) == [1])
        #expect(model.expandingToGroups([1], includingLocked: true) == [1, 2])
        #expect(model.expandingToGroups([2]) == [1, 2])
        #expect(model.expandingToGroups([3, 5]) == [3, 5])
        #expect(model.expandingToGroups([]) == [])
    }

    @Test("hit testing passes over locked emojis when asked to, and finds them by default")
    func hitTesting() {
        #expect(model.topmostEmoji(at: .zero)?.id == 4)
        #expect(model.topmostEmoji(at: .zero, includingLocked: false)?.id == 3)
        let everything = DocumentRect(minX: -50, minY: -50, maxX: 150, maxY: 50)
        #expect(model.emojiIDs(intersecting: everything) == [1, 2, 3, 4, 5])
        #expect(model.emojiIDs(intersecting: everything, includingLocked: false) == [1, 3, 5])
    }

    @Test("the selectable emojis and whether any is locked")
    func unlocked() {
        #expect(model.unlockedEmojiIDs == [1, 3, 5])
        #expect(model.hasLockedEmojis)
        #expect(!EmojiArtModel().hasLockedEmojis)
    }
}
