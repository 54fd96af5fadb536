import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation

/// One document in its own window (W1): header bar with undo/redo and the primary menu, the
/// canvas, and the palette bar under it. Translates the document's changes into button states,
/// the title and redraws; holds no document logic itself. Saving, closing and the remembered
/// window state are in the `DocumentWindow+…` files.
@MainActor
final class DocumentWindow {
    /// A new window's size in logical pixels (the launch's raster preparation reads it too).
    nonisolated static let defaultWidth = 960
    nonisolated static let defaultHeight = 720
    /// The launch's `DocumentPrefetch` paints the first frame ahead for a new window's size and
    /// the canvas expected in it: narrower and lower than its window by the header bar above it,
    /// the palette strip below and Adwaita's borders (a 960 × 720 window's canvas is 950 × 614 on
    /// Debian 12; `PrepaintedFrame` takes a canvas off by an even number of pixels, up to 16).
    nonisolated static let expectedGeometry = DocumentPrefetch.WindowGeometry(
        defaultSize: ViewSize(width: Double(defaultWidth), height: Double(defaultHeight)),
        canvasInset: ViewSize(width: 10, height: 106))
    /// The window, with this object's one reference on it until `closeWindow()` (the rule is in
    /// Bridge/Signals.swift); the widget pointers below are inside it.
    let window: UnsafeMutablePointer<GtkWidget>
    let document: EmojiArtDocument
    /// Where the document lives, its name, and what closing and Save As take (Core's rules).
    var session: DocumentSession
    let canvas: CanvasView
    let autosaver: Autosaver
    /// Takes the document's versions (H1).
    let versionKeeper: VersionKeeper
    let paletteBar: PaletteBar
    unowned let application: EmojiArtApplication
    private let toastOverlay: UnsafeMutablePointer<GtkWidget>
    let undoButton: UnsafeMutablePointer<GtkWidget>
    let redoButton: UnsafeMutablePointer<GtkWidget>
    let primaryMenu = PrimaryMenu()
    let headerBar: UnsafeMutablePointer<GtkWidget>
    /// Share… and the room this document is shared in, if any.
    private(set) lazy var sharing = WindowSharing(
        host: self, document: document, canvas: canvas, autosaver: autosaver, application: application)
    /// The editor's window actions by command, for their sensitivity (U4).
    var commandActions: [CanvasCommand: OpaquePointer] = [:]
    /// The one persistent toast for a failing save (W5), dismissed once a save succeeds.
    var saveErrorToast: OpaquePointer?
    /// The background's failure message with Retry (B4), and the text it shows.
    private var backgroundFailureToast: (toast: OpaquePointer, message: String)?
    /// Writes the window state (W4) a moment after the last zoom, pan or palette change.
    private(set) lazy var stateSave = Debouncer(delay: Self.stateSaveDelay) { [weak self] in self?.saveWindowStateNow() }
    /// The window was left maximized: it is maximized once it is on screen (`maximizeOnceMapped`).
    var maximizesWhenMapped = false
    /// The strip's search entry has the keyboard focus: the actions whose keys it needs are off.
    var searchHasFocus = false
    /// Export… and Print….
    private(set) lazy var output = DocumentOutput(host: self, document: document)
    /// Set when the window closes. Every continuation after an `await` checks it before touching
    /// a widget (the rule is written in Bridge/Signals.swift).
    private(set) var isClosed = false

    /// Called once the window closes, so the application can let go of it.
    var onClose: (() -> Void)?

