import CGtk
import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import EmojiArtRender
import Foundation

/// What a window's part in a room needs from the window, and nothing more.
@MainActor
protocol SharingHost: AnyObject {
    /// The window: the dialogs' parent, and where win.share and win.stop-sharing go.
    var window: UnsafeMutablePointer<GtkWidget> { get }
    /// Set once the window closed: a continuation after an `await` touches nothing then.
    var isClosed: Bool { get }
    /// The name a link gives the document (C2): the file's; an untitled document's none, or the
    /// one it was joined by.
    var sharedDocumentName: String? { get }
    func showToast(_ message: String)
    /// The document became read-only (a view link, C12) or editable again.
    func editabilityDidChange()
}

/// A window's Share… and its part in a room (C2, C5, C12): the room's session, the header bar's
/// state and people (`status`, which the window places), others' pointers and selections over the
/// canvas, my pointer and selection sent to them, and others' edits saved soon (C3). The window
/// talks to it through `share()`, `start`, `reconnectIfShared()`, `pointerDidMove()`,
/// `selectionDidChange()` and `close()`.
@MainActor
final class WindowSharing {
    private(set) var session: SharedDocumentSession?
    let status = SharingStatusView()
    private unowned let host: any SharingHost
    private let document: EmojiArtDocument
    private let canvas: CanvasView
    private let autosaver: Autosaver
    private unowned let application: EmojiArtApplication
    private var wasConnected = false
    private var knownParticipants = 0
    /// win.stop-sharing, enabled while the window is in a room.
    private var stopAction: OpaquePointer?
    /// Writes a shared document 150 ms after others' edits arrive, however fast they come (C3).
    private lazy var sharedEditsSave = Debouncer(delay: .milliseconds(150)) { [weak self] in self?.saveSharedEdits() }

    init(
        host: any SharingHost, document: EmojiArtDocument, canvas: CanvasView, autosaver: Autosaver,
        application: EmojiArtApplication
    ) {
        self.host = host
        self.document = document
        self.canvas = canvas
        self.autosaver = autosaver
        self.application = application
    }

    /// The room's link, while the window is in one.
    var address: RoomLink? { session?.address }

    /// Adds win.share and win.stop-sharing to the window, and draws the others over the canvas.
    func installActions() {
        addAction("share", to: host.window) { [unowned self] in share() }
        let stopAction = addAction("stop-sharing", to: host.window) { [unowned self] in confirmStopSharing() }
        self.stopAction = stopAction
        setEnabled(stopAction, false)
        canvas.drawOverlay = { [unowned self] cr, viewport, size in
            guard let session else { return }
            PresenceOverlay.draw(
                Self.participants(of: session), viewport: viewport, viewSize: size, colours: canvas.markColours, into: cr)
        }
    }

    /// Share…: a new room on the relay the user names, this document its first content; then
    /// the link to pass on. A document already shared shows its link again. A relay that makes
    /// rooms only for its token's holders (C8) asks for it (`RoomEntry` decides which to send).
    /// `failure`: why the last try did not work; the dialog comes back with it and the address.
    func share(after failure: String? = nil) {
        if let session { return showLink(session.address.naming(host.sharedDocumentName)) }
        SharingDialogs.askForRelay(parent: host.window, name: participantName, failure: failure) { [weak self] server, name in
            self?.application.setDisplayName(name)
            self?.createRoom(at: RoomEntry.newRoom(on: server).naming(self?.host.sharedDocumentName), token: nil)
        }
    }

    private func createRoom(at address: RoomLink, token: String?) {
        let entry = application.roomEntry
        Task { @MainActor [weak self] in
            let creation = await entry.createRoom(at: address, token: token)
            guard let self, !host.isClosed else { return }
            switch creation {
            case .created:
                guard session == nil else { return }
                start(at: address, key: .now)
                if session != nil { showLink(address) }
            case .needsToken(let rejected, _):
                SharingDialogs.askForToken(relay: address.server, rejected: rejected, parent: host.window) { [weak self] typed in
                    self?.createRoom(at: address, token: typed)
                }
            case .failed(let reason):
                share(after: reason)
            }
        }
    }

    /// Opening a shared file (or a joined draft) reconnects to its room by itself (C2), as
    /// `RoomEntry` decides: with the key kept for its relay, at once to a relay this user has
    /// used, to another only once the person agrees (C10); otherwise it stays offline and says why.
    func reconnectIfShared() {
        guard session == nil, let room = document.model.collab else { return }
        // Its relay may have lost the room (its data deleted): the file makes it again from its content (C6).
        let connect: (RoomLink) -> Void = { [weak self] address in
            self?.start(at: address, recreatesMissingRoom: true, key: .kept)
        }
        switch application.roomEntry.reopening(room) {
        case .connect(let address):
            connect(address)
        case .askFirst(let address):
            SharingDialogs.askToConnect(to: room.server, parent: host.window) { agreed in
                if agreed { connect(address) }
            }
        case .offline(let reason):
            host.showToast(reason)
        }
    }

    func start(at address: RoomLink, recreatesMissingRoom: Bool = false, key: SharedDocumentSession.KeyKeeping) {
        do {
            let session = try SharedDocumentSession.start(
                document: document, address: address, storage: application.roomEntry.storage,
                identity: (participantName, ""),
                recreatesMissingRoom: recreatesMissingRoom, key: key, wake: MainLoopWake.wake)
            session.identity.colour = ParticipantColours.palette[ParticipantColours.index(of: session.bridge.session.client)].hex
            self.session = session
            setEditable(session.bridge.session.credentials.canEdit)
            session.onMessage = { [weak self] message in self?.host.showToast(message) }
            session.connection.onStatusChange = { [weak self] in self?.sessionDidChange() }
            if let stopAction { setEnabled(stopAction, true) }
            sessionDidChange()
        } catch {
            host.showToast(String(describing: error))
        }
    }

