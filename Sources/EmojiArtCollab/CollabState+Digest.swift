import Crypto
import EmojiArtCore
import Foundation

extension CollabState {
    /// A hash of everything a replica holds (records in cid order, writers included): equal on
    /// replicas that applied the same ops (invariant 5), so a snapshot names the state it is.
    public var digest: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let records = emojis.values.sorted { $0.cid < $1.cid }
        var data = (try? encoder.encode(records)) ?? Data()
        data.append((try? encoder.encode(background)) ?? Data())
        return SHA256.hex(data)
    }
}
