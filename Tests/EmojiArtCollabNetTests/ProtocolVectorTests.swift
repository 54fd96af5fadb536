import Crypto
import EmojiArtCollabNet
import EmojiArtCore
import Foundation
import Testing

@testable import EmojiArtCollab

/// Protocol 3's test vectors (docs/sharing.md, "Keys"): one room key, everything derived from it,
/// a proof's and a push's signatures, a sealed push, protocol 2's upgrade proof, a chain of ops
/// with their canonical texts and link hashes (numbers as Swift writes them), a sealed blob and a
/// signed snapshot with its state's digest, in `data/protocol/protocol-3-vectors.json`, which every
/// implementation of the protocol checks (the browser client's tests read it too, web/tests).
/// `EMOJIART_WRITE_VECTORS=1` writes the file anew (new sealed texts: AES-GCM's nonce is random).
@Suite struct ProtocolVectorTests {
    static let file = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../data/protocol/protocol-3-vectors.json")
        .standardized

    struct Vectors: Codable, Equatable {
        var roomKey: String
        var sealingKey: String
        var legacyAccessKey: String
        var editorPublicKey: String
        var viewerPublicKey: String
        var viewKey: String
        var registration: RoomRegistration
        var storedVerifier: String
        var hello: Hello
        var push: Push
        var legacyProof: String
        var chain: [Link]
        var blob: Blob
        var snapshot: Snapshot

        struct Hello: Codable, Equatable {
            var nonce: String
            var room: String
            var client: String
            var role: RoomRole
            var signedText: String
            var signature: String
            var viewerSignature: String
        }

        /// One push of a sender's chain: its ops as text (`writeCanonical`) and its link's hash.
        struct Link: Codable, Equatable {
            var cseq: Int
            var previous: String?
            var ops: [CollabOp]
            var canonical: String
            var hash: String
        }

        struct Blob: Codable, Equatable {
            var room: String
            var image: String
            var sealed: String
            var name: String
        }

        struct Snapshot: Codable, Equatable {
            var room: String
            var epoch: String
            var seq: Int
            var content: PayloadContent
            var digest: String
            var sealed: String
            var signature: String
        }

        struct Push: Codable, Equatable {
            var room: String
            var epoch: String
            var client: String
            var cseq: Int
            var content: PayloadContent
            var sealed: String
            var signature: String
        }
    }

    /// Ops whose canonical texts hold what differs between languages: Swift's numbers (`10.0`,
    /// `1e-05`, `1e+16`, `-0.0`), a group and no group, a lock, a restored add, every background.
    static func chainOps(_ client: ClientID) -> [[CollabOp]] {
        let fox = CollabID(client: client, counter: 1)
        var restored = EmojiValues(
            cid: CollabID(client: ClientID("otherClient1")!, counter: 7), text: "🐻‍❄️", x: 1e16, y: -0.0, size: 1e-5, z: ZKey("a0V")!)
        restored.restored = true
        return [
            [
                .add(
                    EmojiValues(
                        cid: fox, text: "🦊", x: 10, y: -20.5, size: 40, rotation: 0.1 + 0.2, z: ZKey("a0")!, group: "g1", locked: true))
            ],
            [.add(restored), .set(cid: fox, value: .x(123456789012345.0)), .set(cid: fox, value: .group(nil), expected: .group("g1"))],
            [
                .set(cid: fox, value: .z(ZKey("a1x")!)), .set(cid: fox, value: .flipped(true)), .set(cid: fox, value: .text("☀️")),
                .background(.url("https://example.org/a b.png")),
                .background(.image(sha256: String(repeating: "ab", count: 32)), expected: .blank),
                .background(.blank, expected: .url("x")),
            ],
        ]
    }

