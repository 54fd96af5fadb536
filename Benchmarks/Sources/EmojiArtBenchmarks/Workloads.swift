import EmojiArtCore
import Foundation

/// Generated documents, the same on every run (a fixed linear congruential sequence).
enum Workloads {
    static let emojiTexts = Array("😀🐶🌲☀️🐻‍❄️🚀🎸🍄🦋🌊⚽️🧐🥳🐢🌼").map(String.init)

    /// `count` emojis of 40 pt spread over a 1920×1080 frame centred on the origin.
    static func model(emojiCount count: Int) -> EmojiArtModel {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var model = EmojiArtModel()
        model.background = .url(URL(string: "https://example.com/background.jpg")!)
        for index in 0..<count {
            let position = DocumentPoint(x: (next() - 0.5) * 1920, y: (next() - 0.5) * 1080)
            model.addEmoji(emojiTexts[index % emojiTexts.count], at: position, size: 40)
        }
        return model
    }
}
