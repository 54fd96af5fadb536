import CGtk
import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import EmojiArtRender
import Foundation

/// The running application: owns the AdwApplication, the stores shared by all windows, and one
/// `DocumentWindow` per open document.
@MainActor
final class EmojiArtApplication {
    let application: UnsafeMutablePointer<AdwApplication>
    let palettes: PaletteStore
    let windowStates: WindowStateStore
    let drafts: DraftStore
    /// Every document’s earlier versions (H1).
    let versionStore: VersionStore
    /// How windows enter rooms (C2, C8, C10), on this user's room keys, outboxes, relays and
    /// tokens (`CollabStorage`), under the same folders as everything else.
    let roomEntry: RoomEntry
    /// The editor's settings, the same in every window (Snap to Objects, R1).
    private(set) var preferences: EditorPreferences
    /// The emojis most recently added to documents, for the strip's search (F1).
    let recentEmojis: RecentEmojiList
    private let stateDirectory: URL
    private var windows: [DocumentWindow] = []
    /// Drafts come back once per process, at its first activate or open (W2).
    private var draftsRestored = false
    /// Re-reads the palettes when another EmojiArt process changes them (P5).
    private var paletteMonitor: PaletteFileMonitor?

    init(storage: StorageLocations) {
        application = adw_application_new(ApplicationLauncher.applicationID, G_APPLICATION_HANDLES_OPEN)
        palettes = PaletteStore(dataDirectory: storage.dataDirectory)
        // A damaged window-state file is moved aside (never lost) and only logged: what it held
        // is a zoom, a pan and a window size, not worth interrupting the user for.
        windowStates = WindowStateStore(stateDirectory: storage.stateDirectory) { warning in
            FileHandle.standardError.write(Data("emojiart: \(warning)\n".utf8))
        }
        drafts = DraftStore(stateDirectory: storage.stateDirectory)
        versionStore = VersionStore(locations: storage)
        roomEntry = RoomEntry(storage: CollabStorage(locations: storage))
        stateDirectory = storage.stateDirectory
        preferences = EditorPreferences.load(from: storage.stateDirectory)
        recentEmojis = RecentEmojiList(stateDirectory: storage.stateDirectory)
        for directory in [storage.dataDirectory, windowStates.directory, drafts.directory] {
            AtomicFile.removeStaleTemporaryFiles(in: directory)
        }
        connect(application, .startup) { [unowned self] in
            gtk_window_set_default_icon_name(ApplicationLauncher.applicationID)
            ApplicationStyle.install()
            // The strip is whole: the emojis' spoken names load now, off the launch's way.
            PaletteGlyphs.shared.whenAllMade = { SpokenEmojiNames.loadSoon() }
            installActions()
            paletteMonitor = PaletteFileMonitor(store: palettes) { [unowned self] warning in
                showWarnings([warning])
            }
        }
        connect(application, .activate) { [unowned self] in
            activate()
        }
        connect(application, .open) { [unowned self] paths in
            restoreDraftsOnce()
            openWindows(for: paths.map { URL(fileURLWithPath: $0) })
        }
    }

    func run(arguments: [String]) -> Int32 {
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        let status = cStrings.withUnsafeMutableBufferPointer { buffer in
            g_application_run(cast(application), Int32(buffer.count), buffer.baseAddress)
        }
        windows.removeAll()
        g_object_unref(application)
        return status
    }

    /// Started without files: the drafts of untitled documents left by an earlier session come
    /// back (W2); without any, a new untitled document opens.
    private func activate() {
        guard windows.isEmpty else { return windows.last?.present() ?? () }
        restoreDraftsOnce()
        if windows.isEmpty { openWindow(for: nil) }
    }

