import ArgumentParser
import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import EmojiArtRender
import Foundation

/// `emojiart share FILE --relay ws://HOST:PORT`: puts a document into a new encrypted room and
/// prints the link to give to others (SPEC C2, C7), and on request its view link (C12) and web
/// links (C11).
struct Share: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share a document through a relay and print the link that lets others join.",
        discussion: """
            Makes a room on the relay, uploads the document (its background image as a blob; a \
            background that is a file of this computer is embedded first, so its path never leaves), waits \
            until the relay has stored it, and prints the link: emojiart://HOST:PORT/ROOM#KEY (emojiarts:// for a wss:// relay). \
            Everything in the room is encrypted with the key after “#”, which the relay never sees; keep the link \
            private. The document gets a `collab` key naming the relay and the room (never the key), and \
            the key is kept in $XDG_STATE_HOME/emojiart/keys/. A relay run with --create-token makes rooms only for \
            its token: pass it with --token-file once (it is kept for that relay, as a token typed in the app's Share… is, and \
            used when --token-file is left out). With --view-link a second line follows: the room's view link \
            (86 characters after “#”), which opens the room live but read-only and cannot make an edit. With --web-link \
            the web links follow, which open the room in any web browser from the relay's own page: the edit link's, \
            http://HOST:PORT/r/ROOM#KEY (https:// for a wss:// relay), then with --view-link the view link's. The lines, \
            in order: edit link, view link, web link, web view link. Exit status: 0 on success; 1 when the \
            document cannot be read, its background file cannot be embedded, the token file cannot be read, or the relay cannot be reached, \
            refuses (a token, a full relay, too many requests) or does not answer in time.
            """
    )

    @Argument(help: "The .emojiart document to share (it is rewritten with its room).", completion: .file(extensions: ["emojiart"]))
    var file: String

    @Option(help: "The relay, e.g. ws://relay.example:7447 (see `emojiart relay`).")
    var relay: String

    @Option(help: "Seconds to wait for the relay to store the document.")
    var timeout = 30

    @Flag(help: "Also print the room’s view link, on a second line: it opens the room read-only (SPEC C12).")
    var viewLink = false

    @Flag(
        help:
            "Also print the room’s web link, which opens it in any web browser (SPEC C11), after the other lines; with --view-link the view link’s web link follows it."
    )
    var webLink = false

    @Option(
        help: "A file whose first line is the relay’s token for making rooms (for a relay run with --create-token).", completion: .file())
    var tokenFile: String?

    func validate() throws {
        guard RoomLink.server(parsing: relay) != nil else {
            throw ValidationError(localized("“{relay}” is not a relay address; it looks like ws://relay.example:7447.", ["relay": relay]))
        }
    }

    func run() throws {
        var read = try readDocumentOrExit(file)
        do {
            // C7: a background from a file of this computer goes into the room as its bytes,
            // embedded before anything is sent.
            read.background = try RoomBackgroundRule.backgroundToShare(read)
        } catch {
            printError("emojiart: \(error)")
            throw ExitCode(1)
        }
        let token: String?
        do {
            token = try tokenFile.map { try TokenFile.read(URL(fileURLWithPath: $0)) }
        } catch {
            printError("emojiart: \(error)")
            throw ExitCode(1)
        }
        let model = read
        guard let server = RoomLink.server(parsing: relay) else { throw ExitCode.validationFailure }
        let address = RoomEntry.newRoom(on: server)
        let url = URL(fileURLWithPath: file)
        let timeout = Duration.seconds(timeout)
        try runBlocking {
            let entry = RoomEntry(storage: CollabStorage())
            switch await entry.createRoom(at: address, token: token) {
            case .created: break
            case .needsToken(_, let reason), .failed(let reason): throw CollabCommandError(description: reason)
            }
            let setup = try RoomSessionSetup(address: address, storage: entry.storage)
            let session = try setup.makeSession(usesReplica: false).session
            let room = HeadlessRoom(link: WebSocketRelayLink(address: address), session: session)
            defer { room.close() }
            var entered: CollabImport?
            try room.perform { session in
                let (imported, messages) = try session.enter(model)
                entered = imported
                return messages
            }
            guard let imported = entered else { return }
            for sealed in imported.uploads.values { _ = try await room.link.putBlob(sealed) }
            try await room.wait(localized("the relay stored the document"), timeout: timeout) { $0.isLive && $0.pending.isEmpty }
            // The room is new and its key is this computer's own: kept at once.
            try setup.keepKey()
            setup.rememberRelay()
            var ids = imported.ids
            let shared = room.with { $0.document(ids: &ids, room: SharedRoom(server: server, room: address.room), images: imported.images) }
            try DocumentFile.write(shared, to: url, shrinkingImageWith: .reencoding)
        }
        // The order --help gives: edit link, view link, web link, web view link; each names the
        // document by its file, as the app's Share… does (a joined window's title).
        let named = address.naming(url.deletingPathExtension().lastPathComponent)
        let view = viewLink ? named.viewLink : nil
        print(named.description)
        if let view { print(view.description) }
        if webLink {
            print(named.webLink)
            if let view { print(view.webLink) }
        }
    }
}
