import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation

/// Browse Versions… (H2): the document's earlier versions, newest first — when each was taken,
/// a thumbnail, its emoji count and size, named ones starred — beside the chosen one drawn
/// read-only at the window's zoom and pan, with Restore, Save a Copy… and Name This Version….
/// Thumbnails and the chosen version are read and drawn off the main thread as they are needed.
@MainActor
final class VersionsWindow {
    /// What the window asks of the document window that opened it.
    struct Actions {
        /// Makes the document this version, as one undo step.
        var restore: @MainActor (EmojiArtModel) -> Void
        /// Writes this version as a new document, named after `suggestedName`.
        var saveCopy: @MainActor (EmojiArtModel, _ suggestedName: String) -> Void
    }

    /// One window per document window, while it is open.
    private static var open: [ObjectIdentifier: VersionsWindow] = [:]

    private let frame: UtilityWindow
    private let history: DocumentHistory?
    private let documentName: String
    private let viewport: Viewport
    private let actions: Actions
    private let list: UnsafeMutablePointer<GtkWidget>
    private let preview: UnsafeMutablePointer<GtkWidget>
    private let stack: UnsafeMutablePointer<GtkWidget>
    private let emptyPage: UnsafeMutablePointer<GtkWidget>
    private let buttons:
        (restore: UnsafeMutablePointer<GtkWidget>, copy: UnsafeMutablePointer<GtkWidget>, name: UnsafeMutablePointer<GtkWidget>)
    private var versions: [VersionSummary] = []
    private var chosen: (summary: VersionSummary, model: EmojiArtModel, background: BackgroundImage?)?
    private var reading: Task<Void, Never>?
    private var thumbnails: Task<Void, Never>?
    private let renderer = DocumentRenderer()

    /// Opens the versions of the document `owner` shows (nil `history`: it has none yet), or
    /// brings its open window forward.
    static func present(
        for owner: AnyObject, documentName: String, history: DocumentHistory?, viewport: Viewport,
        parent: UnsafeMutablePointer<GtkWidget>, actions: Actions
    ) {
        let key = ObjectIdentifier(owner)
        if let shown = open[key] { return shown.frame.present() }
        let window = VersionsWindow(documentName: documentName, history: history, viewport: viewport, parent: parent, actions: actions)
        open[key] = window
        connect(window.frame.window, .destroy) {
            open[key]?.stop()
            open[key] = nil
        }
        window.frame.present()
        window.reload(choosing: nil)
    }

