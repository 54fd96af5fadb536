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
        /// Makes the document this version, as one undo step; nil in a view-only window (C12).
        var restore: (@MainActor (EmojiArtModel) -> Void)?
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
    /// The list and the chosen version: an AdwLeaflet, folded in a narrow window.
    private let panes: UnsafeMutablePointer<GtkWidget>
    /// Back from the chosen version to the list, shown while the panes are folded.
    private let backButton: UnsafeMutablePointer<GtkWidget>
    private let emptyPage: UnsafeMutablePointer<GtkWidget>
    private let buttons:
        (restore: UnsafeMutablePointer<GtkWidget>, copy: UnsafeMutablePointer<GtkWidget>, name: UnsafeMutablePointer<GtkWidget>)
    private var versions: [VersionSummary] = []
    private var chosen: (summary: VersionSummary, model: EmojiArtModel, background: BackgroundImage?)?
    private var reading: Task<Void, Never>?
    private var thumbnails: Task<Void, Never>?
    private let renderer = DocumentRenderer()
    private let backgrounds: VersionBackgrounds

    /// Opens the versions of the document `owner` shows (nil `history`: it has none yet), or
    /// brings its open window forward.
    static func present(
        for owner: AnyObject, documentName: String, history: DocumentHistory?, viewport: Viewport,
        backgrounds: VersionBackgrounds, parent: UnsafeMutablePointer<GtkWidget>, actions: Actions
    ) {
        let key = ObjectIdentifier(owner)
        if let shown = open[key] { return shown.frame.present() }
        LaunchTrace.mark("versions-opened")
        let window = VersionsWindow(
            documentName: documentName, history: history, viewport: viewport, backgrounds: backgrounds, parent: parent, actions: actions)
        open[key] = window
        connect(window.frame.window, .destroy) {
            open[key]?.stop()
            open[key] = nil
        }
        window.frame.present()
        window.reload(choosing: nil)
    }

    private init(
        documentName: String, history: DocumentHistory?, viewport: Viewport, backgrounds: VersionBackgrounds,
        parent: UnsafeMutablePointer<GtkWidget>, actions: Actions
    ) {
        self.backgrounds = backgrounds
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
        gtk_widget_set_size_request(preview, 200, 160)
        emojiart_accessible_set_label(preview, localized("Chosen version"))
        buttons = (
            Self.button(localized("_Restore"), isSuggested: true), Self.button(localized("Save a _Copy…")),
            Self.button(localized("_Name This Version…"))
        )
        let actionBar = gtk_action_bar_new()!
        backButton = gtk_button_new_from_icon_name("go-previous-symbolic")
        emojiart_accessible_set_label(backButton, localized("Back to the List"))
        gtk_widget_set_tooltip_text(backButton, localized("Back to the List"))
        gtk_action_bar_pack_start(cast(actionBar), backButton)
        gtk_action_bar_pack_start(cast(actionBar), buttons.name)
        gtk_action_bar_pack_end(cast(actionBar), buttons.restore)
        gtk_action_bar_pack_end(cast(actionBar), buttons.copy)
        let side = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(side), preview)
        gtk_box_append(cast(side), actionBar)
        // Side by side where both fit; in a narrow window (X8) one at a time, the list first.
        panes = adw_leaflet_new()
        adw_leaflet_set_can_navigate_back(cast(panes), 1)
        adw_leaflet_append(cast(panes), scrolled)
        let separator = gtk_separator_new(GTK_ORIENTATION_VERTICAL)!
        adw_leaflet_page_set_navigatable(adw_leaflet_append(cast(panes), separator), 0)
        adw_leaflet_append(cast(panes), side)

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
        // Opened over a narrow window, the panel starts narrow: folding alone would come after
        // the window took the width of the secondary actions' words.
        showFolded(AdaptiveLayout(windowWidth: Int(gtk_widget_get_width(parent))).isNarrow)
        setDrawFunction(of: preview) { [unowned self] cr, width, height in
            drawChosen(into: cr, size: ViewSize(width: Double(width), height: Double(height)))
        }
        connect(list, .rowSelected) { [unowned self] row in
            guard let row else { return }
            choose(Int(gtk_list_box_row_get_index(cast(row))))
        }
        // Folded, choosing a version (Enter, a click or a tap) shows it; the arrows only move in
        // the list.
        connect(list, .rowActivated) { [unowned self] _ in
            guard adw_leaflet_get_folded(cast(panes)) != 0 else { return }
            adw_leaflet_set_visible_child(cast(panes), side)
        }
        connect(backButton, .clicked) { [unowned self] in
            adw_leaflet_navigate(cast(panes), ADW_NAVIGATION_DIRECTION_BACK)
        }
        gtk_widget_set_visible(backButton, 0)
        connect(panes, .notifyFolded) { [unowned self] _ in showFolded(adw_leaflet_get_folded(cast(panes)) != 0) }
        connect(buttons.restore, .clicked) { [unowned self] in
            guard let chosen, let restore = actions.restore else { return }
            restore(chosen.model)
            frame.close()
        }
        connect(buttons.copy, .clicked) { [unowned self] in
            guard let chosen else { return }
            actions.saveCopy(chosen.model, "\(documentName) (\(VersionDate.text(chosen.summary.date)))")
        }
        connect(buttons.name, .clicked) { [unowned self] in askForName() }
    }

    /// Folded, the window is as narrow as a phone (X8): Back shows, and the secondary actions
    /// keep their names for screen readers and tooltips but show only their icons.
    private func showFolded(_ isFolded: Bool) {
        gtk_widget_set_visible(backButton, isFolded ? 1 : 0)
        for (button, label, icon) in [
            (buttons.copy, localized("Save a _Copy…"), "document-save-as-symbolic"),
            (buttons.name, localized("_Name This Version…"), "bookmark-new-symbolic"),
        ] {
            if isFolded {
                gtk_button_set_icon_name(cast(button), icon)
                gtk_widget_set_tooltip_text(button, label.replacingOccurrences(of: "_", with: ""))
            } else {
                gtk_button_set_label(cast(button), label)
                gtk_button_set_use_underline(cast(button), 1)
                gtk_widget_set_tooltip_text(button, nil)
            }
            emojiart_accessible_set_label(button, label.replacingOccurrences(of: "_", with: ""))
        }
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
        backgrounds.cancel()
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
        LaunchTrace.mark("versions-listed", ["count": versions.count])
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
        gtk_list_box_row_set_activatable(cast(row), 1)  // an AdwActionRow is not, by default
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
    /// first; only the pixels come back.
    private func loadThumbnails(into pictures: [UnsafeMutablePointer<GtkWidget>]) {
        thumbnails?.cancel()
        guard let history else { return }
        let numbers = versions.map(\.number)
        for picture in pictures { g_object_ref(picture.raw) }
        nonisolated(unsafe) let held = pictures
        thumbnails = Task { [weak self, backgrounds] in
            defer { for picture in held { g_object_unref(picture.raw) } }
            for (number, picture) in zip(numbers, held) {
                guard let model = await Task.detached(operation: { try? history.model(ofVersion: number) }).value else { continue }
                let background = await backgrounds.image(for: model)
                let png = await Task.detached {
                    try? DocumentExporter().export(model, background: background, options: ExportOptions(format: .png, size: .width(128)))
                }.value
                guard !Task.isCancelled, self != nil else { return }
                if let png { Self.show(png, in: picture) }
            }
            LaunchTrace.mark("versions-thumbnails", ["count": held.count])
        }
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
        reading = Task { [weak self, backgrounds] in
            let read = await Task.detached { () -> Result<EmojiArtModel, VersionStoreError> in
                Result { () throws(VersionStoreError) in try history.model(ofVersion: summary.number) }
            }.value
            guard let self, !Task.isCancelled else { return }
            let choosable: gboolean
            switch read {
            case .success(let model):
                chosen = (summary, model, nil)
                choosable = 1
            case .failure(let error):
                chosen = nil
                choosable = 0
                frame.showError(error)
            }
            for button in [buttons.copy, buttons.name] { gtk_widget_set_sensitive(button, choosable) }
            gtk_widget_set_sensitive(buttons.restore, actions.restore == nil ? 0 : choosable)
            gtk_widget_queue_draw(preview)
            // The emojis show at once; the background when it is loaded (a web one is fetched).
            guard case .success(let model) = read, let background = await backgrounds.image(for: model), !Task.isCancelled else { return }
            chosen?.background = background
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
