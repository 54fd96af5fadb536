import EmojiArtTestSupport
import Foundation
import Testing

@Suite struct InfoCommandTests {
    @Test("info summarises an example document for people")
    func humanSummary() throws {
        let result = try CommandRunner.run(["info", "examples/sunny-meadow.emojiart"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("sunny-meadow.emojiart"))
        #expect(result.standardOutput.contains("Background: blank"))
        #expect(result.standardOutput.contains("Emojis: 10 (last id 10)"))
        #expect(result.standardOutput.contains("Bounds: x -330 to 195, y -225 to 188"))
    }

    @Test("info --json prints the documented shape")
    func jsonSummary() throws {
        let result = try CommandRunner.run(["info", "--json", "examples/waterfall-url.emojiart"])
        #expect(result.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["formatVersion"] as? Int == 1)
        #expect(object["emojiCount"] as? Int == 3)
        #expect(object["uniqueEmojiId"] as? Int == 3)
        let background = try #require(object["background"] as? [String: Any])
        #expect(background["kind"] as? String == "url")
        #expect((background["url"] as? String)?.hasPrefix("https://upload.wikimedia.org/") == true)
        #expect(background.keys.contains("pixelWidth"))
        let bounds = try #require(object["bounds"] as? [String: Double])
        #expect(bounds == ["minX": -310, "minY": -100, "maxX": 110, "maxY": 180])
    }

    @Test("info reports an embedded image's pixel size from its header")
    func embeddedPixelSize() throws {
        let result = try CommandRunner.run(["info", "--json", "examples/embedded-hill.emojiart"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(#""pixelHeight":200,"pixelWidth":320"#))
        let human = try CommandRunner.run(["info", "examples/embedded-hill.emojiart"])
        #expect(human.standardOutput.contains("Background: embedded image, 320 × 200 px"))
    }

    @Test("info --json on a document without emojis gives null bounds")
    func emptyBounds() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("empty.emojiart")
            try Data(#"{"background":{},"emojis":[]}"#.utf8).write(to: file)
            let result = try CommandRunner.run(["info", "--json", file.path])
            #expect(result.status == 0)
            #expect(result.standardOutput.contains(#""bounds":null"#))
        }
    }

    @Test("a file that is not a document exits 1 with the reason on stderr")
    func badDocument() throws {
        let result = try CommandRunner.run(["info", "README.md"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("“README.md” is not an EmojiArt document"))
    }

    @Test("a missing file exits 1 naming it")
    func missingFile() throws {
        let result = try CommandRunner.run(["info", "no-such-file.emojiart"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("no-such-file.emojiart"))
    }

    @Test("a usage error exits 64")
    func usageError() throws {
        let result = try CommandRunner.run(["info"])
        #expect(result.status == 64)
    }

    @Test("--help documents info and its exit statuses")
    func help() throws {
        let result = try CommandRunner.run(["info", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Exit status"))
        #expect(result.standardOutput.contains("--json"))
    }
}
