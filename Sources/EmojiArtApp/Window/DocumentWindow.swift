import CGtk
import EmojiArtCore
import Foundation

/// One document in its own window (W1): header bar with undo/redo and the primary menu, the
/// canvas, and the palette bar under it. Translates the document's changes into button states,
/// the title and redraws; holds no document logic itself.
@MainActor
final class DocumentWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let document: EmojiArtDocument
    private(set) var fileURL: URL?
    let canvas: CanvasView
    private let toastOverlay: UnsafeMutablePointer<GtkWidget>
    private let undoButton: UnsafeMutablePointer<GtkWidget>
    private let redoButton: UnsafeMutablePointer<GtkWidget>
    private var undoAction: OpaquePointer?
    private var redoAction: OpaquePointer?
    private var paletteBar: PaletteBar?
    private unowned let application: EmojiArtApplication

    /// Called once the window is destroyed, so the application can let go of it.
    var onClose: (() -> Void)?

    init(application: EmojiArtApplication, document: EmojiArtDocument, fileURL: URL?) {
        self.application = application
        self.document = document
        self.fileURL = fileURL
        window = adw_application_window_new(cast(application.application))
        gtk_window_set_default_size(cast(window), 960, 720)
        canvas = CanvasView(document: document)
        toastOverlay = adw_toast_overlay_new()
        undoButton = gtk_button_new_from_icon_name("edit-undo-symbolic")
        redoButton = gtk_button_new_from_icon_name("edit-redo-symbolic")

        let header = adw_header_bar_new()!
        gtk_actionable_set_action_name(opaque(undoButton), "win.undo")
        gtk_actionable_set_action_name(opaque(redoButton), "win.redo")
        adw_header_bar_pack_start(cast(header), undoButton)
        adw_header_bar_pack_start(cast(header), redoButton)
        adw_header_bar_pack_end(cast(header), makePrimaryMenuButton())

        let paletteBar = PaletteBar(store: application.palettes, window: window) { [unowned canvas] emoji in
            canvas.addEmojiAtCenter(emoji)
        }
        self.paletteBar = paletteBar

        adw_toast_overlay_set_child(cast(toastOverlay), canvas.container)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(content), header)
        gtk_widget_set_vexpand(toastOverlay, 1)
        gtk_box_append(cast(content), toastOverlay)
        gtk_box_append(cast(content), paletteBar.widget)
        adw_application_window_set_content(cast(window), content)

        installActions()
        canvas.onOpenDocument = { [unowned application] url in application.openWindow(for: url) }
        canvas.onMessage = { [unowned self] message in showToast(message) }
        document.onChange = { [unowned self] change in documentDidChange(change) }
        onSignal(window, "destroy") { [unowned self] in
            document.onChange = nil
            onClose?()
        }
        updateHistoryButtons()
        updateTitle()
    }

    func present() {
        gtk_window_present(cast(window))
    }

    // MARK: - Document changes

    private func documentDidChange(_ change: DocumentChange) {
        if !change.isDisjoint(with: [.emojis, .background]) { canvas.documentDidChange(change) }
        if change.contains(.history) { updateHistoryButtons() }
        if change.contains(.saveState) { updateTitle() }
    }

    /// Undo/redo stay visible and become insensitive when there is nothing to do; the tooltip
    /// names the action (U2).
    private func updateHistoryButtons() {
        let history = document.undoStack
        if let undoAction { setEnabled(undoAction, history.canUndo) }
        if let redoAction { setEnabled(redoAction, history.canRedo) }
        gtk_widget_set_tooltip_text(undoButton, history.undoActionName.map { "Undo \($0)" } ?? "Nothing to Undo")
        gtk_widget_set_tooltip_text(redoButton, history.redoActionName.map { "Redo \($0)" } ?? "Nothing to Redo")
    }

    /// "NAME — EmojiArt", with "•" before the name while changes are unsaved (W5).
    private func updateTitle() {
        let name = fileURL.map { $0.deletingPathExtension().lastPathComponent } ?? "Untitled"
        let mark = document.hasUnsavedChanges ? "• " : ""
        gtk_window_set_title(cast(window), "\(mark)\(name) — EmojiArt")
    }

    // MARK: - Actions

    private func installActions() {
        undoAction = addAction("undo", to: window) { [unowned self] in
            canvas.finishGestures()
            document.undo()
        }
        redoAction = addAction("redo", to: window) { [unowned self] in
            canvas.finishGestures()
            document.redo()
        }
        let saveAction = addAction("save", to: window) { [unowned self] in save() }
        setEnabled(saveAction, fileURL != nil)
        addAction("close", to: window) { [unowned self] in gtk_window_close(cast(window)) }
        addAction("zoom-fit", to: window) { [unowned self] in canvas.zoomToFit() }
        addAction("zoom-in", to: window) { [unowned self] in canvas.zoomViewAroundCenter(by: Viewport.wheelZoomStep) }
        addAction("zoom-out", to: window) { [unowned self] in canvas.zoomViewAroundCenter(by: 1 / Viewport.wheelZoomStep) }
        paletteBar?.installActions(on: window)
    }

    /// Writes the document atomically to its file (W2); a failure shows its reason and loses nothing.
    private func save() {
        guard let fileURL else { return }
        let revision = document.revision
        do {
            try DocumentFile.write(document.model, to: fileURL)
            document.markSaved(revision: revision)
        } catch {
            showToast("\(error)")
        }
    }

    private func makePrimaryMenuButton() -> UnsafeMutablePointer<GtkWidget> {
        let menu = g_menu_new()!
        g_menu_append(menu, "Save", "win.save")
        let view = g_menu_new()!
        g_menu_append(view, "Zoom to Fit", "win.zoom-fit")
        g_menu_append(view, "Zoom In", "win.zoom-in")
        g_menu_append(view, "Zoom Out", "win.zoom-out")
        g_menu_append_section(menu, nil, cast(view))
        let closing = g_menu_new()!
        g_menu_append(closing, "Close Window", "win.close")
        g_menu_append_section(menu, nil, cast(closing))
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(opaque(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(opaque(button), cast(menu))
        gtk_widget_set_tooltip_text(button, "Main Menu")
        g_object_unref(view.raw)
        g_object_unref(closing.raw)
        g_object_unref(menu.raw)
        return button
    }

    func showToast(_ message: String) {
        // Toast titles are Pango markup: a file name with "&" or "<" must not break them.
        let escaped = g_markup_escape_text(message, -1)
        let toast = adw_toast_new(escaped)
        g_free(escaped)
        adw_toast_set_timeout(toast, 5)
        adw_toast_overlay_add_toast(cast(toastOverlay), toast)
    }
}
