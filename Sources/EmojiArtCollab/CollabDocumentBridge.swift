import Crypto
import EmojiArtCore
import Foundation

/// A document in a room (C3, C4): each step of mine becomes ops of the room's `SyncSession`, and
/// the session's `shown` state becomes the document's content, each emoji keeping its local id
/// (selection and hit testing use it) through `LocalEmojiIDs`. My undo and redo are the session's,
/// so they reverse only my own fields; others' ops replace the content without entering my
/// history or closing my running gesture. No I/O: `send`, `uploadBlob` and `requestBlob` are the
/// transport's, and incoming relay messages arrive through `receive`.
@MainActor
public final class CollabDocumentBridge: DocumentCollaboration {
    public let document: EmojiArtDocument
    public let session: SyncSession
    /// The others in the room and their drags, beside the session's state.
    public let presence: RoomPresence
    public let room: SharedRoom
    /// Sends frames to the relay (nothing while offline: the session keeps them in its outbox).
    public var send: ([ClientMessage]) -> Void = { _ in }
    /// Stores a sealed background image on the relay before anyone asks for it.
    public var uploadBlob: (_ name: String, _ sealed: Data) -> Void = { _, _ in }
    /// Asks for a background image's blob this replica lacks; answer with `receiveBlob`.
    public var requestBlob: (_ sha256: String) -> Void = { _ in }
    /// A sentence for the person (a toast): nothing left to undo, a journal that cannot be written.
    public var onMessage: ((String) -> Void)?
    /// Others came, left, moved their pointer or changed their selection (C5).
    public var onPresenceChange: (() -> Void)?
    /// The time, for spacing out drag previews; a clock of its own in tests.
    public var now: () -> Duration = { ContinuousClock.now - CollabDocumentBridge.start }
    /// At most this often a drag is shown to others (≤ 30 Hz, C3).
    public static let previewInterval = Duration.milliseconds(33)
    /// At most this many emojis of one drag are shown live to others; the rest jump when it ends.
    public static let maxPreviewedEmojis = 32

    var ids: LocalEmojiIDs
    var images: RoomImages
    /// The relay's last refusal said to the person, until the next welcome.
    private var lastRefusal: String?
    private var dragPreview = DragPreviewPacer(interval: CollabDocumentBridge.previewInterval, heartbeat: LivePreviews.heartbeat)
    /// Others' drags in progress: a layer over the document (`showLivePreviews`), never in it.
    public private(set) var livePreviews = LivePreviews()
    private static let start = ContinuousClock.now

    /// Joins `document` to `session`. The document's emojis that carry a `cid` keep their ids.
    /// Until the session has state of its own (a welcome, or my pending edits), the document shows
    /// what it has: a shared file opened offline is not blanked.
    public init(
        document: EmojiArtDocument, session: SyncSession, room: SharedRoom, ids: LocalEmojiIDs = LocalEmojiIDs(),
        images: [String: Data] = [:], uploads: [String: Data] = [:]
    ) {
        self.document = document
        self.session = session
        presence = RoomPresence(session: session)
        self.room = room
        var images = RoomImages(images: images, uploads: uploads)
        var ids = ids
        for emoji in document.model.emojis {
            if let cid = emoji.cid.flatMap(CollabID.init) { ids.adopt(emoji.id, for: cid) }
        }
        // A room from before protocol 2 names its image by the image's own hash.
        if case .imageData(let data) = document.model.background { images.keep(data, named: SHA256.hex(data)) }
        self.images = images
        self.ids = ids
        document.attach(self)
        // What the session knows is shown when it is the room's state: a confirmed replica kept
        // from an earlier run, or this document's own content waiting to enter a room. An outbox
        // without its replica shows the file as it is until the welcome.
        if session.confirmedSeq > 0 || (session.epoch == nil && !session.pending.isEmpty) { showRoom() }
    }

