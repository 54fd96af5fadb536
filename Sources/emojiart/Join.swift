import ArgumentParser
import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import EmojiArtRender
import Foundation

/// `emojiart join LINK -o FILE [--follow]`: writes a shared room's document to FILE, once or
/// kept up to date while it runs (SPEC C2).
struct Join: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join a shared document by its link and write it to a file.",
        discussion: """
            Connects to the room of LINK (emojiart://HOST:PORT/ROOM#KEY, as `emojiart share` prints it; \
            its web link http://HOST:PORT/r/ROOM#KEY and the older ws://HOST:PORT/room/ROOM#KEY work too), \
            writes the room's document to FILE with its `collab` key, and keeps the key in \
            $XDG_STATE_HOME/emojiart/keys/ so the app can open FILE in the room. With --follow it stays \
            connected and rewrites FILE (atomically) after every change anyone makes, until it is \
            stopped; it reconnects by itself when the relay goes away. A background that names a file \
            (file://) is someone else's: it is written as it is, never read, and reported on stderr. Exit status: 0 on success; 1 \
            when the relay cannot be reached, refuses the room, or the link's key does not open it.
            """
    )

    @Argument(help: "The room’s link, including the key after “#”; - reads it from standard input (so the key is not in the command line).")
    var link: String

    @Flag(help: "Replace another key this computer keeps for the room (after a new link for it).")
    var replaceKey = false

    @Option(name: .shortAndLong, help: "The .emojiart file to write.")
    var output: String

    @Flag(help: "Stay connected and keep the file up to date until stopped.")
    var follow = false

    @Option(help: "Seconds to wait for the relay.")
    var timeout = 30

    func run() throws {
        let address: RoomLink
        let entry = RoomEntry(storage: CollabStorage())
        let setup: RoomSessionSetup
        do {
            address = try RoomLink(parsing: link == "-" ? Self.linkFromStandardInput() : link)
            // C10: there is no unencrypted room (a link without a key is refused here).
            setup = try RoomSessionSetup(address: address, storage: entry.storage)
        } catch {
            throw ValidationError(String(describing: error))
        }
        let url = URL(fileURLWithPath: output)
        do {
            try PlantedLink.check(url)
        } catch {
            printError("emojiart: \(error.description)")
            throw ExitCode(1)
        }
        let timeout = Duration.seconds(timeout)
        let follow = follow
        let replaceKey = replaceKey
        try runBlocking {
            // Checked before connecting; the key is kept only once something opened with it.
            if try entry.joining(address) == .replacesKeptKey, !replaceKey {
                throw CollabCommandError(description: CollabError.anotherKeyStored(room: address.room).description)
            }
            let session = try setup.makeSession(usesReplica: false).session
            let room = HeadlessRoom(link: WebSocketRelayLink(address: address), session: session)
            defer { room.close() }
            try await room.wait(localized("the relay let this client into the room"), timeout: timeout) {
                $0.isLive || $0.lastProblem != nil
            }
            // Checked before anything is written: a wrong key shows as payloads that do not open.
            if let problem = room.with(\.lastProblem) { throw CollabCommandError(description: problem) }
            if room.with(\.hasOpenedPayload) { try setup.keepKey(replacing: replaceKey) }
            setup.rememberRelay()
            let writer = DocumentWriter(room: room, url: url, shared: SharedRoom(server: address.server, room: address.room))
            try await writer.writeIfChanged()
            if let problem = room.with(\.lastProblem) { throw CollabCommandError(description: problem) }
            guard follow else { return }
            for await _ in room.changes() {
                try await writer.writeIfChanged()
            }
        }
    }
}

extension Join {
    /// The first line of standard input, at most 4 KiB (a link, not a file).
    static func linkFromStandardInput() -> String {
        let data = FileHandle.standardInput.readData(ofLength: 4096)
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
    }
}

/// Writes the room's document when what it shows changed, fetching background images first.
private final class DocumentWriter: @unchecked Sendable {
    let room: HeadlessRoom
    let url: URL
    let shared: SharedRoom
    private var ids = LocalEmojiIDs()
    private var images: [String: Data] = [:]
    private var written: CollabState?
    private var reported: URL?

    init(room: HeadlessRoom, url: URL, shared: SharedRoom) {
        self.room = room
        self.url = url
        self.shared = shared
    }

    func writeIfChanged() async throws {
        let state = room.with(\.shown)
        guard state != written else { return }
        if case .image(let hash) = state.background.value, images[hash] == nil {
            // A missing image is not fatal: the document is written with a blank background
            // and the next change tries again.
            if let blob = try? await room.link.blob(hash) {
                images[hash] = room.with { $0.image(inBlob: blob, named: hash) }
            }
        }
        let model = state.model(ids: &ids, room: shared, imageData: { [images] in images[$0] })
        // The room's content is the members' own: the file is readable by this user only.
        try DocumentFile.write(model, to: url, shrinkingImageWith: .reencoding, private: true)
        written = state
        reportForeignFile(model.background)
    }

    /// C7: a `file://` background someone put into the room names a file on their computer; it
    /// is written as it is, never read here, and said once.
    private func reportForeignFile(_ background: Background) {
        guard RoomBackgroundRule.isForeignFile(background, inRoom: true), let url = background.url else { return }
        guard reported != url else { return }
        reported = url
        printError("emojiart: \(ImageFetchError.fileOnAnotherComputer.message(for: url))")
    }
}
