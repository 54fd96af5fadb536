import CGtk
import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import EmojiArtRender
import Foundation

/// A window's Share… and its part in a room (C2, C5): the header bar's state and people, others'
/// pointers and selections over the canvas, my pointer and selection sent to them.
extension DocumentWindow {
    func installSharingActions() {
        addAction("share", to: window) { [unowned self] in share() }
        sharingState.stopAction = addAction("stop-sharing", to: window) { [unowned self] in confirmStopSharing() }
        setEnabled(sharingState.stopAction!, false)
        pack(sharingStatus.widget)
        canvas.drawOverlay = { [unowned self] cr, viewport, size in
            guard let sharing else { return }
            PresenceOverlay.draw(
                Self.participants(of: sharing), viewport: viewport, viewSize: size, colours: canvas.markColours, into: cr)
        }
    }

    /// Share…: a new room on the relay the user names, this document its first content; then
    /// the link to pass on. A document already shared shows its link again. A relay that makes
    /// rooms only for its token's holders (C8) asks for it (`RoomEntry` decides which to send).
    /// `failure`: why the last try did not work; the dialog comes back with it and the address.
    func share(after failure: String? = nil) {
        if let sharing { return showLink(sharing.address.naming(sharedName)) }
        SharingDialogs.askForRelay(parent: window, name: participantName, failure: failure) { [weak self] server, name in
            self?.application.setDisplayName(name)
            self?.createRoom(at: RoomEntry.newRoom(on: server).naming(self?.sharedName), token: nil)
        }
    }

