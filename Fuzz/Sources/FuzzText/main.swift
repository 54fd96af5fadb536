import EmojiArtCore
import Foundation
import FuzzSupport

// Dropped and pasted text (SPEC D1, D2, P3) on any bytes: the emoji rule, `imgurl=` unwrapping
// and the web-URL test. Whatever they return must itself pass the rule they claim.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = String(decoding: FuzzDriver.data(bytes, count), as: UTF8.self)
    for character in text where character.isEmoji {
        // D1 narrows the original app's rule, which clipboards and rooms hold emojis to
        // (`EmojiLimits`): what a person may add must also travel.
        require(character.isEmojiByOriginalRule, "\(String(character).debugDescription) passes D1 but not the original's rule")
    }
    if let emoji = text.leadingEmoji {
        require(emoji.count == 1 && emoji.first?.isEmoji == true, "leadingEmoji gave “\(emoji)”")
    }
    if let emoji = text.singleEmoji {
        require(emoji == text.leadingEmoji, "singleEmoji and leadingEmoji disagree")
    }
    checkEmojiString(text.uniqueEmojis, from: text)
    let half = text.index(text.startIndex, offsetBy: text.count / 2)
    checkEmojiString(String.mergingEmojis(String(text[..<half]), into: String(text[half...])), from: text)

    if let url = text.webURL {
        require(url.isWebURL, "webURL gave \(url)")
        require(url.unwrappedImageURL.isWebURL, "a web URL unwrapped to \(url.unwrappedImageURL)")
    }
    // Escapes survive (DESIGN "URL escapes on Linux"): the URL made from the text decodes to
    // what the text decodes to, so no `%` was escaped twice and no escape was lost.
    if let url = URL(keepingEscapesOf: text), let decoded = text.removingPercentEncoding {
        require(url.absoluteString.removingPercentEncoding == decoded,
                "\(text.debugDescription) became \(url.absoluteString)")
    }
    if let url = URL(string: text) {
        let unwrapped = url.unwrappedImageURL
        require(unwrapped == url || unwrapped.isWebURL, "\(url) unwrapped to \(unwrapped)")
    }
    return 0
}

/// A palette string (P3) holds only emojis, each once, and reads back as the same characters.
func checkEmojiString(_ emojis: String, from text: String) {
    require(emojis.allSatisfy(\.isEmoji), "a non-emoji kept from \(text.debugDescription)")
    require(Set(emojis).count == emojis.count, "a duplicate kept from \(text.debugDescription)")
}

FuzzDriver.run(testOneInput)
