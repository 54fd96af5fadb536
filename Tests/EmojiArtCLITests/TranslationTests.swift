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
}
