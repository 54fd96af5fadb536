import EmojiArtCore
import Foundation
import FuzzSupport

// The `.emojiart` decoder (SPEC M4) on any bytes: it must refuse with a `DocumentReadError` or
// give a model that saves and reopens as itself. The first save rounds positions and sizes to
// integers (the iOS app reads them as Int), so the check is that saving is stable from then on.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzDriver.data(bytes, count)
    let model: EmojiArtModel
    do {
        model = try EmojiArtDecoder(fileName: "fuzz.emojiart").decode(data)
    } catch {
        require(!error.description.isEmpty, "an error without a message")
        return 0
    }
    checkInvariants(model)
    let saved = EmojiArtEncoder().encode(model)
    let reopened: EmojiArtModel
    do {
        reopened = try EmojiArtDecoder().decode(saved)
    } catch {
        require(false, "a document that opened does not reopen after saving: \(error)")
        return 0
    }
    checkInvariants(reopened)
    require(reopened.emojis.count == model.emojis.count, "saving changed the number of emojis")
    require(reopened.emojis.map(\.id) == model.emojis.map(\.id), "saving changed the ids")
    require(reopened.emojis.map(\.text) == model.emojis.map(\.text), "saving changed a text")
    require(reopened.uniqueEmojiId == model.uniqueEmojiId, "saving changed the id counter")
    require(reopened.background == model.background, "saving changed the background")
    // The collaboration keys (C6) are kept as written.
    require(reopened.emojis.map(\.cid) == model.emojis.map(\.cid), "saving changed a cid")
    require(reopened.emojis.map(\.z) == model.emojis.map(\.z), "saving changed a z key")
    // Groups and locks (R3, R4) likewise.
    require(reopened.emojis.map(\.group) == model.emojis.map(\.group), "saving changed a group")
    require(reopened.emojis.map(\.locked) == model.emojis.map(\.locked), "saving changed a lock")
    require(reopened.collab == model.collab, "saving changed the shared room")
    require(EmojiArtEncoder().encode(reopened) == saved, "saving a reopened document changed its bytes")
    // What `emojiart info` prints.
    _ = DocumentSummary(model: model, imageSize: model.background.imageData.flatMap(ImageHeader.init).map { ($0.width, $0.height) })
    return 0
}

/// What every model must hold, however odd its file was (SPEC M3, M4).
func checkInvariants(_ model: EmojiArtModel) {
    var ids = Set<Int>()
    for emoji in model.emojis {
        require(emoji.id > 0 && emoji.id <= model.uniqueEmojiId, "id \(emoji.id) outside 1...\(model.uniqueEmojiId)")
        require(ids.insert(emoji.id).inserted, "id \(emoji.id) twice")
        // Any non-empty text a file held is kept (M4: D1 rules what a user adds, not what opens).
        require(!emoji.text.isEmpty, "an emoji without text")
        require(EmojiArtFormat.sizeRange.contains(emoji.size), "size \(emoji.size) not clamped")
        let limit = EmojiArtFormat.maxCoordinateMagnitude
        require(abs(emoji.position.x) <= limit && abs(emoji.position.y) <= limit, "a coordinate not clamped")
        require(emoji.group.map(GroupID.isValid) ?? true, "the group id \(emoji.group ?? "")")
    }
}

FuzzDriver.run(testOneInput)
