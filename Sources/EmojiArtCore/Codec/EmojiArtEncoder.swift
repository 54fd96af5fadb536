import Foundation

/// Writes `.emojiart` JSON in the original iOS app's shape plus `formatVersion` (SPEC M4).
/// x, y and size are written as integers (size at least 1) because the iOS app decodes them as
/// Int and refuses 80.5. Keys are sorted, so saving the same model twice gives the same bytes.
public struct EmojiArtEncoder: Sendable {
    public init() {}

    public func encode(_ model: EmojiArtModel) -> Data {
        var output = [UInt8]()
        output.reserveCapacity(64 + model.emojis.count * 56 + backgroundByteEstimate(model.background))
        output.append(contentsOf: #"{"background":"#.utf8)
        appendBackground(model.background, to: &output)
        if let collab = model.collab {
            // Only in a shared document (C6): the iOS app ignores the key.
            output.append(contentsOf: #","collab":{"room":"#.utf8)
            appendString(collab.room, to: &output)
            output.append(contentsOf: #","server":"#.utf8)
            appendString(collab.server, to: &output)
            output.append(UInt8(ascii: "}"))
        }
        if let documentID = model.documentID {
            // Only once the document has needed one (H1): the iOS app ignores the key.
            output.append(contentsOf: #","documentID":"#.utf8)
            appendString(documentID.uuidString.lowercased(), to: &output)
        }
        output.append(contentsOf: #","emojis":["#.utf8)
        for (index, emoji) in model.emojis.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            appendEmoji(emoji, to: &output)
        }
        output.append(contentsOf: #"],"formatVersion":"#.utf8)
        appendInteger(EmojiArtFormat.currentVersion, to: &output)
        output.append(contentsOf: #","uniqueEmojiId":"#.utf8)
        appendInteger(model.uniqueEmojiId, to: &output)
        output.append(contentsOf: "}\n".utf8)
        return Data(output)
    }

    private func appendBackground(_ background: Background, to output: inout [UInt8]) {
        switch background {
        case .blank:
            output.append(contentsOf: "{}".utf8)
        case .url(let url):
            output.append(contentsOf: #"{"theURL":"#.utf8)
            appendString(url.absoluteString, to: &output)
            output.append(UInt8(ascii: "}"))
        case .imageData(let data):
            output.append(contentsOf: #"{"imageData":""#.utf8)
            output.append(contentsOf: data.base64EncodedString().utf8)
            output.append(contentsOf: #""}"#.utf8)
        }
    }

    private func appendEmoji(_ emoji: Emoji, to output: inout [UInt8]) {
        let limit = EmojiArtFormat.maxCoordinateMagnitude
        let sizes = EmojiArtFormat.sizeRange
        // Keys in sorted order; `cid`, `flipped`, `group`, `locked`, `rotation` and `z` only when
        // set, so an upright emoji of an unshared document is written exactly as the iOS app
        // writes it (M3, C6, R3, R4).
        output.append(UInt8(ascii: "{"))
        if let cid = emoji.cid {
            output.append(contentsOf: #""cid":"#.utf8)
            appendString(cid, to: &output)
            output.append(UInt8(ascii: ","))
        }
        if emoji.flipped { output.append(contentsOf: #""flipped":true,"#.utf8) }
        if let group = emoji.group, GroupID.isValid(group) {
            output.append(contentsOf: #""group":"#.utf8)
            appendString(group, to: &output)
            output.append(UInt8(ascii: ","))
        }
        output.append(contentsOf: #""id":"#.utf8)
        appendInteger(emoji.id, to: &output)
        if emoji.locked { output.append(contentsOf: #","locked":true"#.utf8) }
        if emoji.rotation != 0, emoji.rotation.isFinite {
            output.append(contentsOf: #","rotation":"#.utf8)
            appendAngle(emoji.rotation, to: &output)
        }
        output.append(contentsOf: #","size":"#.utf8)
        appendInteger(writable(emoji.size, in: sizes.lowerBound...sizes.upperBound), to: &output)
        output.append(contentsOf: #","text":"#.utf8)
        appendString(emoji.text, to: &output)
        output.append(contentsOf: #","x":"#.utf8)
        appendInteger(writable(emoji.position.x, in: -limit...limit), to: &output)
        output.append(contentsOf: #","y":"#.utf8)
        appendInteger(writable(emoji.position.y, in: -limit...limit), to: &output)
        if let z = emoji.z {
            output.append(contentsOf: #","z":"#.utf8)
            appendString(z, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Rounds to an integer inside the range the decoder accepts, so every file we write opens again.
    private func writable(_ value: Double, in range: ClosedRange<Double>) -> Int {
        guard value.isFinite else { return Int(max(range.lowerBound, min(range.upperBound, 0))) }
        return Int(max(range.lowerBound, min(range.upperBound, value.rounded())))
    }

    /// An angle in degrees to 1/100°: integral angles as integers, others as short decimals.
    private func appendAngle(_ degrees: Double, to output: inout [UInt8]) {
        let hundredths = (degrees * 100).rounded()
        if hundredths.truncatingRemainder(dividingBy: 100) == 0 {
            appendInteger(Int(hundredths / 100), to: &output)
        } else {
            output.append(contentsOf: String(hundredths / 100).utf8)
        }
    }

    private func appendInteger(_ value: Int, to output: inout [UInt8]) {
        output.append(contentsOf: String(value).utf8)
    }

    private func appendString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case ..<0x20:
                let hex = String(byte, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private func backgroundByteEstimate(_ background: Background) -> Int {
        if case .imageData(let data) = background { return data.count * 4 / 3 + 8 }
        return 256
    }
}
