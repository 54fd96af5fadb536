import Crypto
import EmojiArtCore
import Foundation

/// What a session seals and opens besides pushes: background images (C7) and the snapshot it
/// compacts the room with. (Presence and drag frames are `RoomPresence`'s.)
extension SyncSession {
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
