import CGtk
import EmojiArtCollabNet
import EmojiArtCore
import Foundation

/// What a window keeps about its room (see DocumentWindow+Sharing.swift), in one stored value so
/// DocumentWindow itself only holds this.
@MainActor
final class WindowSharingState {
    var sharing: SharedDocumentSession?
    let status = SharingStatusView()
    var wasConnected = false
    var knownParticipants = 0
    /// win.stop-sharing, enabled while the window is in a room.
    var stopAction: OpaquePointer?
}

extension DocumentWindow {
    var sharing: SharedDocumentSession? {
        get { sharingState.sharing }
        set { sharingState.sharing = newValue }
    }

    var sharingStatus: SharingStatusView { sharingState.status }

    var wasConnected: Bool {
        get { sharingState.wasConnected }
        set { sharingState.wasConnected = newValue }
    }

    var knownParticipants: Int {
        get { sharingState.knownParticipants }
        set { sharingState.knownParticipants = newValue }
    }

    /// Puts a widget at the end of the header bar, before the primary menu.
    func pack(_ widget: UnsafeMutablePointer<GtkWidget>) {
        adw_header_bar_pack_end(cast(headerBar), widget)
    }
}