    static func vectors(sealed: String?, blob sealedBlob: String? = nil, snapshot sealedSnapshot: String? = nil) throws -> Vectors {
        let key = try RoomKey(text: "AAECAwQFBgcICQoLDA0ODw")
        let credentials = key.credentials
        let viewer = try #require(key.viewKey).credentials
        let room = "vectorRoom01"
        let client = ClientID("vectorClnt01")!
        let challenge = RelayMessage.Challenge(nonce: "bm9uY2Utb2YtdGhlLXJlbGF5")
        let proof = credentials.proof(answering: challenge, room: room, client: client, secret: "AAAAAAAAAAAAAAAAAAAAAA")
        let viewerProof = viewer.proof(answering: challenge, room: room, client: client, secret: "AAAAAAAAAAAAAAAAAAAAAA")
        let content = PayloadContent.push(
            PushContent(
                previous: nil,
                ops: [.add(EmojiValues(cid: CollabID(client: client, counter: 1), text: "🦊", x: 10, y: -20.5, size: 40, z: ZKey("a0")!))]))
        let context = SealContext(room: room, epoch: "epoch-1", kind: .push, sender: client, counter: 1)
        let sealedText: String
        if let sealed {
            sealedText = sealed
        } else {
            guard case .sealed(let text) = try AESGCMSealer(key: key).seal(content, context: context) else { throw SealError.badKey }
            sealedText = text
        }
        let legacyAccess = KeyDerivation.key(
            from: try #require(Base64URL.decode(key.text)), salt: KeyDerivation.protocol2, info: "access", length: 32)
        let helloText = Signed.hello(nonce: challenge.nonce, room: room, client: client, role: .edit)
        let sealer = AESGCMSealer(key: key)
        var chain = [Vectors.Link]()
        var previous: String?
        var state = CollabState()
        var senders = SenderChains()
        for (index, ops) in chainOps(client).enumerated() {
            var canonical = ""
            for op in ops { op.writeCanonical(to: &canonical) }
            let hash = SenderChains.linkHash(previous: previous, cseq: index + 1, ops: ops)
            chain.append(.init(cseq: index + 1, previous: previous, ops: ops, canonical: canonical, hash: hash))
            _ = senders.take(from: client, cseq: index + 1, previous: previous, ops: ops)
            state.apply(ops, from: client)
            previous = hash
        }
        // Another member's edits: a field written by someone else, an add of an id not theirs.
        let other = ClientID("otherClient1")!
        state.apply([.set(cid: CollabID(client: client, counter: 1), value: .size(64))], from: other)
        state.apply(
            [.add(EmojiValues(cid: CollabID(client: other, counter: 1), text: "🐸", x: -3.25, y: 4, size: 50, z: ZKey("a2")!))], from: other)
        let image = Data("an image's bytes, sealed as a blob".utf8)
        let blobBytes = try sealedBlob.map { try #require(Data(base64Encoded: $0)) } ?? sealer.sealBlob(image, room: room)
        let snapshotContent = PayloadContent.roomSnapshot(RoomSnapshot(epoch: "epoch-1", seq: 1000, state: state, senders: senders))
        let snapshotText: String
        if let sealedSnapshot {
            snapshotText = sealedSnapshot
        } else {
            let context = SealContext(room: room, epoch: "epoch-1", kind: .snapshot, sender: nil, counter: 1000)
            guard case .sealed(let text) = try sealer.seal(snapshotContent, context: context) else { throw SealError.badKey }
            snapshotText = text
        }
        return Vectors(
            roomKey: key.text,
            sealingKey: Base64URL.encode(credentials.sealingKey),
            legacyAccessKey: Base64URL.encode(legacyAccess),
            editorPublicKey: Base64URL.encode(credentials.editorKey),
            viewerPublicKey: Base64URL.encode(credentials.viewerKey),
            viewKey: try #require(key.viewKey).text,
            registration: credentials.registration,
            storedVerifier: try #require(RoomVerifier(credentials.registration)).stored,
            hello: .init(
                nonce: challenge.nonce, room: room, client: client.rawValue, role: .edit,
                signedText: String(decoding: helloText, as: UTF8.self).replacingOccurrences(of: "\u{0}", with: "\\0"),
                signature: proof.signature, viewerSignature: viewerProof.signature),
            push: .init(
                room: room, epoch: "epoch-1", client: client.rawValue, cseq: 1, content: content, sealed: sealedText,
                signature: try #require(credentials.sign(Signed.push(room: room, client: client, cseq: 1, payload: .sealed(sealedText))))),
            legacyProof: LegacyAccess(key: legacyAccess).proof(nonce: challenge.nonce, room: room, client: client),
            chain: chain,
            blob: .init(
                room: room, image: image.base64EncodedString(), sealed: blobBytes.base64EncodedString(), name: SHA256.hex(blobBytes)),
            snapshot: .init(
                room: room, epoch: "epoch-1", seq: 1000, content: snapshotContent, digest: state.digest, sealed: snapshotText,
                signature: try #require(credentials.sign(Signed.snapshot(room: room, seq: 1000, payload: .sealed(snapshotText))))))
    }

    @Test("the shared vectors hold: derivations, signatures (RFC 8032, deterministic) and a sealed push that opens and verifies")
    func vectorsHold() throws {
        if ProcessInfo.processInfo.environment["EMOJIART_WRITE_VECTORS"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(try Self.vectors(sealed: nil)).write(to: Self.file)
        }
        let stored = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: Self.file))
        #expect(try Self.vectors(sealed: stored.push.sealed, blob: stored.blob.sealed, snapshot: stored.snapshot.sealed) == stored)
        let sealer = AESGCMSealer(key: try RoomKey(text: stored.roomKey))
        #expect(
            try sealer.openBlob(try #require(Data(base64Encoded: stored.blob.sealed)), room: stored.blob.room)
                == Data(base64Encoded: stored.blob.image))
        let snapshotContext = SealContext(
            room: stored.snapshot.room, epoch: stored.snapshot.epoch, kind: .snapshot, sender: nil, counter: 1000)
        #expect(try sealer.open(.sealed(stored.snapshot.sealed), context: snapshotContext) == stored.snapshot.content)
        // The sealed push opens with the view link's key too, in its epoch only.
        let viewer = AESGCMSealer(key: try RoomKey(text: stored.viewKey))
        let client = ClientID(stored.push.client)!
        let context = SealContext(room: stored.push.room, epoch: stored.push.epoch, kind: .push, sender: client, counter: 1)
        #expect(try viewer.open(.sealed(stored.push.sealed), context: context) == stored.push.content)
        #expect(
            viewer.credentials.isEdit(
                Signed.push(room: stored.push.room, client: client, cseq: 1, payload: .sealed(stored.push.sealed)),
                signedWith: stored.push.signature))
    }
}
