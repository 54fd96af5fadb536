import EmojiArtCore
import Foundation

/// Each replica's own Int ids for the room's emojis (COLLAB "Identity"): selection, hit testing
/// and the file's iOS shape use them; they stay the same for an emoji while the session lives.
public struct LocalEmojiIDs: Hashable, Sendable {
    public private(set) var byCID: [CollabID: Int] = [:]
    public private(set) var lastID = 0

    public init() {}

    public mutating func id(for cid: CollabID) -> Int {
        if let id = byCID[cid] { return id }
        lastID += 1
        byCID[cid] = lastID
        return lastID
    }

    /// Keeps an id the document already had (after a share or an open), when it is free.
    mutating func adopt(_ id: Int, for cid: CollabID) {
        guard byCID[cid] == nil, id > 0, !byCID.values.contains(id) else { return }
        byCID[cid] = id
        lastID = max(lastID, id)
    }

    public func cid(for id: Int) -> CollabID? {
        byCID.first { $0.value == id }?.key
    }
}

extension CollabState {
    /// The document a window shows and autosaves: visible emojis in drawing order (z, cid) with
    /// their `cid` and `z`, deleted ones absent. An image background whose blob is not here yet
    /// (`imageData` returns nil) is blank until it arrives.
    public func model(ids: inout LocalEmojiIDs, room: SharedRoom?, imageData: (String) -> Data? = { _ in nil }) -> EmojiArtModel {
        let emojis = drawingOrder.map { record in
            Emoji(
                id: ids.id(for: record.cid), text: record.text.value,
                position: DocumentPoint(x: record.x.value, y: record.y.value), size: record.size.value,
                rotation: record.rotation.value, flipped: record.flipped.value,
                cid: record.cid.description, z: record.z.value.rawValue, group: record.group.value,
                locked: record.locked.value)
        }
        let background: Background
        switch self.background.value {
        case .blank: background = .blank
        case .url(let text): background = URL(string: text).map(Background.url) ?? .blank
        case .image(let hash): background = imageData(hash).map(Background.imageData) ?? .blank
        }
        return EmojiArtModel(background: background, emojis: emojis, uniqueEmojiId: ids.lastID, collab: room)
    }
}

/// A document entering a room (sharing it, or re-opening a shared file): the ops that add it.
public struct CollabImport: Sendable {
    public var ops: [CollabOp]
    /// The background image by the name of its blob (what the ops name).
    public var images: [String: Data]
    /// The sealed blobs to upload, by name (the SHA-256 of their bytes, C7).
    public var uploads: [String: Data]
    /// The document's own ids, kept for the emojis they belong to.
    public var ids: LocalEmojiIDs

    /// Every emoji keeps a valid `cid` it has (the first one, when a file holds it twice) and
    /// gets a new one otherwise; z keys are kept while they rise in the file's order and made
    /// anew above the previous one where they do not, so the drawing order is the file's. A
    /// `file://` background is not sent: pass the model through `RoomBackgroundRule` first.
    /// - Throws: the sealer's error when the background image cannot be sealed.
    public init(model: EmojiArtModel, session: SyncSession) throws {
        var ops = [CollabOp]()
        var used = Set<CollabID>()
        var previousZ: ZKey?
        var ids = LocalEmojiIDs()
        for emoji in model.emojis {
            let kept = emoji.cid.flatMap(CollabID.init).flatMap { used.contains($0) ? nil : $0 }
            let cid = kept ?? session.newCollabID()
            used.insert(cid)
            let z: ZKey
            if let written = emoji.z.flatMap(ZKey.init), previousZ.map({ $0 < written }) ?? true {
                z = written
            } else {
                z = ZKey.between(previousZ, nil, using: &session.random)
            }
            previousZ = z
            ids.adopt(emoji.id, for: cid)
            var values = EmojiValues(
                cid: cid, text: emoji.text, x: emoji.position.x, y: emoji.position.y, size: emoji.size,
                rotation: emoji.rotation, flipped: emoji.flipped, z: z, group: emoji.group, locked: emoji.locked)
            // Another member's emoji of a file shared before: the room has it again, its id
            // still its owner's (C10).
            values.restored = cid.client != session.client
            ops.append(.add(values))
        }
        var images = [String: Data]()
        var uploads = [String: Data]()
        switch model.background {
        case .blank: break
        case .url(let url):
            // C7: a file address never enters a room; `RoomBackgroundRule.backgroundToShare`
            // embeds this computer's images before, and another computer's are not sent back.
            if !url.isFileURL { ops.append(.background(.url(url.absoluteString))) }
        case .imageData(let data):
            let blob = try session.sealedBlob(of: data)
            images[blob.name] = data
            uploads[blob.name] = blob.bytes
            ops.append(.background(.image(sha256: blob.name)))
        }
        self.ops = ops
        self.images = images
        self.uploads = uploads
        self.ids = ids
    }
}
