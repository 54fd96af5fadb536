import EmojiArtCore
import EmojiArtTestSupport
import Foundation

/// Generated documents, the same on every run (`SeededSequence`).
enum Workloads {
    static let emojiTexts = Array("😀🐶🌲☀️🐻‍❄️🚀🎸🍄🦋🌊⚽️🧐🥳🐢🌼").map(String.init)

    /// `count` emojis of 40 pt spread over a 1920×1080 frame centred on the origin; with `turned`,
    /// each is also turned by an angle of its own and every third one mirrored.
    /// With `blank`, the background is blank instead of a URL (launches never touch the network).
    static func model(emojiCount count: Int, turned: Bool = false, blank: Bool = false) -> EmojiArtModel {
        var sequence = SeededSequence(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> Double { sequence.next() }
        var emojis: [Emoji] = []
        emojis.reserveCapacity(count)
        for index in 0..<count {
            let position = DocumentPoint(x: (next() - 0.5) * 1920, y: (next() - 0.5) * 1080)
            let rotation = turned ? (Double(index * 37 % 360) - 179.5) : 0
            emojis.append(
                Emoji(
                    id: index + 1, text: emojiTexts[index % emojiTexts.count], position: position, size: 40,
                    rotation: rotation, flipped: turned && index % 3 == 0))
        }
        let background: Background = blank ? .blank : .url(URL(string: "https://example.com/background.jpg")!)
        return EmojiArtModel(background: background, emojis: emojis, uniqueEmojiId: count)
    }

    /// Writes `model` as a document into `folder` and returns its URL.
    static func write(_ model: EmojiArtModel, named name: String, in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("\(name).emojiart")
        try EmojiArtEncoder().encode(model).write(to: file)
        return file
    }
}
