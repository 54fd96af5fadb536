/// One emoji placed on the canvas (SPEC M3).
public struct Emoji: Identifiable, Hashable, Sendable {
    /// Unique within its document; handed out by `EmojiArtModel` counting up from 1.
    public let id: Int
    /// One emoji grapheme.
    public var text: String
    public var position: DocumentPoint
    /// The font point size at zoom 1 (one point is one logical pixel).
    public var size: Double
    /// Degrees clockwise about the emoji's centre, −180 < r ≤ 180 (beyond the original, M3).
    public var rotation: Double {
        didSet { rotation = Self.normalized(rotation: rotation) }
    }
    /// Mirrored left–right (beyond the original, M3), applied before the rotation.
    public var flipped: Bool
    /// In a shared document (SPEC C6), the emoji's collaboration id `<clientID>.<counter>`, the
    /// same in every replica of the room; nil in a document that was never shared. Kept as written.
    public var cid: String?
    /// In a shared document, the emoji's fractional z key: drawing order is (z, cid). Kept as written.
    public var z: String?
    /// The group the emoji belongs to (R3), nil when it is in none: the emojis of one group id
    /// are selected, moved and arranged as one. See `GroupID`.
    public var group: String?
    /// Locked emojis (R4) draw and export, but cannot be selected or moved until unlocked.
    public var locked: Bool

    public init(
        id: Int, text: String, position: DocumentPoint, size: Double, rotation: Double = 0, flipped: Bool = false,
        cid: String? = nil, z: String? = nil, group: String? = nil, locked: Bool = false
    ) {
        self.id = id
        self.text = text
        self.position = position
        self.size = size
        self.rotation = Self.normalized(rotation: rotation)
        self.flipped = flipped
        self.cid = cid
        self.z = z
        self.group = group
        self.locked = locked
    }

    /// The same emoji under another id (fresh ids for duplicates, pastes). The copy has no `cid`
    /// or `z`: to a room it is a new emoji, which gets its own when it is shared. It keeps its
    /// lock and its group; copies get a group of their own from `withFreshGroupIDs(using:)`.
    public func withID(_ newID: Int) -> Emoji {
        Emoji(
            id: newID, text: text, position: position, size: size, rotation: rotation, flipped: flipped,
            group: group, locked: locked)
    }

    /// Core knows no fonts: for hit testing, the selection mark and bounds an emoji is the
    /// square of side `size` centred on its position, turned by `rotation` (DESIGN "Fonts, sizes,
    /// geometry"). This is the unrotated square.
    public var frame: DocumentRect {
        DocumentRect(center: position, size: DocumentSize(width: size, height: size))
    }

    /// An emoji's size in points when nothing says otherwise: added at normal text size (D1),
    /// read from a file that gives none (M4), and in the browser client (web/client/main.js).
    public static let defaultSize = 40.0

    /// Brings any angle into −180 < r ≤ 180, so equal turns compare equal; non-finite is 0.
    public static func normalized(rotation: Double) -> Double {
        guard rotation.isFinite else { return 0 }
        var angle = rotation.truncatingRemainder(dividingBy: 360)
        if angle <= -180 { angle += 360 }
        if angle > 180 { angle -= 360 }
        return angle == 0 ? 0 : angle  // no −0 in files
    }
}