    private init(
        documentName: String, history: DocumentHistory?, viewport: Viewport, parent: UnsafeMutablePointer<GtkWidget>, actions: Actions
    ) {
        self.documentName = documentName
        self.history = history
        self.viewport = viewport
        self.actions = actions
        list = gtk_list_box_new()
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_BROWSE)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        emojiart_accessible_set_label(list, localized("Earlier versions"))
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scrolled), list)
        gtk_widget_set_size_request(scrolled, 240, -1)

        preview = gtk_drawing_area_new()
        gtk_widget_set_hexpand(preview, 1)
        gtk_widget_set_vexpand(preview, 1)
        emojiart_accessible_set_label(preview, localized("Chosen version"))
        buttons = (
            Self.button(localized("_Restore"), isSuggested: true), Self.button(localized("Save a _Copy…")),
            Self.button(localized("_Name This Version…"))
        )
        let actionBar = gtk_action_bar_new()!
        gtk_action_bar_pack_start(cast(actionBar), buttons.name)
        gtk_action_bar_pack_end(cast(actionBar), buttons.restore)
        gtk_action_bar_pack_end(cast(actionBar), buttons.copy)
        let side = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(side), preview)
        gtk_box_append(cast(side), actionBar)
        let panes = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        gtk_paned_set_start_child(cast(panes), scrolled)
        gtk_paned_set_end_child(cast(panes), side)
        gtk_paned_set_shrink_start_child(cast(panes), 0)
        gtk_paned_set_resize_start_child(cast(panes), 0)

        emptyPage = adw_status_page_new()
        adw_status_page_set_icon_name(cast(emptyPage), "document-open-recent-symbolic")
        adw_status_page_set_title(cast(emptyPage), localized("No Earlier Versions"))
        adw_status_page_set_description(
            cast(emptyPage),
            localized("EmojiArt keeps this document’s earlier versions as you edit: they show here a little while after a change."))
        stack = gtk_stack_new()
        gtk_stack_add_named(cast(stack), panes, "versions")
        gtk_stack_add_named(cast(stack), emptyPage, "empty")
        frame = UtilityWindow(
            title: localized("Versions of “{name}”", ["name": documentName]), parent: parent, width: 760, height: 520, content: stack)
        gtk_window_set_modal(cast(frame.window), 1)
        setDrawFunction(of: preview) { [unowned self] cr, width, height in
            drawChosen(into: cr, size: ViewSize(width: Double(width), height: Double(height)))
        }
        connect(list, .rowSelected) { [unowned self] row in
            guard let row else { return }
            choose(Int(gtk_list_box_row_get_index(cast(row))))
        }
        connect(buttons.restore, .clicked) { [unowned self] in
            guard let chosen else { return }
            actions.restore(chosen.model)
            frame.close()
        }
        connect(buttons.copy, .clicked) { [unowned self] in
            guard let chosen else { return }
            actions.saveCopy(chosen.model, "\(documentName) (\(VersionDate.text(chosen.summary.date)))")
        }
        connect(buttons.name, .clicked) { [unowned self] in askForName() }
    }

    private static func button(_ label: String, isSuggested: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_mnemonic(label)!
        if isSuggested { gtk_widget_add_css_class(button, "suggested-action") }
        gtk_widget_set_sensitive(button, 0)
        return button
    }

    private func stop() {
        reading?.cancel()
        thumbnails?.cancel()
    }

    // MARK: - The list

    /// Reads the list again (after a name was given), keeping `number` chosen.
    private func reload(choosing number: Int?) {
        do {
            versions = try history?.versions() ?? []
        } catch {
            versions = []
            adw_status_page_set_title(cast(emptyPage), localized("Earlier Versions Can’t Be Shown"))
            adw_status_page_set_description(cast(emptyPage), error.description)
        }
        while let row = gtk_widget_get_first_child(list) { gtk_list_box_remove(cast(list), row) }
        gtk_stack_set_visible_child_name(cast(stack), versions.isEmpty ? "empty" : "versions")
        var pictures: [UnsafeMutablePointer<GtkWidget>] = []
        for version in versions {
            let (row, picture) = makeRow(for: version)
            gtk_list_box_append(cast(list), row)
            pictures.append(picture)
        }
        loadThumbnails(into: pictures)
        let index = number.flatMap { number in versions.firstIndex { $0.number == number } } ?? 0
        if let row = gtk_list_box_get_row_at_index(cast(list), Int32(index)) {
            gtk_list_box_select_row(cast(list), row)
            gtk_widget_grab_focus(cast(row))
        }
    }

    private func makeRow(for version: VersionSummary) -> (row: UnsafeMutablePointer<GtkWidget>, picture: UnsafeMutablePointer<GtkWidget>) {
        let row = adw_action_row_new()!
        adw_preferences_row_set_use_markup(cast(row), 0)  // a name may hold "&" or "<"
        let when = VersionDate.text(version.date)
        adw_preferences_row_set_title(cast(row), version.name.map { "\($0) — \(when)" } ?? when)
        let size = ByteCountFormatter.string(fromByteCount: Int64(version.byteCount), countStyle: .file)
        let emojis = localizedPlural("{count} emoji", "{count} emojis", count: version.emojiCount)
        adw_action_row_set_subtitle(cast(row), "\(emojis) · \(size)")
        let picture = gtk_picture_new()!
        gtk_picture_set_can_shrink(cast(picture), 1)
        gtk_widget_set_size_request(picture, 64, 48)
        gtk_widget_add_css_class(picture, "frame")
        adw_action_row_add_prefix(cast(row), picture)
        if version.isNamed {
            let star = gtk_image_new_from_icon_name("starred-symbolic")!
            emojiart_accessible_set_label(star, localized("Named version"))
            adw_action_row_add_suffix(cast(row), star)
        }
        return (row, picture)
    }

    /// Each version's thumbnail, read and drawn one after another off the main thread, newest
    /// first; only the pixels come back. Backgrounds from the web are left out of thumbnails.
    private func loadThumbnails(into pictures: [UnsafeMutablePointer<GtkWidget>]) {
        thumbnails?.cancel()
        guard let history else { return }
        let numbers = versions.map(\.number)
        for picture in pictures { g_object_ref(picture.raw) }
        nonisolated(unsafe) let held = pictures
        thumbnails = Task { [weak self] in
            defer { for picture in held { g_object_unref(picture.raw) } }
            // Versions share their background (stored once by its hash): decoded once too.
            var decoded: DecodedBackground?
            for (number, picture) in zip(numbers, held) {
                let (png, background) = await Task.detached { [decoded] in Self.thumbnail(of: number, in: history, reusing: decoded) }.value
                decoded = background
                guard !Task.isCancelled, self != nil else { return }
                if let png { Self.show(png, in: picture) }
            }
        }
    }

    /// An embedded background's bytes and their decoded image.
    private typealias DecodedBackground = (bytes: Data, image: BackgroundImage)

    /// The version's thumbnail as PNG, and the background it decoded (or reused, when its bytes
    /// are those of `previous`).
    nonisolated private static func thumbnail(of number: Int, in history: DocumentHistory, reusing previous: DecodedBackground?)
        -> (Data?, DecodedBackground?)
    {
        guard let model = try? history.model(ofVersion: number) else { return (nil, previous) }
        var background = previous
        if let bytes = model.background.imageData, bytes != previous?.bytes {
            background = (try? BackgroundImage.decode(bytes, resolution: .display)).map { (bytes, $0) }
        }
        let image = model.background.imageData == nil ? nil : background?.image
        let png = try? DocumentExporter().export(model, background: image, options: ExportOptions(format: .png, size: .width(128)))
        return (png, background)
    }

    private static func show(_ png: Data, in picture: UnsafeMutablePointer<GtkWidget>) {
        let bytes = png.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        guard let texture = gdk_texture_new_from_bytes(bytes, nil) else { return g_bytes_unref(bytes) }
        g_bytes_unref(bytes)
        gtk_picture_set_paintable(cast(picture), cast(texture))
        g_object_unref(texture.raw)
    }

    // MARK: - The chosen version

    private func choose(_ index: Int) {
        guard versions.indices.contains(index), let history else { return }
        let summary = versions[index]
        reading?.cancel()
        reading = Task { [weak self] in
            let read = await Task.detached { () -> Result<(EmojiArtModel, BackgroundImage?), VersionStoreError> in
                Result { () throws(VersionStoreError) in
                    let model = try history.model(ofVersion: summary.number)
                    let background = model.background.imageData.flatMap { try? BackgroundImage.decode($0, resolution: .display) }
                    return (model, background)
                }
            }.value
            guard let self, !Task.isCancelled else { return }
            switch read {
            case .success(let (model, background)):
                chosen = (summary, model, background)
                for button in [buttons.restore, buttons.copy, buttons.name] { gtk_widget_set_sensitive(button, 1) }
            case .failure(let error):
                chosen = nil
                for button in [buttons.restore, buttons.copy, buttons.name] { gtk_widget_set_sensitive(button, 0) }
                frame.showError(error)
            }
            gtk_widget_queue_draw(preview)
        }
    }

    /// The chosen version as the canvas would show it at the window's zoom and pan, on the paper.
    private func drawChosen(into cr: OpaquePointer, size: ViewSize) {
        CanvasPaperStyle.current.paint(into: cr)
        guard let chosen else { return }
        renderer.draw(
            chosen.model, background: chosen.background, viewport: viewport, viewSize: size,
            deviceScale: Double(gtk_widget_get_scale_factor(preview)), selection: [], into: cr)
    }

    /// Name This Version…: a name keeps the version beyond thinning (H2); an empty one gives it up.
    private func askForName() {
        guard let chosen, let history else { return }
        let dialog = adw_message_dialog_new(cast(frame.window), localized("Name This Version"), nil)!
        let entry = gtk_entry_new()!
        gtk_editable_set_text(cast(entry), chosen.summary.name ?? "")
        gtk_entry_set_activates_default(cast(entry), 1)
        emojiart_accessible_set_label(entry, localized("Name"))
        adw_message_dialog_set_extra_child(cast(dialog), entry)
        emojiart_message_dialog_add_response(cast(dialog), "cancel", localized("_Cancel"))
        emojiart_message_dialog_add_response(cast(dialog), "name", localized("_Name"))
        adw_message_dialog_set_response_appearance(cast(dialog), "name", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(cast(dialog), "name")
        adw_message_dialog_set_close_response(cast(dialog), "cancel")
        let number = chosen.summary.number
        connect(dialog, .messageDialogResponse) { [weak self] response in
            guard response == "name", let self else { return }
            let typed = String(cString: gtk_editable_get_text(cast(entry))).trimmingCharacters(in: .whitespacesAndNewlines)
            do {
                try history.name(version: number, as: typed.isEmpty ? nil : typed)
                reload(choosing: number)
            } catch {
                frame.showError(error)
            }
        }
        gtk_window_present(cast(dialog))
        gtk_widget_grab_focus(entry)
    }
}
