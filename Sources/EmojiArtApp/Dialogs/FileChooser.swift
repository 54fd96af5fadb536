import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation

/// Open and Save As dialogs for `.emojiart` files (W1). GTK 4.8 has no GtkFileDialog, so these
/// are GtkFileChooserNative (a portal where there is one, GTK's own dialog otherwise).
@MainActor
enum FileChooser {
    /// GTK does not keep a GtkFileChooserNative alive while it is shown (DESIGN joint 4): each
    /// one is held here until its response arrives.
    private static var shown: [OpaquePointer] = []

    /// Asks for documents to open; `completion` gets the chosen files (none when cancelled).
    static func chooseDocumentsToOpen(parent: UnsafeMutablePointer<GtkWidget>?, completion: @escaping @MainActor ([URL]) -> Void) {
        let chooser = gtk_file_chooser_native_new(
            localized("Open Document"), parent.map { cast($0) }, GTK_FILE_CHOOSER_ACTION_OPEN, localized("_Open"), localized("_Cancel"))!
        gtk_file_chooser_set_select_multiple(cast(chooser), 1)
        addDocumentFilter(to: chooser)
        show(chooser) { accepted in
            guard accepted, let files = gtk_file_chooser_get_files(cast(chooser)) else { return completion([]) }
            var urls: [URL] = []
            for index in 0..<g_list_model_get_n_items(files) {
                guard let file = g_list_model_get_item(files, index) else { continue }
                if let path = g_file_get_path(OpaquePointer(file)) {
                    urls.append(URL(fileURLWithPath: String(cString: path)))
                    g_free(path)
                }
                g_object_unref(file)
            }
            g_object_unref(files.raw)
            completion(urls)
        }
    }

    /// Asks where to save, proposing `suggestedName`; the `.emojiart` extension is added when the
    /// user leaves it out, and then, if that file exists, we ask before replacing it: GTK asked
    /// only about the name as typed (W5). `completion` gets nil when cancelled.
    static func chooseSaveLocation(
        parent: UnsafeMutablePointer<GtkWidget>?, suggestedName: String, completion: @escaping @MainActor (URL?) -> Void
    ) {
        let chooser = gtk_file_chooser_native_new(
            localized("Save Document"), parent.map { cast($0) }, GTK_FILE_CHOOSER_ACTION_SAVE, localized("_Save"), localized("_Cancel"))!
        gtk_file_chooser_set_current_name(cast(chooser), suggestedName)
        addDocumentFilter(to: chooser)
        show(chooser) { accepted in
            guard accepted, let file = gtk_file_chooser_get_file(cast(chooser)) else { return completion(nil) }
            defer { g_object_unref(file.raw) }
            guard let path = g_file_get_path(file) else { return completion(nil) }
            let name = SaveAsName(chosen: URL(fileURLWithPath: String(cString: path)))
            g_free(path)
            guard name.mustAskBeforeReplacing else { return completion(name.url) }
            askBeforeReplacing(name, parent: parent) { replace in completion(replace ? name.url : nil) }
        }
    }

