import EmojiArtCollabTestSupport
import Foundation
import Testing

@testable import EmojiArtCollab

@Suite struct WireCodecTests {
    static let ann = ClientID("ann")!
    static let cid = CollabID(client: ann, counter: 3)
    static let ops: [CollabOp] = [
        .add(
            EmojiValues(cid: cid, text: "🐻‍❄️", x: -1.5, y: 2e-7, size: 26.666666666666668, rotation: -33.25, flipped: true, z: ZKey("a0V")!)),
        .set(cid: cid, value: .x(0.1 + 0.2)),
        .set(cid: cid, value: .z(ZKey("b01x")!), expected: .z(ZKey("a0V")!)),
        .set(cid: cid, value: .deleted(true)),
        .add(
            EmojiValues(
                cid: CollabID(client: ann, counter: 4), text: "🌲", x: 1, y: 2, size: 3, z: ZKey("a1")!, group: "k3v9q2m7x4ab", locked: true)
        ),
        .set(cid: cid, value: .group("k3v9q2m7x4ab")),
        .set(cid: cid, value: .group(nil), expected: .group("k3v9q2m7x4ab")),
        .set(cid: cid, value: .locked(true), expected: .locked(false)),
        .background(.url("https://example.com/a.jpg"), expected: .blank),
        .background(.image(sha256: String(repeating: "0f", count: 32))),
    ]

    @Test(
        "every client message survives the wire",
        arguments: [
            ClientMessage.hello(ClientMessage.Hello(room: "r", client: ann, lastSeq: 7, epoch: "e")),
            .hello(ClientMessage.Hello(room: "r", client: ann, lastSeq: 0, epoch: nil)),
            .push(ClientMessage.Push(cseq: 4, payload: .plain(.ops(ops)))),
            .push(ClientMessage.Push(cseq: 5, payload: .sealed("AAEC"))),
            .preview(.plain(.preview(PreviewFrame(cid: cid, x: 1, y: 2, size: 3, rotation: 4)))),
            .presence(.plain(.presence(Presence(name: "Ann", colour: "#aa3300", pointerX: 1, pointerY: nil, selection: [cid])))),
            .snapshot(ClientMessage.SnapshotPush(seq: 9, payload: .plain(.snapshot(snapshotState)))),
            .ping,
        ])
    func clientMessages(message: ClientMessage) throws {
        #expect(try WireCodec.clientMessage(from: WireCodec.encode(message)) == message)
    }

    @Test(
        "every relay message survives the wire",
        arguments: [
            RelayMessage.welcome(
                RelayMessage.Welcome(
                    epoch: "e", seq: 2, ackedCseq: 1,
                    snapshot: SequencedSnapshot(seq: 1, ackedCseqs: ["ann": 1], payload: .sealed("xx")),
                    ops: [SequencedPush(seq: 2, client: ann, cseq: 1, payload: .plain(.ops(ops)))])),
            .op(SequencedPush(seq: 3, client: ann, cseq: 2, payload: .plain(.ops(ops)))),
            .preview(RelayMessage.Forwarded(client: ann, payload: .sealed("p"))),
            .presence(RelayMessage.Forwarded(client: ann, payload: .sealed("q"))),
            .left(ann),
            .error(RelayError(code: .tooLarge, message: "Too large.")),
            .pong,
        ])
    func relayMessages(message: RelayMessage) throws {
        #expect(try WireCodec.relayMessage(from: WireCodec.encode(message)) == message)
    }

    static var snapshotState: CollabState {
        var state = CollabState()
        state.apply(ops, from: ann)
        return state
    }

    @Test("frames are flat JSON objects with a type")
    func shape() throws {
        let text = String(
            decoding: try WireCodec.encode(ClientMessage.push(ClientMessage.Push(cseq: 4, payload: .sealed("AA")))), as: UTF8.self)
        #expect(text == #"{"cseq":4,"payload":{"sealed":{"_0":"AA"}},"type":"push"}"#)
    }

    @Test(
        "garbage, unknown types and oversized frames are refused with a sentence",
        arguments: [
            Data("{".utf8), Data(#"{"type":"shout"}"#.utf8), Data(#"{"type":"push","cseq":"x"}"#.utf8),
            Data(count: CollabProtocol.maxFrameBytes + 1),
        ])
    func refusals(frame: Data) {
        #expect(throws: CollabError.self) { try WireCodec.clientMessage(from: frame) }
    }

    @Test("a sealed payload without a key is refused by the plain sealer, with what to do")
    func sealedWithoutKey() {
        #expect {
            try PlainSealer().open(.sealed("AA"), context: SealContext(room: "r", epoch: "e1", kind: .push, sender: Self.ann, counter: 1))
        } throws: { error in
            String(describing: error).contains("join with the full link")
        }
    }
}
