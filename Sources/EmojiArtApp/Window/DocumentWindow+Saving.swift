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
        guard !session.saveNeedsAFile else { return saveAs() }
        Task { await autosaver.saveNow() }
    }

    /// Save As: asks for a file, writes the document there atomically, and keeps autosaving to
    /// it. An untitled document's draft is removed once the file holds it. `completion` learns
    /// whether the document was saved.
    func saveAs(completion: (@MainActor (Bool) -> Void)? = nil) {
        let suggestedName = session.suggestedFileName(untitledName: displayName)
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
        if let draft = session.savedAs(url) { application.drafts.remove(draft) }
        autosaver.setWrite(Self.writer(for: session.location, drafts: application.drafts))
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
    /// document asks Save / Discard / Cancel (W2); an empty one leaves no draft behind
    /// (`DocumentSession` decides).
    func requestClose() {
        guard session.beginClosing() else { return }
        canvas.finishGestures()
        Task {
            await autosaver.saveNow()
            await versionKeeper.takeVersionNow()
            guard !isClosed else { return }
            take(session.closing(saveError: autosaver.lastError, documentIsEmpty: document.model.isEmpty))
        }
    }

    /// Does the closing's next step. `deferred` closes on the next turn of the main loop, for a
    /// step taken inside a dialog's handler: the dialog, finalized after it returns, unsets its
    /// transient parent, which must still exist then.
    private func take(_ step: DocumentSession.CloseStep, deferred: Bool = false) {
        switch step {
        case .close, .discardDraftAndClose:
            if case .discardDraftAndClose(let draft) = step {
                discardVersions()
                application.drafts.remove(draft)
            }
            if deferred { Task { closeWindow() } } else { closeWindow() }
        case .ask(let question):
            askBeforeClosing(question)
        case .saveAs:
            saveAs { [weak self] saved in
                guard let self else { return }
                take(session.saveAsFinished(saved: saved))
            }
        case .stayOpen:
            break
        }
    }

    private func askBeforeClosing(_ question: DocumentSession.CloseQuestion) {
        let body =
            switch question {
            case .saveFailed(let error): "\(error) " + localized("Close anyway and lose the unsaved changes?")
            case .untitled: localized("This document has not been saved to a file. Save it before closing, or discard it?")
            }
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
            let answer: DocumentSession.CloseAnswer =
                switch choice {
                case "discard": .discard
                case "save": .saveAs
                default: .cancel
                }
            take(session.answered(answer), deferred: true)
        }
        gtk_window_present(cast(dialog))
    }
}
