import CGtk
import EmojiArtCore
import EmojiArtHTTP
import EmojiArtRender
import Foundation

/// What a window's Export… and Print… need from the window, and nothing more.
@MainActor
protocol OutputHost: AnyObject {
    /// The window: the dialogs' parent, and where the Exported toast's Open goes.
    var window: UnsafeMutablePointer<GtkWidget> { get }
    /// Set once the window closed: a continuation after an `await` touches nothing then.
    var isClosed: Bool { get }
    /// The document's name in titles, which names the exported file and the print job.
    var displayName: String { get }
    func showToast(_ message: String)
    /// Shows a toast made with its own button.
    func showToast(_ toast: OpaquePointer)
}

/// Export… and Print…: the two ways to paper or a file, one path (E1, X7). Both draw the
/// document through the Render layer with the background from its original bytes at export
/// resolution, never the canvas's display copy: a URL background still loading is waited for
/// (cancellable), one that fails is named, and the user may go on without it.
@MainActor
final class DocumentOutput {
    /// What the picture is for, which names the dialogs.
    enum Kind {
        case export, print
    }

    private unowned let host: any OutputHost
    private let document: EmojiArtDocument
    /// The last picture Export… wrote: its toast's Open shows it.
    private(set) var lastExport: URL?

    init(host: any OutputHost, document: EmojiArtDocument) {
        self.host = host
        self.document = document
    }

    /// A URL background that takes longer than this to arrive shows "Waiting for the background…"
    /// with a Cancel button; a quick one shows nothing.
    private static let waitingDialogDelay = Duration.milliseconds(400)

    /// Export…: the picture as PNG (at a chosen scale), SVG or PDF, written off the main thread
    /// with the same pixels as `emojiart render` (E1).
    func export() {
        let name = "\(host.displayName).png"
        FileChooser.chooseExportLocation(parent: host.window, suggestedName: name) { [weak self] url, scale in
            guard let self, let url else { return }
            let model = document.model
            let options = ExportOptions(
                format: ExportOptions.Format(fileExtension: url.pathExtension) ?? .png, size: .scale(scale))
            withOutputBackground(of: model, for: .export) { output, background in
                let result = await Task.detached {
                    Result { try AtomicFile.write(DocumentExporter().export(model, background: background, options: options), to: url) }
                }.value
                guard !output.host.isClosed else { return }
                switch result {
                case .success: output.showExported(url)
                case .failure(let error): output.host.showToast("\(error)")
                }
            }
        }
    }

    /// "Exported “NAME”." with Open, which shows the picture in the user's image viewer.
    private func showExported(_ url: URL) {
        guard !host.isClosed else { return }
        lastExport = url
        let toast = Toasts.make(localized("Exported “{file}”.", ["file": url.lastPathComponent]), timeoutSeconds: 5)
        adw_toast_set_button_label(toast, localized("_Open"))
        adw_toast_set_action_name(toast, "win.open-export")
        host.showToast(toast)
    }

    func openLastExport() {
        guard let lastExport else { return }
        gtk_show_uri(cast(host.window), lastExport.absoluteString, guint32(GDK_CURRENT_TIME))
    }

    /// Print… (Ctrl+P): the print dialog for the page Export would draw (X7).
    func printDocument() {
        let model = document.model
        let title = host.displayName
        withOutputBackground(of: model, for: .print) { output, background in
            do {
                let page = try PrintedPage(model: model, background: background)
                PrintJob.start(page: page, title: title, parent: output.host.window) { [weak output] in output?.host.showToast($0) }
            } catch {
                output.host.showToast("\(error)")
            }
        }
    }

    /// Loads `model`'s background at export resolution off the main thread, then runs `body` with
    /// it — or with nil when it failed and the user chose to go on without it. Nothing runs when
    /// the user cancels the wait, refuses, or the window closes meanwhile.
    ///
    /// Every continuation after an `await` re-checks `self` (held weakly) and the window's
    /// `isClosed`: the window may have been closed meanwhile, and its widgets must not be touched
    /// then.
    private func withOutputBackground(
        of model: EmojiArtModel, for output: Kind,
        _ body: @escaping @MainActor (DocumentOutput, BackgroundImage?) async -> Void
    ) {
        let waiting = WaitingDialog()
        let work = Task { [weak self] in
            let background: BackgroundImage?
            do {
                background = try await Self.loadBackground(model.background, inRoom: model.collab != nil)
            } catch let error where Self.isCancellation(error) {
                return waiting.close()
            } catch {
                waiting.close()
                guard let self, !host.isClosed,
                    await askToGoOnWithoutBackground(output, reason: model.background.loadFailureMessage(error))
                else { return }
                background = nil
            }
            waiting.close()
            guard let self, !host.isClosed else { return }
            await body(self, background)
        }
        // Only a URL can keep the user waiting; the dialog appears if it does.
        guard model.background.url != nil else { return }
        Task { [weak self] in
            try? await Task.sleep(for: Self.waitingDialogDelay)
            guard let self, !host.isClosed, !work.isCancelled, !waiting.isClosed else { return }
            waiting.present(parent: host.window, output: output, url: model.background.url) { work.cancel() }
        }
    }

