import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

/// Documents built to hurt (SPEC M4, B6), beyond the malformed and out-of-range files of
/// `EmojiArtCodecTests`: each is refused with a message or opened, never a crash or a hang.
/// Their time and memory are measured in `Stress/` (scripts/stress-saves prints them), not here.
@Suite struct HostileDocumentTests {
    private func outcome(_ json: String) -> Result<EmojiArtModel, DocumentReadError> {
        Result { () throws(DocumentReadError) in try EmojiArtDecoder(fileName: "hostile.emojiart").decode(Data(json.utf8)) }
    }

    // MARK: - Nesting

    @Test(
        "a million nested objects, and deep nesting in every place a value may hide, are refused as too deep",
        arguments: [
            String(repeating: #"{"a":"#, count: 1_000_000),
            #"{"emojis":[{"text":"😀","extra":"# + String(repeating: "[", count: 100_000) + "]}]}",
            #"{"emojis":[],"background":{"other":"# + String(repeating: #"{"b":"#, count: 100) + "1" + String(repeating: "}", count: 100)
                + "}}",
            #"{"emojis":[],"mixed":"# + String(repeating: #"[{"a":"#, count: 35) + "0" + String(repeating: "}]", count: 35) + "}",
        ])
    func deepNesting(json: String) {
        #expect(outcome(json) == .failure(.tooDeeplyNested(file: "hostile.emojiart")))
    }

    // MARK: - Duplicate keys

    @Test(
        "a key that matters, given twice at any level, is refused: which one wins would be a guess",
        arguments: [
            #"{"emojis":[],"background":{},"background":{}}"#,
            #"{"emojis":[],"uniqueEmojiId":1,"uniqueEmojiId":2}"#,
            #"{"emojis":[],"formatVersion":1,"formatVersion":1}"#,
            #"{"emojis":[],"background":{"theURL":"https://a.b/1","theURL":"https://a.b/2"}}"#,
            #"{"emojis":[],"background":{"imageData":"","imageData":""}}"#,
            #"{"emojis":[{"text":"😀","text":"🐶"}]}"#,
            #"{"emojis":[{"text":"😀","id":1,"id":1}]}"#,
            #"{"emojis":[{"text":"😀","size":9,"size":9}]}"#,
            // An escaped key is the same key.
            #"{"emojis":[{"text":"😀","\u0078":1,"x":2}]}"#,
        ])
    func duplicateKeys(json: String) {
        guard case .failure(.invalidValue(_, let problem)) = outcome(json) else {
            Issue.record("expected a refusal of \(json), got \(outcome(json))")
            return
        }
        #expect(problem.contains("twice"))
    }

    @Test("unknown keys given twice are ignored, as unknown keys are")
    func duplicateUnknownKeys() throws {
        let model = try outcome(#"{"emojis":[{"text":"😀","z":1,"z":[2]}],"later":1,"later":{}}"#).get()
        #expect(model.emojis.count == 1)
    }

    // MARK: - Numbers

    @Test(
        "absurd numbers are refused with a message, never trapped on",
        arguments: [
            #"{"emojis":[{"text":"😀","x":1"# + String(repeating: "0", count: 100_000) + "}]}",
            #"{"emojis":[{"text":"😀","id":99999999999999999999999}]}"#,
            #"{"emojis":[{"text":"😀","id":-9223372036854775809}]}"#,
            #"{"emojis":[],"formatVersion":1e999}"#,
            #"{"emojis":[{"text":"😀","id":0.5e1}],"uniqueEmojiId":-1.5}"#,
        ])
    func absurdNumbers(json: String) {
        guard case .failure(.invalidValue) = outcome(json) else {
            Issue.record("expected a refusal of \(json.prefix(80)), got \(outcome(json))")
            return
        }
    }

    @Test("numbers at the edges of what a document may hold are read exactly")
    func edgeNumbers() throws {
        let model = try outcome(
            #"{"emojis":[{"text":"😀","x":-1e6,"y":1000000.0,"size":1e4,"id":2147483647},{"text":"🐶","x":-0,"y":1E-400,"size":1,"id":1e0}],"uniqueEmojiId":-5}"#
        ).get()
        #expect(model.emojis.map(\.position) == [DocumentPoint(x: -1e6, y: 1e6), DocumentPoint(x: 0, y: 0)])
        #expect(model.emojis.map(\.size) == [10_000, 1])
        #expect(model.emojis.map(\.id) == [2_147_483_647, 1])
        #expect(model.uniqueEmojiId == 2_147_483_647)
    }

    // MARK: - Size

    @Test("a document of 1,000,000 emojis, under the 64 MB limit, opens with every emoji and fresh ids")
    func millionEmojis() async throws {
        // Seconds of work in a debug or sanitizer build: on a thread of its own, so the pool's
        // two threads stay free for the other suites (see `onDedicatedThread`).
        let result = await onDedicatedThread {
            var json = Array(#"{"emojis":["#.utf8)
            json.reserveCapacity(15 * 1_000_000)
            for index in 0..<1_000_000 {
                if index > 0 { json.append(UInt8(ascii: ",")) }
                json += #"{"text":"😀"}"#.utf8
            }
            json += "]}".utf8
            return Result { () throws(DocumentReadError) in
                try EmojiArtDecoder(fileName: "hostile.emojiart").decode(Data(json))
            }
        }
        let model = try result.get()
        #expect(model.emojis.count == 1_000_000)
        #expect(model.uniqueEmojiId == 1_000_000)
        #expect(model.emojis.last?.id == 1_000_000)
    }

    @Test("an embedded image declaring 30,000 × 30,000 pixels opens, and is refused by the header check before any decoder runs")
    func hugeEmbeddedImage() throws {
        let png = LoadingTestImages.pngHeader(width: 30_000, height: 30_000, padding: 64)
        let json = #"{"emojis":[],"background":{"imageData":""# + png.base64EncodedString() + #""}}"#
        let model = try outcome(json).get()
        #expect(model.background == .imageData(png))
        #expect(throws: ImageFetchError.tooManyPixels(width: 30_000, height: 30_000)) {
            try ImageHeader.validated(png)
        }
    }

    // MARK: - file:// backgrounds

    @Test("a file:// background naming /dev/zero or a FIFO is refused before anything is read")
    func fileBackgrounds() async throws {
        try await withTemporaryDirectory { directory in
            let fifo = directory.appendingPathComponent("pipe.png")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            for url in [URL(fileURLWithPath: "/dev/zero"), fifo] {
                let model = try outcome(#"{"emojis":[],"background":{"theURL":""# + url.absoluteString + #""}}"#).get()
                #expect(model.background == .url(url))
                await #expect {
                    try await ImageFetcher.offline().fetch(url)
                } throws: { error in
                    guard case .fileNotReadable(.notARegularFile) = error as? ImageFetchError else { return false }
                    return true
                }
            }
        }
    }
}