    /// Shares `document` in a new room: its content becomes the room's first push (not a step
    /// anyone can undo), its image background a blob to upload with `publishBlobs()`. Returns
    /// the bridge, already attached.
    /// - Throws: `RoomBackgroundError` when the background is a file of this computer that
    ///   cannot be embedded (C7: its address never enters the room), or the journal's error.
    public static func share(_ document: EmojiArtDocument, session: SyncSession, room: SharedRoom) throws -> CollabDocumentBridge {
        let entry = try session.enter(document.model).imported
        return CollabDocumentBridge(
            document: document, session: session, room: room, ids: entry.ids, images: entry.images, uploads: entry.uploads)
    }

    /// Uploads every sealed background image of mine (after a share, once `uploadBlob` is set).
    public func publishBlobs() {
        for (name, sealed) in images.uploads { uploadBlob(name, sealed) }
    }

    /// Ends the document's part in the room (the window closes, or leaves the room).
    public func detach() {
        document.detach()
    }

    // MARK: - DocumentCollaboration

    public var undoActionName: String? { session.history.undoName }
    public var redoActionName: String? { session.history.redoName }

    public func document(_ document: EmojiArtDocument, didPerform step: FieldStep) {
        dragPreview.clear()
        perform(ops(for: step, in: document.model), named: step.name, joining: step.joinsPrevious)
    }

    public func document(_ document: EmojiArtDocument, didPreview emojis: [Emoji]) {
        let frames = emojis.prefix(Self.maxPreviewedEmojis).compactMap { emoji in
            emoji.cid.flatMap(CollabID.init).map { cid in
                PreviewFrame(cid: cid, x: emoji.position.x, y: emoji.position.y, size: emoji.size, rotation: emoji.rotation)
            }
        }
        let time = now()
        if dragPreview.moved(to: frames, at: time) { sendDragPreview(at: time) }
    }

    public func undo(_ document: EmojiArtDocument) {
        report(Result { try session.undo() })
    }

    public func redo(_ document: EmojiArtDocument) {
        report(Result { try session.redo() })
    }

    // MARK: - The room

    /// Relay messages, in order, as one batch: the document is rebuilt once at the end, and only
    /// when the room's state may have changed — drag frames and presence touch only what is
    /// drawn over it.
    public func receive(_ messages: [RelayMessage]) {
        var presenceChanged = false
        var roomChanged = false
        for message in messages {
            switch message {
            case .preview(let forwarded):
                if let frame = takeFrame(message) {
                    livePreviews.receive(frame, from: forwarded.client, at: now())
                }
            case .op(let push):
                // Their drag ended: the push holds where it ended.
                livePreviews.committed(by: push.client)
                handle(message)
                roomChanged = true
            case .left(let other):
                livePreviews.left(other)
                takeFrame(message)
                presenceChanged = true
            case .presence:
                takeFrame(message)
                presenceChanged = true
            case .welcome:
                handle(message)
                presenceChanged = true
                roomChanged = true
                lastRefusal = nil
            case .error(let error):
                handle(message)
                // A relay that refuses each reconnect the same way is said once, not every time.
                if error.sentence != lastRefusal { onMessage?(error.sentence) }
                lastRefusal = error.sentence
            case .challenge:
                handle(message)
            case .pong:
                break
            }
        }
        if roomChanged { showRoom() } else { showLivePreviews() }
        if presenceChanged { onPresenceChange?() }
    }

    /// The connection opened: the hello to send first.
    public func connected() -> [ClientMessage] {
        session.connected()
    }

    /// The connection dropped: others' pointers and drags go away until it is back.
    public func disconnected() {
        session.disconnected()
        presence.disconnected()
        livePreviews.removeAll()
        dragPreview.clear()
        showRoom()
        onPresenceChange?()
    }

    /// A background image's blob arrived; one whose bytes do not match its name, or that does
    /// not open with the room's key, is not it.
    public func receiveBlob(_ name: String, data: Data) {
        images.answered(name)
        guard let image = session.image(inBlob: data, named: name) else { return }
        images.keep(image, named: name)
        showRoom()
    }

