import EmojiArtCollab
import EmojiArtCollabNet
import Foundation
import Testing

/// Protocol 3's test vectors (docs/sharing.md, "Keys"): one room key, everything derived from it,
/// a proof's and a push's signatures and a sealed push, in `data/protocol/protocol-3-vectors.json`,
/// which every implementation of the protocol checks (the browser client's tests read it too).
/// `EMOJIART_WRITE_VECTORS=1` writes the file anew (a new sealed push: AES-GCM's nonce is random).
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

        struct Hello: Codable, Equatable {
            var nonce: String
            var room: String
            var client: String
            var role: RoomRole
            var signedText: String
            var signature: String
            var viewerSignature: String
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

    static func vectors(sealed: String?) throws -> Vectors {
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
        let helloText = Signed.hello(nonce: challenge.nonce, room: room, client: client, role: .edit)
        return Vectors(
            roomKey: key.text,
            sealingKey: Base64URL.encode(credentials.sealingKey),
            legacyAccessKey: Base64URL.encode(
                HMAC.hkdf(
                    inputKey: Base64URL.decode(key.text)!, salt: Array("emojiart room 2".utf8), info: Array("access".utf8), length: 32)),
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
                signature: try #require(credentials.sign(Signed.push(room: room, client: client, cseq: 1, payload: .sealed(sealedText))))))
    }

    @Test("the shared vectors hold: derivations, signatures (RFC 8032, deterministic) and a sealed push that opens and verifies")
    func vectorsHold() throws {
        if ProcessInfo.processInfo.environment["EMOJIART_WRITE_VECTORS"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(try Self.vectors(sealed: nil)).write(to: Self.file)
        }
        let stored = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: Self.file))
        #expect(try Self.vectors(sealed: stored.push.sealed) == stored)
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
