import Crypto
import EmojiArtCore
import Foundation

/// What a session seals and opens besides pushes: drag previews, presence, background images
/// (C7) and the snapshot it compacts the room with.
extension SyncSession {
    /// The frame a forwarded preview holds, if it opens.
    /// The frame a forwarded preview holds, if it opens and is newer than the last from its
    /// sender (a replayed one is dropped, C10).
    public func previewFrame(_ forwarded: RelayMessage.Forwarded) -> PreviewFrame? {
        guard case .preview(let frame)? = open(forwarded.payload, context(.preview, sender: forwarded.client, counter: 0)),
            frameClock.isFresh(frame.seq, from: forwarded.client, kind: .preview)
        else { return nil }
        return frame
    }

    /// Frames to show my drag or my presence to others (not stored by the relay), numbered.
    public func previewMessage(_ frame: PreviewFrame) throws -> ClientMessage {
        var frame = frame
        frame.seq = frameClock.next()
        return .preview(try sealer.seal(.preview(frame), context: context(.preview, sender: client, counter: 0)))
    }

    public func presenceMessage(_ presence: Presence) throws -> ClientMessage {
        var presence = presence
        presence.seq = frameClock.next()
        return .presence(try sealer.seal(.presence(presence), context: context(.presence, sender: client, counter: 0)))
    }

    // MARK: - Blobs (C7)

    /// A background image as the sealed blob to upload, and the name an op gives it.
    public func sealedBlob(of image: Data) throws -> (name: String, bytes: Data) {
        let bytes = try sealer.sealBlob(image, room: room)
        return (SHA256.hex(bytes), bytes)
    }

    /// The image in a blob the relay sent for `name`: nil when the bytes are not the blob of
    /// that name, or do not open with the room's key.
    public func image(inBlob bytes: Data, named name: String) -> Data? {
        guard SHA256.hex(bytes) == name else { return nil }
        do {
            return try sealer.openBlob(bytes, room: room)
        } catch {
            report(error)
            return nil
        }
    }

    /// Compaction (COLLAB): my confirmed state as the room's snapshot at `confirmedSeq`, with
    /// each sender's chain there.
    public func snapshotMessage() throws -> ClientMessage {
        let snapshot = RoomSnapshot(epoch: epoch ?? "", seq: confirmedSeq, state: confirmed, senders: chains)
        let payload = try sealer.seal(.roomSnapshot(snapshot), context: context(.snapshot, sender: nil, counter: confirmedSeq))
        let signature = credentials.sign(Signed.snapshot(room: room, seq: confirmedSeq, payload: payload))
        return .snapshot(ClientMessage.SnapshotPush(seq: confirmedSeq, payload: payload, signature: signature))
    }
}