    /// The drafts left by an earlier session come back at the next launch, whether it opens
    /// files or not (W2). A draft that cannot be read is set aside, never deleted (it is the
    /// user's only copy), and the user is told where it is; so is a palettes file that had to be
    /// set aside when the store loaded.
    private func restoreDraftsOnce() {
        guard !draftsRestored else { return }
        draftsRestored = true
        let recovered = drafts.recoverDrafts()
        for (url, model) in recovered.drafts {
            show(DocumentWindow(application: self, document: EmojiArtDocument(model: model), location: .draft(url)))
        }
        let warnings = recovered.setAside + [palettes.loadWarning].compactMap { $0 }
        if !warnings.isEmpty {
            // After the windows that are about to open, so the dialog has a parent.
            Task { @MainActor [weak self] in self?.showWarnings(warnings) }
        }
    }

    /// Tells the user about files that were set aside, in one dialog.
    func showWarnings(_ warnings: [CorruptFileWarning]) {
        guard !warnings.isEmpty else { return }
        let parent: UnsafeMutablePointer<GtkWindow>? = gtk_application_get_active_window(cast(application))
        let heading = localizedPlural("A File Was Set Aside", "Some Files Were Set Aside", count: warnings.count)
        let body = warnings.map(\.description).joined(separator: "\n\n")
        let dialog = adw_message_dialog_new(parent, heading, body)!
        emojiart_message_dialog_add_response(cast(dialog), "close", localized("_Close"))
        gtk_window_set_application(cast(dialog), cast(application))
        gtk_window_present(cast(dialog))
    }

    /// Opens `file` in a window of its own, or a new untitled document with nil. A file already
    /// open is brought to the front instead (W1).
    func openWindow(for file: URL?) {
        guard let file else {
            return show(DocumentWindow(application: self, document: EmojiArtDocument(), location: .draft(drafts.newDraftURL())))
        }
        openWindows(for: [file])
    }

    /// Opens each file in a window of its own; those that cannot be opened are named in one
    /// dialog, over the windows that did open (M4, W3).
    func openWindows(for files: [URL]) {
        var failures: [String] = []
        for file in files {
            do {
                try open(file)
            } catch {
                failures.append("\(error)")
            }
        }
        showOpenErrors(failures)
    }

    private func open(_ file: URL) throws {
        let key = WindowStateStore.canonicalPath(of: file)
        if let existing = windows.first(where: { $0.session.location.fileURL.map(WindowStateStore.canonicalPath(of:)) == key }) {
            return existing.present()
        }
        let model = try DocumentPrefetch.shared.take(file)?.get() ?? Self.read(file)
        let document = EmojiArtDocument(model: model)
        AtomicFile.removeStaleTemporaryFiles(of: file)  // left by a save that was killed
        let window = DocumentWindow(application: self, document: document, location: .file(file))
        window.canvas.preparedRasters = { DocumentPrefetch.shared.takePreparedRasters(for: file) }
        show(window)
        RecentFiles.add(file)
    }

    /// Join…: a new window on the room's document, kept as a draft until saved (C2). A window
    /// already in that room comes to the front instead.
    /// Join…: the room in a new window. A link whose key differs from the one this computer
    /// keeps for the room replaces it only when the person agrees (C10: a forged link must not
    /// swap a key silently).
    func openSharedWindow(_ address: RoomLink) {
        if let existing = windows.first(where: { $0.sharing.address?.room == address.room && $0.sharing.address?.server == address.server })
        {
            return existing.present()
        }
        guard (try? roomEntry.joining(address)) == .replacesKeptKey else { return openJoinedWindow(address, replacingKey: false) }
        SharingDialogs.askToReplaceKey(parent: activeWindow) { [weak self] agreed in
            if agreed { self?.openJoinedWindow(address, replacingKey: true) }
        }
    }

    private func openJoinedWindow(_ address: RoomLink, replacingKey: Bool) {
        let window = DocumentWindow(application: self, document: EmojiArtDocument(), location: .draft(drafts.newDraftURL()))
        window.session.joinedDocumentName = address.documentName
        show(window)
        window.updateTitle()
        window.sharing.start(at: address, key: .onceOpened(replacing: replacingKey))
    }

