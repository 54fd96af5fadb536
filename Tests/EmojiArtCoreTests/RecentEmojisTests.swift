import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

@Suite struct RecentEmojisTests {
    @Test("the newest comes first, each emoji once, at most 30 (F1)")
    func ordering() {
        var recents = RecentEmojis()
        recents.add("🐱")
        recents.add("🌲")
        recents.add("🐱")
        #expect(recents.emojis == ["🐱", "🌲"])
        for scalar in 0x1F600..<0x1F628 { recents.add(String(UnicodeScalar(scalar)!)) }
        #expect(recents.emojis.count == RecentEmojis.capacity)
        #expect(recents.emojis.first == "\u{1F627}")
        #expect(!recents.emojis.contains("🌲"), "the oldest left first")
    }

    @Test("the list is remembered; a missing or damaged file is an empty list, text that is not one emoji is left out")
    func roundTrip() throws {
        try withTemporaryDirectory { directory in
            #expect(RecentEmojis.load(from: directory).emojis.isEmpty)
            try RecentEmojis(["🐱", "👋🏽", "🏳️‍🌈"]).save(to: directory)
            #expect(RecentEmojis.load(from: directory).emojis == ["🐱", "👋🏽", "🏳️‍🌈"])
            let file = directory.appendingPathComponent(RecentEmojis.fileName)
            try Data("[not json".utf8).write(to: file)
            #expect(RecentEmojis.load(from: directory).emojis.isEmpty)
            try Data(#"{"emojis": ["🐱", "cat", "🐱🐶", "🐱", "🐶"]}"#.utf8).write(to: file)
            #expect(RecentEmojis.load(from: directory).emojis == ["🐱", "🐶"])
        }
    }
}
