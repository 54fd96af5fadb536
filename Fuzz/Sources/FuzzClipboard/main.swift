import EmojiArtCore
import Foundation
import FuzzSupport

// Another program's `application/x-emojiart-emojis` (S6) on any bytes: it must be refused with a
// sentence, or give emojis that each pass the rule of emojis arriving from elsewhere, within the
// file format's limits, and that copy and paste again as themselves.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzDriver.data(bytes, count)
    let pasted: ClipboardEmojis
    do {
        pasted = try ClipboardEmojis(data: data)
    } catch {
        require(error.description.hasSuffix("."), "a refusal that is not a sentence: \(error)")
        return 0
    }
    require(!pasted.emojis.isEmpty && pasted.emojis.count <= ClipboardEmojis.maximumCount, "\(pasted.emojis.count) emojis")
    let limit = EmojiArtFormat.maxCoordinateMagnitude
    for item in pasted.emojis {
        require(EmojiLimits.allowsText(item.text), "a text that is not one emoji: \(item.text.debugDescription)")
        require(item.text.first?.isEmojiByOriginalRule == true && item.text.count == 1, "allowsText let \(item.text.debugDescription) through")
        require(abs(item.x) <= limit && abs(item.y) <= limit, "a position not clamped: \(item.x), \(item.y)")
        require(EmojiArtFormat.sizeRange.contains(item.size), "a size not clamped: \(item.size)")
        if let rotation = item.rotation {
            require(rotation > -180 && rotation <= 180 && rotation != 0, "a rotation not normalized: \(rotation)")
        }
        require(item.flipped != false, "flipped written as false")
    }
    let again: ClipboardEmojis
    do {
        again = try ClipboardEmojis(data: pasted.data)
    } catch {
        require(false, "what pasted does not paste again after a copy: \(error)")
        return 0
    }
    require(again == pasted, "a copy of what pasted changed it")
    for emoji in pasted.placed(at: DocumentPoint(x: limit, y: -limit)) {
        require(emoji.position.x.isFinite && emoji.position.y.isFinite, "placed off every finite point")
    }
    return 0
}

FuzzDriver.run(testOneInput)