    /// "Replace “art.emojiart”?" with Cancel (the default, also Escape) and a destructive Replace.
    private static func askBeforeReplacing(
        _ name: SaveAsName, parent: UnsafeMutablePointer<GtkWidget>?, completion: @escaping @MainActor (Bool) -> Void
    ) {
        let question = name.replaceQuestion
        let dialog = adw_message_dialog_new(parent.map { cast($0) }, question.heading, question.body)!
        gtk_window_set_title(cast(dialog), question.heading)  // what a window list and tests see
        emojiart_message_dialog_add_response(cast(dialog), "cancel", localized("_Cancel"))
        emojiart_message_dialog_add_response(cast(dialog), "replace", localized("_Replace"))
        adw_message_dialog_set_response_appearance(cast(dialog), "replace", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_default_response(cast(dialog), "cancel")
        adw_message_dialog_set_close_response(cast(dialog), "cancel")
        connect(dialog, .messageDialogResponse) { choice in
            completion(choice == "replace")
        }
        gtk_window_present(cast(dialog))
    }

    /// Asks where to export the picture and at what scale (E1). The format follows the chosen
    /// name's extension (.png, .svg, .pdf; PNG when there is none).
    static func chooseExportLocation(
        parent: UnsafeMutablePointer<GtkWidget>?, suggestedName: String,
        completion: @escaping @MainActor (_ url: URL?, _ scale: Double) -> Void
    ) {
        let chooser = gtk_file_chooser_native_new(
            localized("Export Picture"), parent.map { cast($0) }, GTK_FILE_CHOOSER_ACTION_SAVE, localized("_Export"), localized("_Cancel"))!
        gtk_file_chooser_set_current_name(cast(chooser), suggestedName)
        // One filter per format the exporter writes, from its own list.
        for format in ExportOptions.Format.allCases {
            let filter = gtk_file_filter_new()!
            gtk_file_filter_set_name(filter, filterName(of: format))
            gtk_file_filter_add_pattern(filter, "*.\(format.rawValue)")
            gtk_file_chooser_add_filter(cast(chooser), filter)
        }
        let scales = ["1", "2", "3", "4"]
        var options: [UnsafePointer<CChar>?] = scales.map { UnsafePointer(strdup($0)) } + [nil]
        var labels: [UnsafePointer<CChar>?] = scales.map { UnsafePointer(strdup("\($0)×")) } + [nil]
        gtk_file_chooser_add_choice(cast(chooser), "scale", localized("Scale"), &options, &labels)
        gtk_file_chooser_set_choice(cast(chooser), "scale", "1")
        options.forEach { free(UnsafeMutablePointer(mutating: $0)) }
        labels.forEach { free(UnsafeMutablePointer(mutating: $0)) }
        show(chooser) { accepted in
            let scale = gtk_file_chooser_get_choice(cast(chooser), "scale").flatMap { Double(String(cString: $0)) } ?? 1
            guard accepted, let file = gtk_file_chooser_get_file(cast(chooser)) else { return completion(nil, scale) }
            defer { g_object_unref(file.raw) }
            guard let path = g_file_get_path(file) else { return completion(nil, scale) }
            let chosen = URL(fileURLWithPath: String(cString: path))
            g_free(path)
            // The format follows the extension; PNG when there is none, asking before replacing (W5).
            let formats = Set(ExportOptions.Format.allCases.map(\.rawValue))
            let name = SaveAsName(chosen: chosen, keeping: formats, adding: ExportOptions.Format.png.rawValue)
            guard name.mustAskBeforeReplacing else { return completion(name.url, scale) }
            askBeforeReplacing(name, parent: parent) { replace in completion(replace ? name.url : nil, scale) }
        }
    }

    /// Asks for an image to set as the background (B7); `completion` gets nil when cancelled.
    static func chooseImage(parent: UnsafeMutablePointer<GtkWidget>?, completion: @escaping @MainActor (URL?) -> Void) {
        let chooser = gtk_file_chooser_native_new(
            localized("Set Background from File"), parent.map { cast($0) }, GTK_FILE_CHOOSER_ACTION_OPEN,
            localized("_Open"), localized("_Cancel"))!
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, localized("Images"))
        // The formats ImageHeader.validated accepts (B6, DESIGN "Images"): others would be refused.
        // The extensions too, for a file whose type the system does not know.
        for format in ImageHeader.Format.allCases {
            gtk_file_filter_add_mime_type(filter, format.mediaType)
            for fileExtension in format.fileExtensions { gtk_file_filter_add_suffix(filter, fileExtension) }
        }
        gtk_file_chooser_add_filter(cast(chooser), filter)
        show(chooser) { accepted in
            guard accepted, let file = gtk_file_chooser_get_file(cast(chooser)) else { return completion(nil) }
            defer { g_object_unref(file.raw) }
            guard let path = g_file_get_path(file) else { return completion(nil) }
            defer { g_free(path) }
            completion(URL(fileURLWithPath: String(cString: path)))
        }
    }

    private static func filterName(of format: ExportOptions.Format) -> String {
        switch format {
        case .png: localized("PNG Image")
        case .svg: localized("SVG Drawing")
        case .pdf: localized("PDF Document")
        }
    }

    private static func addDocumentFilter(to chooser: OpaquePointer) {
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, localized("EmojiArt Documents"))
        gtk_file_filter_add_pattern(filter, "*.\(EmojiArtFormat.fileExtension)")
        gtk_file_filter_add_mime_type(filter, "application/x-emojiart")
        gtk_file_chooser_add_filter(cast(chooser), filter)
    }

    private static func show(_ chooser: OpaquePointer, _ handler: @escaping @MainActor (Bool) -> Void) {
        shown.append(chooser)
        gtk_native_dialog_set_modal(cast(chooser), 1)
        connect(chooser, .nativeDialogResponse) { response in
            handler(response == GTK_RESPONSE_ACCEPT.rawValue)
            gtk_native_dialog_destroy(cast(chooser))
            shown.removeAll { $0 == chooser }
            g_object_unref(chooser.raw)
        }
        gtk_native_dialog_show(cast(chooser))
    }
}
