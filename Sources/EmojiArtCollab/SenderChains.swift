import Crypto
import EmojiArtCore
import Foundation

/// Each sender's pushes, chained (C10): a push names the hash of its sender's previous one, and
/// a sender's push numbers follow one another. Remembered with the confirmed replica (across
/// restarts) and inside snapshots, so a relay that replays, reorders, withholds or rolls back
/// pushes is caught: it cannot forge a sealed push, only send real ones again, out of order,
/// not at all, or from an older state.
public struct SenderChains: Hashable, Sendable, Codable {
    /// The last push taken from each sender in this epoch.
    public private(set) var marks: [ClientID: SenderMark] = [:]

    public init(marks: [ClientID: SenderMark] = [:]) {
        self.marks = marks
    }

    /// What a push is, next to what was taken from its sender before.
    public enum Verdict: Hashable, Sendable {
        /// The sender's next push: apply it.
        case next
        /// A push taken already (or older): ignore it.
        case replayed
        /// Pushes of this sender before it never arrived (withheld, or refused by the relay):
        /// apply it, and say so.
        case afterGap(missing: ClosedRange<Int>)
        /// It does not follow the sender's previous push: someone's history was changed.
        case forked
    }

    /// Takes a push from `sender` whose link is (`previous`, `cseq`, `ops`), and says what it is.
    /// Replays change nothing; everything else moves the sender's mark to this push.
    public mutating func take(from sender: ClientID, cseq: Int, previous: String?, ops: [CollabOp]) -> Verdict {
        let mark = marks[sender]
        let lastCseq = mark?.cseq ?? 0
        guard cseq > lastCseq else { return .replayed }
        marks[sender] = SenderMark(cseq: cseq, hash: Self.linkHash(previous: previous, cseq: cseq, ops: ops))
        // The first push seen from a sender starts its chain here: numbers carry on across
        // epochs, so what came before may be in a log the relay lost.
        guard let mark else { return .next }
        if cseq > lastCseq + 1 { return .afterGap(missing: (lastCseq + 1)...(cseq - 1)) }
        return previous == mark.hash ? .next : .forked
    }

    /// Takes the marks of a snapshot's chains where they are ahead of mine (mine carry on across
    /// epochs, so a push replayed from an earlier one stays a replay).
    public mutating func merge(_ other: SenderChains) {
        for (sender, mark) in other.marks where mark.cseq > marks[sender]?.cseq ?? 0 { marks[sender] = mark }
    }

    /// A push of an earlier protocol (no chain): only its number is checked.
    public mutating func takeUnchained(from sender: ClientID, cseq: Int) -> Verdict {
        let lastCseq = marks[sender]?.cseq ?? 0
        guard cseq > lastCseq else { return .replayed }
        marks[sender] = SenderMark(cseq: cseq, hash: marks[sender]?.hash ?? "")
        return .next
    }

    /// The hash of one link: what the sender's next push names as its previous one. Over a
    /// canonical text of the link (every replica, of any build, writes the same), not JSON,
    /// which costs most of a debug build's sync.
    public static func linkHash(previous: String?, cseq: Int, ops: [CollabOp]) -> String {
        var text = "link-2\u{0}\(previous ?? "-")\u{0}\(cseq)"
        for op in ops { op.writeCanonical(to: &text) }
        return SHA256.hex(Data(text.utf8))
    }
}

extension CollabOp {
    /// One op as text: fields in a fixed order, separated by U+0001, numbers in Swift's
    /// shortest round-trip form.
    func writeCanonical(to text: inout String) {
        let separator = "\u{1}"
        func field(_ value: FieldValue) -> String {
            switch value {
            case .text(let string): "text=" + string
            case .x(let number): "x=\(number)"
            case .y(let number): "y=\(number)"
            case .size(let number): "size=\(number)"
            case .rotation(let number): "rotation=\(number)"
            case .flipped(let flag): "flipped=\(flag)"
            case .z(let key): "z=" + key.rawValue
            case .deleted(let flag): "deleted=\(flag)"
            case .group(let group?): "group=" + group
            case .group(nil): "group"
            case .locked(let flag): "locked=\(flag)"
            }
        }
        func background(_ value: CollabBackground?) -> String {
            switch value {
            case nil: "-"
            case .blank?: "blank"
            case .url(let address)?: "url=" + address
            case .image(let name)?: "image=" + name
            }
        }
        let parts: [String]
        switch self {
        case .add(let values):
            // A group and a lock only when set: an add without them links as it did before them.
            parts =
                [
                    "\u{0}add", values.cid.description, values.text, "\(values.x)", "\(values.y)", "\(values.size)", "\(values.rotation)",
                    "\(values.flipped)", values.z.rawValue, "\(values.deleted)",
                ]
                + (values.group.map { ["group=" + $0] } ?? []) + (values.locked ? ["locked=true"] : [])
                + (values.restored ? ["restored=true"] : [])
        case .set(let cid, let value, let expected):
            parts = ["\u{0}set", cid.description, field(value), expected.map(field) ?? "-"]
        case .background(let value, let expected):
            parts = ["\u{0}background", background(value), background(expected)]
        }
        text += parts.joined(separator: separator)
    }
}

/// The last push taken from one sender.
public struct SenderMark: Hashable, Sendable, Codable {
    public var cseq: Int
    public var hash: String

    public init(cseq: Int, hash: String) {
        self.cseq = cseq
        self.hash = hash
    }
}
