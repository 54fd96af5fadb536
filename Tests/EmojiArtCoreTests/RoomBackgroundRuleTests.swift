import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

#if canImport(Glibc)
import Glibc
#endif

/// SPEC C7, "nothing local leaks through a room": a `file://` background is embedded before it
/// enters a room (or refused with the reason), and one that belongs to a room is never read.
@MainActor @Suite struct RoomBackgroundRuleTests {
    let png = LoadingTestImages.onePixelPNG
    static let room = SharedRoom(server: "ws://127.0.0.1:7447", room: "AbCdEfGh12345678")

    private func model(_ background: Background, room: SharedRoom? = nil) -> EmojiArtModel {
        EmojiArtModel(background: background, emojis: [], collab: room)
    }

    @Test("sharing embeds a file:// image of this computer: the room gets its bytes, not its path")
    func embedsLocalFile() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("meadow.png")
            try png.write(to: file)
            let shared = try RoomBackgroundRule.backgroundToShare(model(.url(file)))
            #expect(shared == .imageData(png))
            // Web addresses, embedded images and blank backgrounds are shared as they are.
            let web = URL(string: "https://example.com/a.png")!
            #expect(try RoomBackgroundRule.backgroundToShare(model(.url(web))) == .url(web))
            #expect(try RoomBackgroundRule.backgroundToShare(model(.imageData(png))) == .imageData(png))
            #expect(try RoomBackgroundRule.backgroundToShare(model(.blank)) == .blank)
        }
    }

    @Test("a file that cannot be embedded is refused with a sentence naming it and what to do")
    func refusesWithReason() throws {
        try withTemporaryDirectory { folder in
            let missing = folder.appendingPathComponent("gone.png")
            #expect(throws: RoomBackgroundError.cannotEmbed(path: missing.path, reason: "it has disappeared")) {
                try RoomBackgroundRule.backgroundToShare(model(.url(missing)))
            }
            let text = folder.appendingPathComponent("notes.png")
            try Data("not an image".utf8).write(to: text)
            let refusal = #expect(throws: RoomBackgroundError.self) { try RoomBackgroundRule.backgroundToShare(model(.url(text))) }
            #expect(refusal == .cannotEmbed(path: text.path, reason: "it is not a PNG, JPEG, GIF or WebP image"))
            #expect(refusal?.description.contains("The background “\(text.path)” is a file on this computer") == true)
            #expect(refusal?.description.hasSuffix("Set another background or remove it, then share again.") == true)
            // A FIFO is refused before any read (a read would block until someone writes).
            let fifo = folder.appendingPathComponent("pipe.png")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            #expect(throws: RoomBackgroundError.cannotEmbed(path: fifo.path, reason: "it is a folder, a device or a pipe, not a file")) {
                try RoomBackgroundRule.backgroundToShare(model(.url(fifo)))
            }
        }
    }

    @Test("a document already in a room keeps its file:// background unread: it came from someone else")
    func roomDocumentIsNotRead() throws {
        // The path does not exist: reading it would throw.
        let elsewhere = URL(fileURLWithPath: "/home/someone-else/Pictures/secret.png")
        let background = try RoomBackgroundRule.backgroundToShare(model(.url(elsewhere), room: Self.room))
        #expect(background == .url(elsewhere))
        #expect(RoomBackgroundRule.isForeignFile(.url(elsewhere), inRoom: true))
        #expect(!RoomBackgroundRule.isForeignFile(.url(elsewhere), inRoom: false))
        #expect(!RoomBackgroundRule.isForeignFile(.url(URL(string: "https://example.com/a.png")!), inRoom: true))
        #expect(!RoomBackgroundRule.isForeignFile(.imageData(png), inRoom: true))
    }

    @Test("a room’s file:// background fails as “a file on another computer” without reaching the fetcher")
    func foreignFileIsNeverFetched() async throws {
        let calls = LoadingBox(0)
        let fetcher = ImageFetcher { [png] _ in
            _ = calls.update { $0 += 1 }
            return png
        }
        let elsewhere = URL(fileURLWithPath: "/home/someone-else/secret.png")
        await #expect(throws: ImageFetchError.fileOnAnotherComputer) {
            try await BackgroundBytes.load(.url(elsewhere), fetcher: fetcher, inRoom: true)
        }
        #expect(calls.value == 0)
        // Outside a room the same address is this computer's file, fetched as before.
        #expect(try await BackgroundBytes.load(.url(elsewhere), fetcher: fetcher) == png)
        #expect(calls.value == 1)

        let loader = BackgroundLoader<Data>(fetcher: fetcher) { $0 }
        loader.load(.url(elsewhere), inRoom: true)
        await loader.loadingTask?.value
        #expect(loader.image == nil)
        #expect(loader.status == .failed(url: elsewhere, error: .fileOnAnotherComputer))
        let message = try #require(loader.status.failureMessage)
        #expect(message.contains("/home/someone-else/secret.png"))
        #expect(message.contains("a file on another computer"))
        // Retry keeps the rule.
        loader.retry()
        await loader.loadingTask?.value
        #expect(loader.status == .failed(url: elsewhere, error: .fileOnAnotherComputer))
        #expect(calls.value == 1)
    }
}
