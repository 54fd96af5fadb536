import Crypto
import Foundation

extension SHA256 {
    /// The lowercase hex digest of `data`: how the protocol names a blob, links a sender's chain
    /// and digests a room's state (texts the shared vectors pin, data/protocol).
    public static func hex(_ data: some DataProtocol) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: hash(data: data).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] }, as: UTF8.self)
    }
}
