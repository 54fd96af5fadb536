import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

/// SPEC W5: Save As adds ".emojiart" to a name typed without it — after GTK asked about the name
/// as typed, so replacing an existing file under the longer name needs a question of our own.
@Suite struct SaveAsNameTests {
    @Test("a name without the extension gets it, and asks only when that file exists")
    func appendsAndAsks() throws {
        try withTemporaryDirectory { directory in
            let existing = directory.appendingPathComponent("art.emojiart")
            try Data("{}".utf8).write(to: existing)
            let typed = SaveAsName(chosen: directory.appendingPathComponent("art"))
            #expect(typed.url == existing)
            #expect(typed.mustAskBeforeReplacing)
            let fresh = SaveAsName(chosen: directory.appendingPathComponent("new"))
            #expect(fresh.url == directory.appendingPathComponent("new.emojiart"))
            #expect(!fresh.mustAskBeforeReplacing)
        }
    }

    @Test("a name that has the extension is kept; GTK has already asked about it", arguments: ["art.emojiart", "Art.EMOJIART"])
    func keepsExtension(name: String) throws {
        try withTemporaryDirectory { directory in
            let chosen = directory.appendingPathComponent(name)
            try Data("{}".utf8).write(to: chosen)
            let result = SaveAsName(chosen: chosen)
            #expect(result.url == chosen)
            #expect(!result.mustAskBeforeReplacing)
        }
    }

    @Test("the question names the file and its folder")
    func question() throws {
        let name = SaveAsName(chosen: URL(fileURLWithPath: "/home/me/Pictures/art"))
        #expect(name.replaceQuestion.heading == "Replace “art.emojiart”?")
        #expect(name.replaceQuestion.body.contains("“Pictures”"))
    }
}

@Suite struct ExportNameTests {
    private let formats: Set<String> = ["png", "svg", "pdf"]

    @Test("Export… keeps a chosen format's extension and adds .png otherwise, asking before it replaces a file (W5)")
    func exportName() throws {
        try withTemporaryDirectory { directory in
            let svg = SaveAsName(chosen: directory.appendingPathComponent("art.SVG"), keeping: formats, adding: "png")
            #expect(svg.url.lastPathComponent == "art.SVG" && !svg.mustAskBeforeReplacing)
            let fresh = SaveAsName(chosen: directory.appendingPathComponent("art"), keeping: formats, adding: "png")
            #expect(fresh.url.lastPathComponent == "art.png" && !fresh.mustAskBeforeReplacing)
            try Data([1]).write(to: directory.appendingPathComponent("art.png"))
            let existing = SaveAsName(chosen: directory.appendingPathComponent("art"), keeping: formats, adding: "png")
            #expect(existing.mustAskBeforeReplacing)
        }
    }
}