    init(application: EmojiArtApplication, document: EmojiArtDocument, location: DocumentLocation) {
        self.application = application
        self.document = document
        session = DocumentSession(location: location)
        window = adw_application_window_new(cast(application.application))
        takeReference(on: window)
        gtk_window_set_default_size(cast(window), Int32(Self.defaultWidth), Int32(Self.defaultHeight))
        canvas = CanvasView(document: document)
        canvas.apply(canvas.interaction.setSnapsToObjects(application.preferences.snapsToObjects))
        autosaver = Autosaver(document: document, write: Self.writer(for: location, drafts: application.drafts))
        versionKeeper = VersionKeeper(document: document, store: application.versionStore, schedule: Self.versionSchedule)
        toastOverlay = adw_toast_overlay_new()
        undoButton = gtk_button_new_from_icon_name("edit-undo-symbolic")
        redoButton = gtk_button_new_from_icon_name("edit-redo-symbolic")
        paletteBar = PaletteBar(store: application.palettes, recents: application.recentEmojis, window: window) { [weak canvas] emoji in
            canvas?.addEmojiAtCenter(emoji)
        }

        let header = adw_header_bar_new()!
        headerBar = header
        // Not the win.undo and win.redo actions: those yield Ctrl+Z to the search entry while it
        // has the focus (F1), and the buttons would grey out with them.
        connect(undoButton, .clicked) { [unowned self] in canvas.perform(.undo) }
        connect(redoButton, .clicked) { [unowned self] in canvas.perform(.redo) }
        emojiart_accessible_set_label(undoButton, localized("Undo"))
        emojiart_accessible_set_label(redoButton, localized("Redo"))
        adw_header_bar_pack_start(cast(header), undoButton)
        adw_header_bar_pack_start(cast(header), redoButton)
        adw_header_bar_pack_end(cast(header), primaryMenu.button)

        adw_toast_overlay_set_child(cast(toastOverlay), canvas.container)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(content), header)
        gtk_widget_set_vexpand(toastOverlay, 1)
        gtk_box_append(cast(content), toastOverlay)
        gtk_box_append(cast(content), paletteBar.widget)
        adw_application_window_set_content(cast(window), content)

