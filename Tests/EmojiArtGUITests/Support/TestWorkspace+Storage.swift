import EmojiArtCollab
import EmojiArtCore
import EmojiArtTestSupport
import Foundation

/// The app's per-user files in a workspace, read through Core's own stores, so the tests look
/// where the app writes (DESIGN "Data and format": palettes in `$XDG_DATA_HOME/emojiart`,
/// window state and drafts in `$XDG_STATE_HOME/emojiart`).
extension TestWorkspace {
    /// The folders the app derives from this workspace's environment.
    var storage: StorageLocations {
        let base = home.appendingPathComponent(".local", isDirectory: true)
        return StorageLocations(environment: [
            "HOME": home.path,
            "XDG_DATA_HOME": base.appendingPathComponent("share").path,
            "XDG_STATE_HOME": base.appendingPathComponent("state").path,
        ])
    }

    /// Untitled documents' drafts (W2).
    var drafts: DraftStore { DraftStore(stateDirectory: storage.stateDirectory) }

    /// Each document's zoom, pan, palette and window size (W4).
    var windowStates: WindowStateStore { WindowStateStore(stateDirectory: storage.stateDirectory) }

    /// `palettes.json`, shared by every window and process (P5).
    var paletteFile: URL { storage.dataDirectory.appendingPathComponent(PaletteStore.fileName) }

    /// Waits until exactly one draft exists and holds a document that satisfies `condition`,
    /// and returns its file. Drafts are written atomically, so a draft that can be read at all
    /// is complete.
    func waitForDraft(
        _ awaited: String, timeout: Duration = .seconds(20), where condition: (EmojiArtModel) -> Bool
    ) async throws -> URL {
        try await waitFor("a draft that \(awaited) is written", timeout: timeout) { () -> URL? in
            let drafts = self.drafts.existingDrafts()
            guard drafts.count == 1, let draft = drafts.first else { throw NotYet("\(drafts.count) drafts") }
            let model = try? DocumentFile.read(from: draft)
            guard let model, condition(model) else { throw NotYet("the draft holds \(String(describing: model))") }
            return draft
        }
    }

    /// Waits until the window state saved for `document` satisfies `condition`, and returns it.
    func waitForWindowState(
        of document: URL, _ awaited: String, timeout: Duration = .seconds(20), where condition: (WindowState) -> Bool
    ) async throws -> WindowState {
        try await waitFor("the window state of \(document.lastPathComponent) \(awaited)", timeout: timeout) { () -> WindowState? in
            guard let state = windowStates.state(for: document) else { throw NotYet("no window state") }
            guard condition(state) else { throw NotYet("the window state is \(state)") }
            return state
        }
    }

    /// Keeps `key` for `room` where the app looks for it (C10: a shared document without its
    /// room's key on this computer stays offline).
    func storeRoomKey(_ key: String, for room: String, relay: String) throws {
        try CollabStorage(locations: storage).keys.save(key, for: room, relay: relay)
    }

    /// What this user would have after joining `room` on `server` once: its key kept, and the
    /// relay known (C10: a document naming another relay asks before connecting).
    func joinedBefore(_ room: String, on server: String, key: String = TestRoomKey.text) throws {
        try storeRoomKey(key, for: room, relay: server)
        try CollabStorage(locations: storage).knownRelays.remember(server)
    }
}

/// The room key the GUI tests' shared documents use, and its verifier for `PUT /room`.
enum TestRoomKey {
    static let text = "AAECAwQFBgcICQoLDA0ODw"
    static var registration: [String: String] {
        let registration = RoomCredentials(roomKey: Base64URL.decode(text)!).registration
        return ["editor": registration.editor, "viewer": registration.viewer]
    }
}