    /// Asking for a blob failed (not uploaded yet, say): it may be asked for again.
    public func blobUnavailable(_ sha256: String) {
        images.answered(sha256)
    }

    /// My presence (C5) as a frame to send, when connected.
    public func sendPresence(_ presence: Presence) {
        guard session.isLive, let message = try? self.presence.presenceMessage(presence) else { return }
        send([message])
    }

    /// The cid of one of the document's emojis, for presence (what I selected).
    public func collabID(of emoji: Emoji) -> CollabID? {
        emoji.cid.flatMap(CollabID.init)
    }

    /// The document's local id of a room emoji (others' selections), if it is shown.
    public func localID(of cid: CollabID) -> Int? {
        ids.byCID[cid]
    }

    /// Rebuilds the document from the session: the room's state with my pending edits; others'
    /// drags in progress go over it as the document's display-only layer.
    public func showRoom() {
        let model = session.shown.model(ids: &ids, room: room) { [images] in images[$0] }
        document.showShared(model)
        showLivePreviews()
        if case .image(let name) = session.shown.background.value, images.shouldRequest(name) { requestBlob(name) }
    }

    /// The clock's work (the app calls it a few times a second while shared): others' frames
    /// that stopped coming go, and my held drag's last frames go out again so theirs stay.
    public func tick() {
        let time = now()
        if livePreviews.expire(at: time) { showLivePreviews() }
        guard document.openGestureName != nil, dragPreview.isDue(at: time) else { return }
        sendDragPreview(at: time)
    }

    // MARK: - Private

    private func sendDragPreview(at time: Duration) {
        dragPreview.sent(at: time)
        guard session.isLive else { return }
        send(dragPreview.frames.compactMap { try? presence.previewMessage($0) })
    }

    private func showLivePreviews() {
        var poses = [Int: LivePose]()
        for (cid, entry) in livePreviews.entries {
            guard let id = ids.byCID[cid], session.shown.emojis[cid]?.deleted.value == false else { continue }
            poses[id] = LivePose(
                position: DocumentPoint(x: entry.frame.x, y: entry.frame.y), size: entry.frame.size, rotation: entry.frame.rotation)
        }
        document.showLivePreviews(poses)
    }

    private func handle(_ message: RelayMessage) {
        let problems = session.problemCount
        do {
            send(try session.receive(message))
        } catch {
            onMessage?(String(describing: error))
            return
        }
        // A relay's refusal is said where it arrives (`receive`), once however often it comes.
        let isRefusal = if case .error = message { true } else { false }
        if !isRefusal { sayProblem(after: problems) }
    }

    /// A frame of the others' (presence, a drag, someone leaving), through `presence`.
    @discardableResult
    private func takeFrame(_ message: RelayMessage) -> PreviewFrame? {
        let problems = session.problemCount
        defer { sayProblem(after: problems) }
        return presence.receive(message)
    }

    /// What the session caught since it had counted `problems` (C10): said, never silently
    /// applied or dropped.
    private func sayProblem(after problems: Int) {
        if session.problemCount != problems, let problem = session.lastProblem { onMessage?(problem) }
    }

    private func perform(_ ops: [CollabOp], named name: String, joining: Bool) {
        do {
            send(try session.perform(ops, named: name, joining: joining))
        } catch {
            onMessage?(String(describing: error))
        }
        showRoom()
    }

    private func report(_ result: Result<UndoOutcome, any Error>) {
        switch result {
        case .success(.empty):
            break
        case .success(.nothingLeft(let name)):
            // TRANSLATORS: C4; {action} is the step's name, e.g. "Move".
            onMessage?(localized("Nothing to undo in “{action}”: others have changed it since", ["action": name]))
        case .success(.done(_, _, let messages)):
            send(messages)
        case .failure(let error):
            onMessage?(String(describing: error))
        }
        showRoom()
    }
}
