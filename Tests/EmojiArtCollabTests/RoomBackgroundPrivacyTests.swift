import Crypto
import EmojiArtCollabTestSupport
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCollab

/// SPEC C7, "nothing local leaks through a room", through the sync engine: sharing a document
/// whose background is a file of this computer sends the image's bytes as a blob and never the
/// path; a file address that reaches a room anyway (a hand-made op) arrives as a shared
/// document's background, which `RoomBackgroundRule` never reads.
@MainActor
@Suite struct RoomBackgroundPrivacyTests {
    static let png = LoadingTestImages.onePixelPNG

    /// Every background value that went through the relay, from everyone's pushes.
    private static func sentBackgrounds(_ room: BridgedRoom) -> [CollabBackground] {
        room.relay.log.flatMap { push -> [CollabBackground] in
            guard case .plain(let content) = push.payload, let ops = content.pushedOps else { return [] }
            return ops.compactMap { if case .background(let value, _) = $0 { value } else { nil } }
        }
    }

    @Test("sharing a document with a file:// background sends the image as a blob; the others get the image")
    func shareEmbedsLocalFile() throws {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("meadow.png")
            try Self.png.write(to: file)
            var model = EmojiArtModel(background: .url(file), emojis: [])
            model.addEmoji("🌼", at: .zero, size: 40)
            let room = try BridgedRoom(sharing: model, others: 1)
            let hash = SHA256.hex(Self.png)
            #expect(Self.sentBackgrounds(room) == [.image(sha256: hash)])
            #expect(room.blobStore[hash] == Self.png)
            #expect(!String(describing: room.sent).contains(file.path), "the path never travels")
            #expect(room.peers[1].document.model.background == .imageData(Self.png))
            // The sharer's own document now holds the image too, as everyone's does.
            #expect(room.peers[0].document.model.background == .imageData(Self.png))
        }
    }

    @Test("sharing is refused with the reason when the background file cannot be embedded")
    func shareRefusesMissingFile() throws {
        try withTemporaryDirectory { folder in
            let missing = folder.appendingPathComponent("gone.png")
            let document = EmojiArtDocument(model: EmojiArtModel(background: .url(missing), emojis: []))
            let session = try SyncSession(room: BridgedRoom.room.room, journal: InMemoryOutboxJournal(), sealer: PlainSealer())
            #expect(throws: RoomBackgroundError.cannotEmbed(path: missing.path, reason: "it has disappeared")) {
                try CollabDocumentBridge.share(document, session: session, room: BridgedRoom.room)
            }
            #expect(session.pending.isEmpty, "nothing entered the room")
            #expect(!document.isShared)
        }
    }

    @Test("a file:// background from a room is kept as the shared document’s address, never sent back")
    func foreignFileArrivesUnread() throws {
        let room = try BridgedRoom(sharing: EmojiArtModel(), others: 1)
        let (a, b) = (room.peers[0], room.peers[1])
        // A hand-made client puts someone's file address into the room.
        let elsewhere = "file:///home/someone-else/Pictures/secret.png"
        a.outbox += try a.bridge.session.perform([.background(.url(elsewhere))], named: "Set Background")
        room.settle()
        let shown = b.document.model
        #expect(shown.background == .url(URL(string: elsewhere)!))
        #expect(shown.collab == BridgedRoom.room)
        #expect(
            RoomBackgroundRule.isForeignFile(shown.background, inRoom: shown.collab != nil), "the canvas, Export… and render never read it")

        // The document re-entering a room (reopened with no outbox) does not send it back, nor read it.
        let reopened = EmojiArtDocument(model: shown)
        let session = try SyncSession(room: BridgedRoom.room.room, journal: InMemoryOutboxJournal(), sealer: PlainSealer())
        let bridge = try CollabDocumentBridge.share(reopened, session: session, room: BridgedRoom.room)
        let ops = session.pending.flatMap(\.ops)
        #expect(!ops.contains { if case .background = $0 { true } else { false } })
        bridge.detach()
    }
}
