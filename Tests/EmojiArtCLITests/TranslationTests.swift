import Foundation
import Testing

/// The translations (SPEC A3): every catalog is valid and covers every message
/// (`scripts/check-translations`), and the CLI speaks the language LANGUAGE selects.
@Suite struct TranslationTests {
    private static let root = CommandRunner.packageRoot

    /// Runs a script of the checkout and returns its status and combined output.
    private static func script(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/\(name)")
        process.arguments = arguments
        process.currentDirectoryURL = root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test("every catalog passes msgfmt --check and translates every message of the template")
    func catalogsAreComplete() throws {
        let result = try Self.script("check-translations", [])
        #expect(result.status == 0, "\(result.output)")
    }

    /// The catalogs compiled into a folder of this suite's own, as `scripts/install` installs them.
    private static func compiledCatalogs() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojiart-locale-\(UUID().uuidString)")
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
        #expect(english.standardError.contains("couldn't be found"), "\(english.standardError)")
    }
}
