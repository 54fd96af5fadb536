import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation

extension DocumentWindow {
    /// Where autosave writes: the user's file, or the untitled document's draft (W2).
    static func writer(for location: DocumentLocation, drafts: DraftStore) -> Autosaver.Write {
        switch location {
        case .file(let url): { model in try DocumentFile.write(model, to: url, shrinkingImageWith: .reencoding) }
        case .draft(let url): { model in try drafts.write(model, to: url, shrinkingImageWith: .reencoding) }
        }
    }

    /// Ctrl+S: a file is written now; an untitled document asks where to save it.
    func save() {
        guard location.fileURL != nil else { return saveAs() }
        Task { await autosaver.saveNow() }
    }

    /// Save As: asks for a file, writes the document there atomically, and keeps autosaving to
    /// it. An untitled document's draft is removed once the file holds it. `completion` learns
    /// whether the document was saved.
    func saveAs(completion: (@MainActor (Bool) -> Void)? = nil) {
        let suggestedName = location.fileURL?.lastPathComponent ?? "\(displayName).\(EmojiArtFormat.fileExtension)"
        FileChooser.chooseSaveLocation(parent: window, suggestedName: suggestedName) { [weak self] url in
            // The window may have closed while the chooser was open (Quit from another window).
            guard let self, !isClosed, let url else {
                completion?(false)
                return
            }
            Task {
                let saved = await self.write(to: url)
                completion?(saved && !self.isClosed)
            }
        }
    }

    private func write(to url: URL) async -> Bool {
        document.giveFreshDocumentID()  // H1: a new file has a past of its own
        let model = document.model
        let revision = document.revision
        do {
            try await Task.detached { try DocumentFile.write(model, to: url, shrinkingImageWith: .reencoding) }.value
        } catch {
            showToast("\(error)")  // nothing when the window closed meanwhile
            return false
        }
        // Written; a window closed meanwhile has nothing left to update (its draft stays, and
        // comes back at the next launch: the file holds the same document).
        guard !isClosed else { return true }
        if case .draft(let draftURL) = location { application.drafts.remove(draftURL) }
        location = .file(url)
        autosaver.setWrite(Self.writer(for: location, drafts: application.drafts))
        document.markSaved(revision: revision)
        RecentFiles.add(url)
        updateTitle()
        scheduleStateSave()
        return true
    }

    /// One persistent message while saving fails, offering Save As; gone once a save succeeds (W5).
    func saveErrorDidChange() {
        guard !isClosed else { return }
        if let toast = saveErrorToast {
            adw_toast_dismiss(toast)
            g_object_unref(toast.raw)
            saveErrorToast = nil
        }
        updateTitle()
        guard let error = autosaver.lastError else { return }
        let toast = Toasts.make("\(error)", timeoutSeconds: 0)
        adw_toast_set_button_label(toast, localized("Save As…"))
        adw_toast_set_action_name(toast, "win.save-as")
        g_object_ref(toast.raw)
        saveErrorToast = toast
        showToast(toast)
    }

    // MARK: - Closing

    /// Closes the window once nothing can be lost: a file is saved first; a non-empty untitled
    /// document asks Save / Discard / Cancel (W2); an empty one leaves no draft behind.
    func requestClose() {
        guard !isClosing else { return }
        canvas.finishGestures()
        isClosing = true
        Task {
            await autosaver.saveNow()
            await versionKeeper.takeVersionNow()
            guard !isClosed else { return }
            switch location {
            case .file:
                if autosaver.lastError == nil { return closeWindow() }
                askBeforeClosing(body: "\(autosaver.lastError!) " + localized("Close anyway and lose the unsaved changes?"))
            case .draft(let url):
                if document.model.isEmpty {
                    discardVersions()
                    application.drafts.remove(url)
                    return closeWindow()
                }
                askBeforeClosing(body: localized("This document has not been saved to a file. Save it before closing, or discard it?"))
            }
        }
    }

    private func askBeforeClosing(body: String) {
        let heading = localized("Save Changes to “{name}”?", ["name": displayName])
        let dialog = adw_message_dialog_new(cast(window), heading, body)!
        emojiart_message_dialog_add_response(cast(dialog), "cancel", localized("_Cancel"))
        emojiart_message_dialog_add_response(cast(dialog), "discard", localized("_Discard"))
        emojiart_message_dialog_add_response(cast(dialog), "save", localized("_Save As…"))
        adw_message_dialog_set_response_appearance(cast(dialog), "discard", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_response_appearance(cast(dialog), "save", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(cast(dialog), "save")
        adw_message_dialog_set_close_response(cast(dialog), "cancel")
        // Weak: the dialog is a window of its own, which may outlive this one.
        connect(dialog, .messageDialogResponse) { [weak self] choice in
            guard let self, !isClosed else { return }
            switch choice {
            case "discard":
                if case .draft(let url) = location {
                    discardVersions()
                    application.drafts.remove(url)
                }
                // Not from inside the dialog's own handler: the dialog, finalized after it returns,
                // unsets its transient parent, which must still exist then.
                Task { closeWindow() }
            case "save":
                saveAs { [weak self] saved in
                    guard let self else { return }
                    if saved { closeWindow() } else { isClosing = false }
                }
            default:
                isClosing = false
            }
        }
        gtk_window_present(cast(dialog))
    }
}