    private func createRoom(at address: RoomLink, token: String?) {
        let entry = application.roomEntry
        Task { @MainActor [weak self] in
            let creation = await entry.createRoom(at: address, token: token)
            guard let self, !isClosed else { return }
            switch creation {
            case .created:
                guard sharing == nil else { return }
                startSharing(at: address, key: .now)
                if sharing != nil { showLink(address) }
            case .needsToken(let rejected, _):
                SharingDialogs.askForToken(relay: address.server, rejected: rejected, parent: window) { [weak self] typed in
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
        guard sharing == nil, let room = document.model.collab else { return }
        // Its relay may have lost the room (its data deleted): the file makes it again from its content (C6).
        let connect: (RoomLink) -> Void = { [weak self] address in
            self?.startSharing(at: address, recreatesMissingRoom: true, key: .kept)
        }
        switch application.roomEntry.reopening(room) {
        case .connect(let address):
            connect(address)
        case .askFirst(let address):
            SharingDialogs.askToConnect(to: room.server, parent: window) { agreed in
                if agreed { connect(address) }
            }
        case .offline(let reason):
            showToast(reason)
        }
    }

    func startSharing(at address: RoomLink, recreatesMissingRoom: Bool = false, key: SharedDocumentSession.KeyKeeping) {
        do {
            let sharing = try SharedDocumentSession.start(
                document: document, address: address, storage: application.roomEntry.storage,
                identity: (participantName, ""),
                recreatesMissingRoom: recreatesMissingRoom, key: key, wake: MainLoopWake.wake)
            sharing.identity.colour = ParticipantColours.palette[ParticipantColours.index(of: sharing.bridge.session.client)].hex
            self.sharing = sharing
            setEditable(sharing.bridge.session.credentials.canEdit)
            sharing.onMessage = { [weak self] message in self?.showToast(message) }
            sharing.connection.onStatusChange = { [weak self] in self?.sharingDidChange() }
            setEnabled(sharingState.stopAction!, true)
            sharingDidChange()
        } catch {
            showToast(String(describing: error))
        }
    }

    /// A view link (C12): the window shows the room, every editing verb is off and the palette
    /// strip, which only adds, is insensitive.
    private func setEditable(_ editable: Bool) {
        document.isReadOnly = !editable
        gtk_widget_set_sensitive(paletteBar.widget, editable ? 1 : 0)
        updateCommandStates()
    }

    /// Leaves the room (the window is going away): the outbox is on disk already.
    func stopSharing() {
        sharing?.close()
        sharing = nil
    }

    /// Stop Sharing (primary menu): asks first, as leaving cannot be undone here — coming back
    /// takes the link, and edits that have not reached the room stay only in this document.
    func confirmStopSharing() {
        guard let sharing else { return }
        let waiting = sharing.connection.pendingCount
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
        let dialog = adw_message_dialog_new(cast(window), localized("Stop Sharing?"), body)!
        gtk_window_set_title(cast(dialog), localized("Stop Sharing?"))
        emojiart_message_dialog_add_response(cast(dialog), "cancel", localized("_Cancel"))
        emojiart_message_dialog_add_response(cast(dialog), "stop", localized("_Stop Sharing"))
        adw_message_dialog_set_response_appearance(cast(dialog), "stop", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_default_response(cast(dialog), "cancel")
        adw_message_dialog_set_close_response(cast(dialog), "cancel")
        connect(dialog, .messageDialogResponse) { [weak self] response in
            guard response == "stop", let self, !isClosed else { return }
            leaveRoom()
        }
        gtk_window_present(cast(dialog))
    }

    /// Disconnects for good: the file loses its room (saved at once) and the header's state goes.
    func leaveRoom() {
        guard let sharing else { return }
        sharing.leave()
        self.sharing = nil
        document.leaveRoom()
        // The document is this computer's own now, to edit as any other.
        setEditable(true)
        sharingStatus.hide()
        setEnabled(sharingState.stopAction!, false)
        wasConnected = false
        knownParticipants = 0
        gtk_widget_queue_draw(canvas.drawingArea)
        autosaver.documentDidChange()
        showToast(localized("Stopped sharing: this document is no longer part of the room"))
    }

    private func sharingDidChange() {
        guard !isClosed, let sharing else { return }
        sharingStatus.update(sharing.connection)
        let connected = sharing.connection.status == .connected
        // Newcomers (or everyone, after a reconnect) learn where I am.
        sharing.roomDidChange(newcomers: connected && (!wasConnected || sharing.bridge.presence.participants.count > knownParticipants))
        wasConnected = connected
        knownParticipants = sharing.bridge.presence.participants.count
        gtk_widget_queue_draw(canvas.drawingArea)
        saveSoon()
    }

    /// Others' edits reach the file within a fraction of a second (C3: the hold-out reads the
    /// other window's autosaved file), not after autosave's one-second pause; bursts fold into
    /// one save (`sharedEditsSave`, never pushed back).
    private func saveSoon() {
        sharedEditsSave.scheduleUnlessPending()
    }

    func saveSharedEdits() {
        guard !isClosed else { return }
        Task { @MainActor [weak self] in
            guard let self, !isClosed else { return }
            if document.hasUnsavedChanges { await autosaver.saveNow() }
            // The confirmed replica follows at the same pace (it may lag; the relay fills gaps).
            sharing?.saveReplica()
        }
    }

    /// My pointer and selection, as the canvas's interaction has them, to the room (C5).
    func canvasPointerDidMove() {
        sharing?.pointerMoved(to: canvas.interaction.pointerDocumentPoint)
    }

    func canvasSelectionDidChange() {
        guard let sharing else { return }
        sharing.selectionChanged(to: document.model.emojis(withIDs: canvas.interaction.selection.ids))
    }

    /// The name a link gives the document (C2): the file's; an untitled document's none.
    var sharedName: String? {
        session.documentName
    }

    /// The room's links, each Copy that closes the dialog saying in a toast what it copied.
    private func showLink(_ address: RoomLink) {
        SharingDialogs.showLink(address, parent: window) { [weak self] copied in self?.showToast(copied) }
    }

    /// The name others see (C5): the one the user gave, or the system's.
    var participantName: String {
        application.preferences.participantName(systemName: Self.systemName)
    }

    /// The system's real name, or the user name when none is set.
    static var systemName: String {
        guard let name = g_get_real_name().map({ String(cString: $0) }), !name.isEmpty, name != "Unknown" else {
            return g_get_user_name().map { String(cString: $0) } ?? "?"
        }
        return name
    }

    private static func participants(of sharing: SharedDocumentSession) -> [PresenceOverlay.Participant] {
        let document = sharing.bridge.document
        // Around where the emojis are drawn: a selection being dragged follows the drag.
        let frames = Dictionary(document.displayedModel.emojis.map { ($0.id, $0.boundingBox) }, uniquingKeysWith: { first, _ in first })
        return sharing.bridge.presence.participants.sorted { $0.key < $1.key }.map { client, presence in
            let colour = ParticipantColours.palette[ParticipantColours.index(of: presence, from: client)]
            let pointer = presence.pointerX.flatMap { x in presence.pointerY.map { DocumentPoint(x: x, y: $0) } }
            let selection = presence.selection.compactMap { sharing.bridge.localID(of: $0).flatMap { frames[$0] } }
            return PresenceOverlay.Participant(
                name: presence.name, colour: (colour.red, colour.green, colour.blue), pointer: pointer, selection: selection)
        }
    }
}
