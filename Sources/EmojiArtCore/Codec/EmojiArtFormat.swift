/// The `.emojiart` file format's version and limits (SPEC M4).
public enum EmojiArtFormat {
    /// The version this build writes. Files written by the original iOS app carry none and
    /// count as version 1: ours is the same shape plus this number.
    public static let currentVersion = 1
    /// The file extension, without the dot.
    public static let fileExtension = "emojiart"
    /// Larger files are refused before they are read; the writer refuses to write one (M5).
    public static let maxFileBytes = 64 * 1024 * 1024
    /// What a save aims to stay under (SPEC M5), well inside `maxFileBytes`: an embedded image
    /// is re-encoded smaller until its document fits.
    public static let maxSavedBytes = 48 * 1024 * 1024
    /// The most image bytes a document embeds: their base64 (4/3 as many) plus a megabyte of
    /// emojis stays under `maxSavedBytes`.
    public static let maxEmbeddedImageBytes = 35 * 1024 * 1024
    /// Coordinates further than this from the origin are clamped to it on read and on write.
    public static let maxCoordinateMagnitude = 1_000_000.0
    /// The sizes an emoji may have, in points at zoom 1; others are clamped into it on read.
    public static let sizeRange = 1.0...10_000.0
    /// The largest emoji id (and `uniqueEmojiId`) a file may hold: the original app's ids are
    /// 64-bit `Int`s. Ids are handed out up to it (see `EmojiArtModel.nextEmojiID`), so every
    /// document we save opens again.
    public static let maxEmojiID = Int.max
    /// Values nested deeper than this are refused (a guard against hostile files).
    public static let maxNestingDepth = 64
}
