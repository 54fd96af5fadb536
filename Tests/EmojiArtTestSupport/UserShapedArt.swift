import EmojiArtCore
import Foundation

/// Documents shaped like a user's drawing rather than the uniform benchmark art: many
/// different emojis — every default palette's, plus ZWJ sequences, skin tones, flags and keycaps —
/// each at a size of its own (by default between 10 and 200 pt: every pinch, corner drag or `>`
/// gives one), by default a fifth of them turned and some mirrored, spread over a 1920 × 1080
/// area. The same document for the same arguments (`SeededSequence`), for the tests and the
/// benchmarks.
public enum UserShapedArt {
    /// Emojis beyond the palettes that real drawings hold and that stress the text path.
    public static let sequences = [
        "👩‍🚀", "🧑‍🎄", "🏳️‍🌈", "👨‍👩‍👧", "🐻‍❄️", "❤️‍🔥", "👍🏽", "👋🏿", "🧑🏻‍🍳", "🇫🇷", "🇯🇵", "🇰🇷", "🇩🇪", "🇧🇷", "1️⃣", "#️⃣",
    ]

    /// Every distinct emoji the documents draw from: the nine default palettes' and `sequences`.
    public static let emojiTexts: [String] = {
        var seen = Set<String>()
        return (DefaultPalettes.all.flatMap(\.uniqueEmojis) + sequences).filter { seen.insert($0).inserted }
    }()

    /// `count` emojis drawn from `kinds` of `emojiTexts` spread over the list (so sequences and
    /// flags are among them; all by default), `sizes` as whole points (as files store them), a
    /// `turnedFraction` of them turned.
    public static func model(
        emojiCount count: Int, kinds: Int? = nil, sizes: ClosedRange<Double> = 10...200, turnedFraction: Double = 0.2
    ) -> EmojiArtModel {
        let kindCount = min(max(1, kinds ?? emojiTexts.count), emojiTexts.count)
        let texts = (0..<kindCount).map { emojiTexts[$0 * emojiTexts.count / kindCount] }
        var sequence = SeededSequence(seed: 0x2545_F491_4F6C_DD1D)
        func next() -> Double { sequence.next() }
        var emojis: [Emoji] = []
        emojis.reserveCapacity(count)
        for index in 0..<count {
            let text = texts[Int(next() * Double(texts.count))]
            let position = DocumentPoint(x: (next() - 0.5) * 1920, y: (next() - 0.5) * 1080)
            let size = (sizes.lowerBound + next() * (sizes.upperBound - sizes.lowerBound)).rounded()
            let turned = next() < turnedFraction
            let rotation = turned ? (next() * 360 - 180).rounded() : 0
            emojis.append(
                Emoji(
                    id: index + 1, text: text, position: position, size: size, rotation: rotation == -180 ? 180 : rotation,
                    flipped: turned && next() < 0.3))
        }
        return EmojiArtModel(background: .blank, emojis: emojis, uniqueEmojiId: count)
    }
}
