import Foundation
import Testing

@testable import EmojiArtCore

/// Group ids (R3): new ones, and fresh ones for copies.
@Suite struct GroupIDTests {
    /// 1 and 2 in group "a", 3 in "b", 4 and 5 in none (4 locked).
    private let emojis = [
        Emoji(id: 1, text: "😀", position: .zero, size: 20, group: "a"),
        Emoji(id: 2, text: "🐶", position: .zero, size: 20, group: "a", locked: true),
        Emoji(id: 3, text: "🐱", position: .zero, size: 20, group: "b"),
        Emoji(id: 4, text: "🌲", position: .zero, size: 20, locked: true),
        Emoji(id: 5, text: "☀️", position: .zero, size: 20),
    ]

    @Test("new group ids are 12 base32 characters, the same for the same generator state, valid in a file")
    func groupIDs() {
        var first = StepGenerator()
        var second = StepGenerator()
        let id = GroupID.random(using: &first)
        #expect(id == GroupID.random(using: &second))
        #expect(id != GroupID.random(using: &first))
        #expect(id.count == GroupID.length)
        #expect(id.allSatisfy { "abcdefghijklmnopqrstuvwxyz234567".contains($0) })
        #expect(GroupID.isValid(id) && GroupID.isValid(GroupID.random()))
    }

    @Test("fresh group ids: one new id per old group, emojis of no group left alone")
    func freshGroupIDs() {
        var made = 0
        let copies = emojis.withFreshGroupIDs {
            made += 1
            return "new\(made)"
        }
        #expect(copies.map(\.group) == ["new1", "new1", "new2", nil, nil])
        #expect(copies.map(\.id) == emojis.map(\.id))
        #expect(copies.map(\.locked) == emojis.map(\.locked))
    }
}

/// A generator that steps through the 64-bit numbers by a fixed odd stride: predictable, and
/// spread enough to draw every base32 character.
private struct StepGenerator: RandomNumberGenerator {
    private var state: UInt64 = 0

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return state
    }
}
