import Foundation
import Testing

@testable import EmojiArtCore

/// Where a binary finds its catalogs and icon: the checkout's for one built there (`scripts/run`,
/// the tests), `PREFIX/share` for one installed (`scripts/install`, the Debian packages).
@Suite struct ProgramFilesTests {
    @Test(
        "a binary inside .build uses its checkout's files, at any depth",
        arguments: ["/home/ann/emojiart/.build/debug/emojiart", "/home/ann/emojiart/.build/x86_64-unknown-linux-gnu/release/emojiart"])
    func checkout(path: String) {
        let files = ProgramFiles(executable: URL(fileURLWithPath: path))
        guard case .checkout(let root) = files else {
            Issue.record("\(path) is not a checkout's: \(files)")
            return
        }
        #expect(root.path == "/home/ann/emojiart")
        #expect(files.catalogDirectory.path == "/home/ann/emojiart/.build/locale")
        #expect(files.unlistedIconDirectory?.path == "/home/ann/emojiart/data/icons")
        #expect(files.webClientDirectory.path == "/home/ann/emojiart/web/client")
    }

    @Test("an installed binary uses PREFIX/share, and its icons need no extra theme folder")
    func installed() {
        let files = ProgramFiles(executable: URL(fileURLWithPath: "/usr/local/bin/emojiart"))
        guard case .installed(let prefix) = files else {
            Issue.record("an installed binary taken for a checkout's: \(files)")
            return
        }
        #expect(prefix.path == "/usr/local")
        #expect(files.catalogDirectory.path == "/usr/local/share/locale")
        #expect(files.unlistedIconDirectory == nil)
        #expect(files.webClientDirectory.path == "/usr/local/share/emojiart-relay/web")
    }

    @Test("EMOJIART_LOCALEDIR wins over the program's own catalogs")
    func environmentOverride() {
        #expect(Localization.catalogDirectory(environment: ["EMOJIART_LOCALEDIR": "/tmp/po"])?.path == "/tmp/po")
        #expect(Localization.catalogDirectory(environment: [:]) == ProgramFiles.current?.catalogDirectory)
    }

    @Test("EMOJIART_WEB_CLIENT_DIR wins over the relay’s own web client (C11)")
    func webClientOverride() {
        #expect(ProgramFiles.webClientDirectory(environment: ["EMOJIART_WEB_CLIENT_DIR": "/tmp/web"])?.path == "/tmp/web")
        #expect(ProgramFiles.webClientDirectory(environment: ["EMOJIART_WEB_CLIENT_DIR": ""]) == ProgramFiles.current?.webClientDirectory)
        #expect(ProgramFiles.webClientDirectory(environment: [:]) == ProgramFiles.current?.webClientDirectory)
    }
}
