import EmojiArtTestSupport
import Foundation
import Testing

/// The relay's own sentences follow LANGUAGE (SPEC A3, C8): its listening line — whose address
/// stays as it is, so the port can still be read from it — and a refusal's body.
@Suite struct RelayTranslationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("with LANGUAGE=de the relay says it listens and refuses a flood in German")
    func german() throws {
        let catalogs = FileManager.default.temporaryDirectory.appendingPathComponent("relay-locale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: catalogs) }
        let compile = Process()
        compile.executableURL = Self.packageRoot.appendingPathComponent("scripts/compile-translations")
        compile.arguments = [catalogs.path]
        compile.currentDirectoryURL = Self.packageRoot
        try compile.run()
        compile.waitUntilExit()
        #expect(compile.terminationStatus == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LANGUAGE"] = "de"
        environment["EMOJIART_LOCALEDIR"] = catalogs.path
        let relay = try RelayProcess(extraArguments: ["--rooms-per-minute", "1"], environment: environment)
        #expect(relay.port > 0, "the port is read from the German line")
        #expect(try HostileClientTests.createRoom(relay).status == 201)
        let refused = try HostileClientTests.createRoom(relay)
        #expect(refused.status == 429)
        #expect(refused.body.contains("Zu viele neue Räume"), "\(refused.body)")
    }
}
