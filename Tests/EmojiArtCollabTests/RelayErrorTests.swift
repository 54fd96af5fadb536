import EmojiArtCollab
import Foundation
import Testing

/// A relay's refusal travels as a code (and a number); the client words it (SPEC A3: the relay
/// stays language-free).
@Suite struct RelayErrorTests {
    @Test("each code has its own sentence; sizes are said in MB; the relay’s English is not shown")
    func sentences() {
        let noRoom = RelayError(code: .badRoom, message: "There is no room “x” on this relay; check the link.")
        #expect(noRoom.sentence == "There is no such room on this relay; check the link, or share the document again.")
        let logFull = RelayError(code: .roomLogFull, message: "full", limit: 256 * 1_048_576)
        #expect(logFull.sentence.hasPrefix("The room is full (256 MB of edits since its last snapshot)"))
        #expect(
            RelayError(code: .tooLarge, message: "", limit: 4 * 1_048_576).sentence
                == "A message was larger than the 4 MB a room accepts and was not stored.")
        #expect(RelayError(code: .badVersion, message: "", limit: 1).sentence.contains("version 1 of the protocol"))
        #expect(RelayError(code: .storageFailed, message: "disk full").sentence.contains("outbox"))
        let codes: [RelayError.Code] = [
            .tooOld, .tooLarge, .badRoom, .badMessage, .badVersion, .roomFull, .roomLogFull, .snapshotTooLarge, .storageFailed,
        ]
        let sentences = Set(codes.map { RelayError(code: $0, message: "relay words", limit: 1024).sentence })
        #expect(sentences.count == codes.count, "a sentence of its own for each code")
        #expect(!sentences.contains { $0.contains("relay words") })
    }

    @Test("a code of a newer relay still decodes, and is named, never its words (a relay may say anything)")
    func unknownCode() throws {
        let frame = Data(#"{"type":"error","code":"quotaExceeded","message":"Your quota is used up."}"#.utf8)
        let message = try WireCodec.relayMessage(from: frame)
        guard case .error(let error) = message else {
            Issue.record("not an error: \(message)")
            return
        }
        #expect(error.code == .unknown)
        #expect(
            error.sentence
                == "The relay refused something this version of EmojiArt does not know (quotaExceeded); updating EmojiArt may help.")
        #expect(!error.sentence.contains("quota is used up"))
        let hostile = try WireCodec.relayMessage(
            from: Data(#"{"type":"error","code":"<b>click http://evil.example</b>","message":"x"}"#.utf8))
        guard case .error(let shown) = hostile else {
            Issue.record("not an error: \(hostile)")
            return
        }
        #expect(shown.sentence.contains("(bclickhttpevilexampleb)"), "only letters and digits of a code are shown: \(shown.sentence)")
        // The number travels with the code.
        let encoded = try WireCodec.encode(RelayMessage.error(RelayError(code: .roomLogFull, message: "m", limit: 42)))
        guard case .error(let decoded) = try WireCodec.relayMessage(from: encoded) else {
            Issue.record("not an error")
            return
        }
        #expect(decoded == RelayError(code: .roomLogFull, message: "m", limit: 42))
    }
}
