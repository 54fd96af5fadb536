/// A stable 64-bit FNV-1a hash of a path, as 16 hex digits, naming its window-state file.
///
/// Swift's `hashValue` changes with every launch and CryptoKit is not on Linux; FNV-1a is tiny,
/// stable, and good enough because the file also stores the full path to catch a collision.
enum PathHash {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x100_0000_01b3

    static func fnv1a64(_ text: String) -> UInt64 {
        text.utf8.reduce(offsetBasis) { hash, byte in (hash ^ UInt64(byte)) &* prime }
    }

    static func hexDigits(of text: String) -> String {
        let digits = String(fnv1a64(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