        keepAlive(self, until: window)
        installActions()
        restoreWindowState()
        canvas.onOpenDocument = { [unowned application] url in application.openWindow(for: url) }
        canvas.onMessage = { [unowned self] message in showToast(message) }
        canvas.onBackgroundFailure = { [unowned self] message in showBackgroundFailure(message) }
        canvas.onViewportChange = { [unowned self] in scheduleStateSave() }
        canvas.onSelectionChange = { [unowned self] in sharing.selectionDidChange() }
        canvas.onCommandsChange = { [unowned self] in updateCommandStates() }
        canvas.onDocumentChangeHandled = { [unowned self] _ in
            // An undo, a delete or someone else's edit may have changed what is selected.
            sharing.selectionDidChange()
        }
        canvas.onPointerMove = { [unowned self] in sharing.pointerDidMove() }
        canvas.onFirstFrame = { PaletteGlyphs.shared.releaseLaunchHold() }
        paletteBar.onPaletteChange = { [weak self] in self?.scheduleStateSave() }
        paletteBar.onMessage = { [weak self] message in self?.showToast(message) }
        paletteBar.onSearchEnd = { [unowned self] in gtk_widget_grab_focus(canvas.drawingArea) }
        paletteBar.onSearchFocusChange = { [unowned self] focused in
            searchHasFocus = focused
            updateCommandStates()
        }
        canvas.onEmojiAdded = { [unowned application] emoji in application.recentEmojis.add(emoji) }
        primaryMenu.onClose = { [unowned self] in
            // An item of a submenu closes the menu with the focus left on a hidden item, where
            // the window's keys reach nothing: the canvas takes them, as after its own menu.
            DispatchQueue.main.async { [weak self] in
                guard let self, !isClosed else { return }
                let focus = gtk_window_get_focus(cast(window))
                if focus == nil || gtk_widget_is_visible(focus) == 0 { gtk_widget_grab_focus(canvas.drawingArea) }
            }
        }
        // GTK may notify the size while it disposes the window.
        connect(window, .notifyDefaultWidth) { [unowned self] _ in
            guard !isClosed else { return }
            applyAdaptiveLayout()
            scheduleStateSave()
        }
        connect(window, .notifyDefaultHeight) { [unowned self] _ in
            guard !isClosed else { return }
            scheduleStateSave()
        }
        connect(window, .notifyMaximized) { [unowned self] _ in
            guard !isClosed else { return }
            scheduleStateSave()
        }
        document.onChange = { [unowned self] change in documentDidChange(change) }
        autosaver.onErrorChange = { [unowned self] in saveErrorDidChange() }
        versionKeeper.onErrorChange = { [unowned self] in versionStoreDidChange() }
        if LaunchTrace.isEnabled { versionKeeper.onWriting = { LaunchTrace.mark($0 ? "version-started" : "version-written") } }
        connect(window, .closeRequest) { [unowned self] in
            requestClose()
            return true  // requestClose destroys the window once nothing can be lost
        }
        updateTitle()
        applyAdaptiveLayout()
        gtk_widget_grab_focus(canvas.drawingArea)
    }

    func present() {
        guard !isClosed else { return }
        gtk_window_present(cast(window))
        if maximizesWhenMapped { maximizeOnceMapped() }
        FrameTimingTrace.follow(window, canvas: canvas.drawingArea)
    }

    /// Closes the window, the only way it is destroyed (Bridge/Signals.swift, rule 2): marks it
    /// closed, stops what it started, lets go of the closures it gave to others, tells the
    /// application, then gives back its reference, upon which GTK disposes the window — while
    /// this object is still alive for the handlers that fire meanwhile.
    func closeWindow() {
        guard !isClosed else { return }
        withExtendedLifetime(self) {
            saveWindowStateNow()
            isClosed = true
            sharing.close()
            stateSave.cancel()
            document.onChange = nil
            autosaver.onErrorChange = nil
            autosaver.cancel()
            versionKeeper.onErrorChange = nil
            paletteBar.onPaletteChange = nil
            paletteBar.onMessage = nil
            paletteBar.onSearchEnd = nil
            paletteBar.onSearchFocusChange = nil
            canvas.tearDown()
            if let toast = saveErrorToast { g_object_unref(toast.raw) }
            if let shown = backgroundFailureToast { g_object_unref(shown.toast.raw) }
            saveErrorToast = nil
            backgroundFailureToast = nil
            onClose?()
            onClose = nil
            gtk_window_destroy(cast(window))
            g_object_unref(window.raw)
        }
    }

    // MARK: - Document changes

    private func documentDidChange(_ change: DocumentChange) {
        if !change.isDisjoint(with: [.emojis, .background]) { autosaver.documentDidChange() }
        versionKeeper.documentDidChange(change)
        if change.contains(.saveState) { updateTitle() }
        canvas.documentDidChange(change)
    }

    /// The document's name in titles: its file's, the joined room's, or "Untitled".
    var displayName: String {
        session.documentName ?? localized("Untitled")
    }

    /// "NAME — EmojiArt", with "•" before the name while a save is pending or has failed (W5).
    func updateTitle() {
        guard !isClosed else { return }
        let mark = document.hasUnsavedChanges ? "• " : ""
        // TRANSLATORS: the window title; {name} is the document's name.
        gtk_window_set_title(cast(window), mark + localized("{name} — EmojiArt", ["name": displayName]))
    }

    // MARK: - Actions

    private func installActions() {
        installEditActions()
        addAction("save", to: window) { [unowned self] in save() }
        addAction("save-as", to: window) { [unowned self] in saveAs() }
        addAction("export", to: window) { [unowned self] in output.export() }
        addAction("open-export", to: window) { [unowned self] in output.openLastExport() }
        addAction("browse-versions", to: window) { [unowned self] in browseVersions() }
        addAction("print", to: window) { [unowned self] in output.printDocument() }
        addAction("close", to: window) { [unowned self] in requestClose() }
        addAction("retry-background", to: window) { [unowned self] in
            canvas.apply(canvas.interaction.retryBackground())
        }
        addAction("zoom-in", to: window) { [unowned self] in
            canvas.apply(canvas.interaction.zoomViewAroundCenter(by: Viewport.wheelZoomStep))
        }
        addAction("zoom-out", to: window) { [unowned self] in
            canvas.apply(canvas.interaction.zoomViewAroundCenter(by: 1 / Viewport.wheelZoomStep))
        }
        addAction("find-emoji", to: window) { [unowned self] in paletteBar.startSearch() }
        paletteBar.installActions(on: window)
        sharing.installActions()
        adw_header_bar_pack_end(cast(headerBar), sharing.status.widget)  // before the primary menu
    }

    func showToast(_ message: String) {
        guard !isClosed else { return }
        adw_toast_overlay_add_toast(cast(toastOverlay), Toasts.make(message, timeoutSeconds: 5))
    }

    /// "Couldn't load image from <url>: <reason>" with Retry, shown once per failure and kept
    /// until the background loads or changes (B4).
    private func showBackgroundFailure(_ message: String?) {
        guard !isClosed else { return }
        if let shown = backgroundFailureToast {
            guard shown.message != message else { return }
            adw_toast_dismiss(shown.toast)
            g_object_unref(shown.toast.raw)
            backgroundFailureToast = nil
        }
        guard let message else { return }
        let toast = Toasts.make(message, timeoutSeconds: 0)
        adw_toast_set_button_label(toast, localized("_Retry"))
        adw_toast_set_action_name(toast, "win.retry-background")
        g_object_ref(toast.raw)
        backgroundFailureToast = (toast, message)
        showToast(toast)
    }

    /// Shows a toast made with its own button (Retry, Open).
    func showToast(_ toast: OpaquePointer) {
        guard !isClosed else { return }
        adw_toast_overlay_add_toast(cast(toastOverlay), toast)
    }
}

extension DocumentWindow: OutputHost {}
