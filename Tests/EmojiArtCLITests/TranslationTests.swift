import EmojiArtTestSupport
import Foundation
import Testing

/// The translations (SPEC A3): every catalog is valid and covers every message
/// (`scripts/check-translations`), and the CLI speaks the language LANGUAGE selects.
@Suite(.scratchFolder) struct TranslationTests {
    private static let root = CommandRunner.packageRoot

    /// Runs a script of the checkout and returns its status and combined output.
    private static func script(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try CommandRunner.runProgram(root.appendingPathComponent("scripts/\(name)"), arguments)
    }

    @Test("every catalog passes msgfmt --check and translates every message of the template")
    func catalogsAreComplete() throws {
        let result = try Self.script("check-translations", [])
        #expect(result.status == 0, "\(result.output)")
    }

    /// The catalogs compiled into a folder of this suite's own, as `scripts/install` installs them.
    private static func compiledCatalogs() throws -> URL {
        let folder = TestScratch.folder.appendingPathComponent("emojiart-locale-\(UUID().uuidString)")
        let result = try script("compile-translations", [folder.path])
        #expect(result.status == 0, "\(result.output)")
        return folder
    }

    @Test("with LANGUAGE=de, emojiart info prints its summary and Core's error sentences in German (A3)")
    func infoSpeaksGerman() throws {
        let catalogs = try Self.compiledCatalogs()
        defer { try? FileManager.default.removeItem(at: catalogs) }
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LANGUAGE"] = "de"
        environment["EMOJIART_LOCALEDIR"] = catalogs.path
        let summary = try CommandRunner.run(["info", "examples/sunny-meadow.emojiart"], environment: environment)
        #expect(summary.status == 0)
        #expect(summary.standardOutput.contains("Formatversion: 1"), "\(summary.standardOutput)")
        #expect(summary.standardOutput.contains("Hintergrund: leer"), "\(summary.standardOutput)")
        let missing = try CommandRunner.run(["info", "no-such-file.emojiart"], environment: environment)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("„no-such-file.emojiart“ wurde nicht gefunden."), "\(missing.standardError)")
        // Without LANGUAGE (and in the C locale) it stays English.
        environment["LANGUAGE"] = nil
        let english = try CommandRunner.run(["info", "no-such-file.emojiart"], environment: environment)
        #expect(english.standardError.contains("couldn’t be found"), "\(english.standardError)")
    }

    /// Runs `emojiart info` in German on a file holding `json`, and returns what it printed on
    /// stderr (the file is named after `name` in a folder of its own).
    private static func infoInGerman(_ name: String, holding json: String, catalogs: URL) throws -> String {
        let folder = TestScratch.folder.appendingPathComponent("emojiart-de-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data(json.utf8).write(to: file)
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LANGUAGE"] = "de"
        environment["EMOJIART_LOCALEDIR"] = catalogs.path
        let result = try CommandRunner.run(["info", file.path], environment: environment)
        #expect(result.status == 1, "\(result.standardOutput)")
        return result.standardError
    }

    /// The reasons inside Core's sentences (the JSON scanner's, the decoder's, the version
    /// check's) are translated too: no English clause is left inside the German sentence.
    @Test("with LANGUAGE=de, a damaged file, a bad emoji and a too new file are explained wholly in German")
    func readErrorsHaveNoEnglishClause() throws {
        let catalogs = try Self.compiledCatalogs()
        defer { try? FileManager.default.removeItem(at: catalogs) }

        let damaged = try Self.infoInGerman("damaged.emojiart", holding: #"{"emojis": []} x"#, catalogs: catalogs)
        #expect(
            damaged.contains(
                "„damaged.emojiart“ ist kein EmojiArt-Dokument: Es ist kein gültiges JSON (unerwartetes Zeichen “x” nach dem Ende des Dokuments in Zeile 1, Spalte 16)."
            ),
            "\(damaged)")
        #expect(!damaged.contains("unexpected") && !damaged.contains("after the end"), "\(damaged)")

        let unclosed = try Self.infoInGerman("unclosed.emojiart", holding: #"{"emojis": []"#, catalogs: catalogs)
        #expect(unclosed.contains("die Datei endet, wo “,” oder “}” erwartet wurde"), "\(unclosed)")
        #expect(!unclosed.contains("the file ends") && !unclosed.contains(" or "), "\(unclosed)")

        let stray = try Self.infoInGerman("stray.emojiart", holding: #"{"emojis": [] x"#, catalogs: catalogs)
        #expect(stray.contains("(“,” oder “}” wurde erwartet, aber “x” gefunden in Zeile 1, Spalte 15)"), "\(stray)")
        #expect(!stray.contains("expected") && !stray.contains("found"), "\(stray)")

        let noText = try Self.infoInGerman("no-text.emojiart", holding: #"{"emojis": [{"x": 1, "y": 2, "size": 40}]}"#, catalogs: catalogs)
        #expect(noText.contains("„no-text.emojiart“ kann nicht geöffnet werden: Emoji Nr. 1 hat keinen Text."), "\(noText)")
        #expect(!noText.contains("emoji number") && !noText.contains("has no text"), "\(noText)")

        let badX = try Self.infoInGerman(
            "bad-x.emojiart", holding: #"{"emojis": [{"text": "😀", "x": 0}, {"text": "🌲", "x": "left"}]}"#, catalogs: catalogs)
        #expect(badX.contains("kann nicht geöffnet werden: x von Emoji Nr. 2 ist keine Zahl."), "\(badX)")
        #expect(!badX.contains("of emoji number") && !badX.contains("is not a number"), "\(badX)")

        let newer = try Self.infoInGerman("newer.emojiart", holding: #"{"formatVersion": 99, "emojis": []}"#, catalogs: catalogs)
        #expect(newer.contains("„newer.emojiart“ wurde mit einem neueren EmojiArt gespeichert (Formatversion 99)"), "\(newer)")
        #expect(!newer.contains("newer EmojiArt") && !newer.contains("Update EmojiArt"), "\(newer)")

        let duplicate = try Self.infoInGerman("twice.emojiart", holding: #"{"emojis": [], "emojis": []}"#, catalogs: catalogs)
        #expect(duplicate.contains("das Dokument hat den Schlüssel „emojis“ zweimal"), "\(duplicate)")
        #expect(!duplicate.contains("has the key"), "\(duplicate)")
    }
}