    /// A view link (C12): the window shows the room, and every editing verb is off.
    private func setEditable(_ editable: Bool) {
        document.isReadOnly = !editable
        host.editabilityDidChange()
    }

    /// Leaves the room (the window is going away): the outbox is on disk already.
    func close() {
        sharedEditsSave.cancel()
        session?.close()
        session = nil
    }

    /// Stop Sharing (primary menu): asks first, as leaving cannot be undone here — coming back
    /// takes the link, and edits that have not reached the room stay only in this document.
    private func confirmStopSharing() {
        guard let session else { return }
        let waiting = session.connection.pendingCount
        var body = localized(
            "This window leaves the room. The document stays on this computer as an ordinary document; the others keep their copies and can go on editing without you."
        )
        if waiting > 0 {
            body +=
                " "
                + localizedPlural(
                    "{count} edit has not reached the room yet: it stays only in this document.",
                    "{count} edits have not reached the room yet: they stay only in this document.", count: waiting)
        }
        let dialog = adw_message_dialog_new(cast(host.window), localized("Stop Sharing?"), body)!
        gtk_window_set_title(cast(dialog), localized("Stop Sharing?"))
        emojiart_message_dialog_add_response(cast(dialog), "cancel", localized("_Cancel"))
        emojiart_message_dialog_add_response(cast(dialog), "stop", localized("_Stop Sharing"))
        adw_message_dialog_set_response_appearance(cast(dialog), "stop", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_default_response(cast(dialog), "cancel")
        adw_message_dialog_set_close_response(cast(dialog), "cancel")
        connect(dialog, .messageDialogResponse) { [weak self] response in
            guard response == "stop", let self, !host.isClosed else { return }
            leaveRoom()
        }
        gtk_window_present(cast(dialog))
    }

    /// Disconnects for good: the file loses its room (saved at once) and the header's state goes.
    private func leaveRoom() {
        guard let session else { return }
        session.leave()
        self.session = nil
        document.leaveRoom()
        // The document is this computer's own now, to edit as any other.
        setEditable(true)
        status.hide()
        if let stopAction { setEnabled(stopAction, false) }
        wasConnected = false
        knownParticipants = 0
        gtk_widget_queue_draw(canvas.drawingArea)
        autosaver.documentDidChange()
        host.showToast(localized("Stopped sharing: this document is no longer part of the room"))
    }

    private func sessionDidChange() {
        guard !host.isClosed, let session else { return }
        status.update(session.connection)
        let connected = session.connection.status == .connected
        // Newcomers (or everyone, after a reconnect) learn where I am.
        session.roomDidChange(newcomers: connected && (!wasConnected || session.bridge.presence.participants.count > knownParticipants))
        wasConnected = connected
        knownParticipants = session.bridge.presence.participants.count
        gtk_widget_queue_draw(canvas.drawingArea)
        saveSoon()
    }

    /// Others' edits reach the file within a fraction of a second (C3: the hold-out reads the
    /// other window's autosaved file), not after autosave's one-second pause; bursts fold into
    /// one save (`sharedEditsSave`, never pushed back).
    private func saveSoon() {
        sharedEditsSave.scheduleUnlessPending()
    }

    private func saveSharedEdits() {
        guard !host.isClosed else { return }
        Task { @MainActor [weak self] in
            guard let self, !host.isClosed else { return }
            if document.hasUnsavedChanges { await autosaver.saveNow() }
            // The confirmed replica follows at the same pace (it may lag; the relay fills gaps).
            session?.saveReplica()
        }
    }

    /// My pointer and selection, as the canvas's interaction has them, to the room (C5).
    func pointerDidMove() {
        session?.pointerMoved(to: canvas.interaction.pointerDocumentPoint)
    }

    func selectionDidChange() {
        guard let session else { return }
        session.selectionChanged(to: document.model.emojis(withIDs: canvas.interaction.selection.ids))
    }

    /// The room's links, each Copy that closes the dialog saying in a toast what it copied.
    private func showLink(_ address: RoomLink) {
        SharingDialogs.showLink(address, parent: host.window) { [weak self] copied in self?.host.showToast(copied) }
    }

    /// The name others see (C5): the one the user gave, or the system's.
    private var participantName: String {
        application.preferences.participantName(systemName: Self.systemName)
    }

    /// The system's real name, or the user name when none is set.
    static var systemName: String {
        guard let name = g_get_real_name().map({ String(cString: $0) }), !name.isEmpty, name != "Unknown" else {
            return g_get_user_name().map { String(cString: $0) } ?? "?"
        }
        return name
    }

    private static func participants(of session: SharedDocumentSession) -> [PresenceOverlay.Participant] {
        let document = session.bridge.document
        // Around where the emojis are drawn: a selection being dragged follows the drag.
        let frames = Dictionary(document.displayedModel.emojis.map { ($0.id, $0.boundingBox) }, uniquingKeysWith: { first, _ in first })
        return session.bridge.presence.participants.sorted { $0.key < $1.key }.map { client, presence in
            let colour = ParticipantColours.palette[ParticipantColours.index(of: presence, from: client)]
            let pointer = presence.pointerX.flatMap { x in presence.pointerY.map { DocumentPoint(x: x, y: $0) } }
            let selection = presence.selection.compactMap { session.bridge.localID(of: $0).flatMap { frames[$0] } }
            return PresenceOverlay.Participant(
                name: presence.name, colour: (colour.red, colour.green, colour.blue), pointer: pointer, selection: selection)
        }
    }
}
