import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation

/// Print… (SPEC X7): a GtkPrintOperation whose one page is the Render layer's `PrintedPage` —
/// the picture Export draws, fitted to the printable area — on a page turned landscape when the
/// artwork is wider than tall.
///
/// The operation runs asynchronously, so the print dialog never blocks the window; the job keeps
/// itself alive (held by its signal handlers) until GTK is done with it.
@MainActor
final class PrintJob {
    /// For the tests only: when set, Print writes this PDF file straight away instead of showing
    /// the print dialog (GTK's EXPORT action), so the printed page can be checked with pdftoppm.
    static let exportVariable = "EMOJIART_TEST_PRINT_TO_PDF"

    private let page: PrintedPage
    private let onError: (String) -> Void

    private init(page: PrintedPage, onError: @escaping (String) -> Void) {
        self.page = page
        self.onError = onError
    }

    /// Shows the print dialog for `page` over `parent`; `onError` gets a sentence to show when
    /// printing fails.
    static func start(page: PrintedPage, title: String, parent: UnsafeMutablePointer<GtkWidget>, onError: @escaping (String) -> Void) {
        let job = PrintJob(page: page, onError: onError)
        let operation = gtk_print_operation_new()!
        defer { g_object_unref(operation.raw) }
        gtk_print_operation_set_job_name(operation, title)
        gtk_print_operation_set_n_pages(operation, 1)
        gtk_print_operation_set_allow_async(operation, 1)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        let setup = gtk_page_setup_new()!
        gtk_page_setup_set_orientation(setup, page.isLandscape ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT)
        gtk_print_operation_set_default_page_setup(operation, setup)
        g_object_unref(setup.raw)

        // Each handler holds the job until the operation is finalized, after its last signal.
        connect(operation, .drawPage) { context, _ in job.drawPage(context) }
        // Reports a failure that happened after the dialog (a printer that went away).
        connect(operation, .printDone) { result in
            guard result == GTK_PRINT_OPERATION_RESULT_ERROR else { return }
            var error: UnsafeMutablePointer<GError>?
            gtk_print_operation_get_error(operation, &error)
            job.reportFailure(error)
            if let error { g_error_free(error) }
        }

        var action = GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG
        if let file = ProcessInfo.processInfo.environment[exportVariable], !file.isEmpty {
            gtk_print_operation_set_export_filename(operation, file)
            action = GTK_PRINT_OPERATION_ACTION_EXPORT
        }
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, action, cast(parent), &error)
        if result == GTK_PRINT_OPERATION_RESULT_ERROR {
            job.reportFailure(error)
        }
        if let error { g_error_free(error) }
    }

    /// Draws the artwork on the page: fitted to the printable area, centred.
    private func drawPage(_ context: OpaquePointer) {
        guard let cr = gtk_print_context_get_cairo_context(context) else { return }
        page.draw(into: cr, size: ViewSize(width: gtk_print_context_get_width(context), height: gtk_print_context_get_height(context)))
    }

    private func reportFailure(_ error: UnsafeMutablePointer<GError>?) {
        let reason = error.map { String(cString: $0.pointee.message) } ?? ""
        onError(localized("Couldn’t print: {reason}", ["reason": reason]))
    }
}
