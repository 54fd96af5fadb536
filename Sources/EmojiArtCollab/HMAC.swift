import EmojiArtCore
import Foundation

/// HMAC-SHA256 (RFC 2104) and HKDF-SHA256 (RFC 5869) on this target's `SHA256`: what a room's
/// membership (C10) needs, here rather than in the networking target so the relay, the in-memory
/// relay and the sync engine check proofs with the same code and no package dependency.
public enum HMAC {
    public static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        let blockSize = 64
        var block = key.count > blockSize ? SHA256.digest(Data(key)) : key
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        let inner = SHA256.digest(Data(block.map { $0 ^ 0x36 } + message))
        return SHA256.digest(Data(block.map { $0 ^ 0x5c } + inner))
    }

    /// HKDF extract-and-expand: `length` bytes (at most 255 × 32) of key material for `info`.
    public static func hkdf(inputKey: [UInt8], salt: [UInt8], info: [UInt8], length: Int) -> [UInt8] {
        precondition(length <= 255 * 32, "HKDF-SHA256 gives at most 8160 bytes")
        let pseudorandomKey = sha256(key: salt.isEmpty ? [UInt8](repeating: 0, count: 32) : salt, message: inputKey)
        var output = [UInt8]()
        var previous = [UInt8]()
        var counter: UInt8 = 1
        while output.count < length {
            previous = sha256(key: pseudorandomKey, message: previous + info + [counter])
            output += previous
            counter &+= 1
        }
        return Array(output.prefix(length))
    }

    /// Compares in time that does not depend on where two byte strings differ (proofs, tokens).
    public static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}

/// Bytes as text in links and frames: base64url without padding (as the room key in a link).
public enum Base64URL {
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Nil for text that is not base64url.
    public static func decode(_ text: String) -> [UInt8]? {
        guard text.utf8.count <= 4096 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64).map { [UInt8]($0) }
    }
}