    /// The background at export resolution, loaded off the main thread; cancelling the calling
    /// task cancels the fetch.
    private static func loadBackground(_ background: Background, inRoom: Bool) async throws -> BackgroundImage? {
        let worker = Task.detached {
            try await BackgroundImage.load(background, fetcher: .live(), resolution: .export, inRoom: inRoom)
        }
        return try await withTaskCancellationHandler {
            try await worker.value
        } onCancel: {
            worker.cancel()
        }
    }

    /// A cancelled fetch surfaces as `CancellationError` (the live fetcher turns its client's
    /// cancellation into one), or the task shows it was cancelled.
    private static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || Task.isCancelled
    }

    /// "Export Without Background?" (or Print) naming why it failed; true when the user agrees (E1).
    private func askToGoOnWithoutBackground(_ output: Kind, reason: String) async -> Bool {
        await withCheckedContinuation { continuation in
            let heading = output == .export ? localized("Export Without Background?") : localized("Print Without Background?")
            let dialog = adw_message_dialog_new(cast(host.window), heading, reason)!
            gtk_window_set_title(cast(dialog), heading)
            emojiart_message_dialog_add_response(cast(dialog), "cancel", localized("_Cancel"))
            emojiart_message_dialog_add_response(
                cast(dialog), "export",
                output == .export ? localized("_Export Without Background") : localized("_Print Without Background"))
            adw_message_dialog_set_response_appearance(cast(dialog), "export", ADW_RESPONSE_SUGGESTED)
            adw_message_dialog_set_default_response(cast(dialog), "export")
            adw_message_dialog_set_close_response(cast(dialog), "cancel")
            connect(dialog, .messageDialogResponse) { choice in
                continuation.resume(returning: choice == "export")
            }
            gtk_window_present(cast(dialog))
        }
    }
}

/// "Waiting for the background…" with Cancel, shown while Export or Print waits for a URL background.
@MainActor
private final class WaitingDialog {
    private var dialog: UnsafeMutablePointer<GtkWidget>?
    private(set) var isClosed = false

    func present(
        parent: UnsafeMutablePointer<GtkWidget>, output: DocumentOutput.Kind, url: URL?, onCancel: @escaping @MainActor () -> Void
    ) {
        let address = url.map { $0.isFileURL ? $0.path : $0.absoluteString } ?? ""
        let heading = localized("Waiting for the Background…")
        let body =
            output == .export
            ? localized("Export starts once the image from {address} has arrived.", ["address": address])
            : localized("Printing starts once the image from {address} has arrived.", ["address": address])
        let made = adw_message_dialog_new(cast(parent), heading, body)!
        gtk_window_set_title(cast(made), heading)
        emojiart_message_dialog_add_response(
            cast(made), "cancel", output == .export ? localized("_Cancel Export") : localized("_Cancel Printing"))
        adw_message_dialog_set_close_response(cast(made), "cancel")
        // Not modal: the user may still close the window, which then destroys this dialog too
        // (destroy-with-parent) and so cancels the export.
        gtk_window_set_modal(cast(made), 0)
        gtk_window_set_destroy_with_parent(cast(made), 1)
        // A response closes the dialog; so does its parent's destruction. Either way the export
        // stops, and the pointer is forgotten before GTK frees the widget.
        connect(made, .destroy) { [weak self] in
            guard let self, !isClosed else { return }
            dialog = nil
            isClosed = true
            onCancel()
        }
        connect(made, .messageDialogResponse) { [weak self] _ in
            guard let self, !isClosed else { return }
            dialog = nil
            isClosed = true
            onCancel()
        }
        dialog = made
        gtk_window_present(cast(made))
    }

    func close() {
        isClosed = true
        if let dialog {
            self.dialog = nil
            gtk_window_destroy(cast(dialog))
        }
    }
}