    /// Reads a document that the launch did not prefetch.
    private static func read(_ file: URL) throws -> EmojiArtModel {
        let model = try DocumentFile.read(from: file)
        LaunchTrace.mark("document-decoded", ["emojis": model.emojis.count])
        return model
    }

    private func show(_ window: DocumentWindow) {
        LaunchTrace.mark("window-built")
        windows.append(window)
        window.onClose = { [unowned self, unowned window] in
            windows.removeAll { $0 === window }
        }
        window.present()
        window.sharing.reconnectIfShared()
        LaunchTrace.mark("window-shown")
    }

    /// Shows why files could not be opened, in one dialog over the newest window (none when no
    /// window opened); the application keeps running and the files are left untouched (W2).
    private func showOpenErrors(_ failures: [String]) {
        guard !failures.isEmpty else { return }
        let parent: UnsafeMutablePointer<GtkWindow>? = windows.last { !$0.isClosed }.map { cast($0.window) }
        let heading = failures.count == 1 ? localized("Couldn’t Open Document") : localized("Couldn’t Open Some Documents")
        let dialog = adw_message_dialog_new(parent, heading, failures.joined(separator: "\n\n"))!
        emojiart_message_dialog_add_response(cast(dialog), "close", localized("_Close"))
        gtk_window_set_application(cast(dialog), cast(application))
        gtk_window_present(cast(dialog))
    }

    /// Quit saves every document first, so quitting never loses a change; untitled documents
    /// stay as drafts and come back at the next launch.
    private func quit() {
        Task {
            // Each save is awaited, and a window may close meanwhile (its own Ctrl+W): check.
            for window in windows where !window.isClosed {
                window.canvas.finishGestures()
                await window.autosaver.saveNow()
                await window.versionKeeper.takeVersionNow()
                guard !window.isClosed else { continue }
                window.saveWindowStateNow()
            }
            g_application_quit(cast(application))
        }
    }

    private var activeWindow: UnsafeMutablePointer<GtkWidget>? {
        let window: UnsafeMutablePointer<GtkWindow>? = gtk_application_get_active_window(cast(application))
        return window.map { cast($0) }
    }

    private func installActions() {
        addAction("new", to: application) { [unowned self] in openWindow(for: nil) }
        addAction("open", to: application) { [unowned self] in
            let parent: UnsafeMutablePointer<GtkWindow>? = gtk_application_get_active_window(cast(application))
            FileChooser.chooseDocumentsToOpen(parent: parent.map { cast($0) }) { [unowned self] urls in
                openWindows(for: urls)
            }
        }
        addAction("quit", to: application) { [unowned self] in quit() }
        addAction("join", to: application) { [unowned self] in
            let name = preferences.participantName(systemName: WindowSharing.systemName)
            SharingDialogs.askForLink(parent: activeWindow, name: name) { [unowned self] address, name in
                setDisplayName(name)
                openSharedWindow(address)
            }
        }
        addAction("about", to: application) { [unowned self] in AboutWindow.present(parent: activeWindow) }
        addAction("shortcuts", to: application) { [unowned self] in ShortcutsWindow.present(parent: activeWindow) }
        addToggleAction("snap-to-objects", to: application, isOn: preferences.snapsToObjects) { [unowned self] snaps in
            preferences.snapsToObjects = snaps
            for window in windows { window.canvas.apply(window.canvas.interaction.setSnapsToObjects(snaps)) }
            savePreferences()
        }
        Accelerators.install(on: application)
    }

    /// The name others see from now on (C5), as typed in Share… or Join…; the system's real
    /// name when it is left as that or emptied.
    func setDisplayName(_ typed: String) {
        let name = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        let given = name.isEmpty || name == WindowSharing.systemName ? nil : name
        guard given != preferences.displayName else { return }
        preferences.displayName = given
        savePreferences()
    }

    private func savePreferences() {
        do {
            try preferences.save(to: stateDirectory)
        } catch {
            FileHandle.standardError.write(Data("emojiart: the preferences were not saved: \(error)\n".utf8))
        }
    }
}
