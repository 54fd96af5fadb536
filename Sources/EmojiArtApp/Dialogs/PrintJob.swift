import CGtk
import CPangoCairo
import EmojiArtCore
import EmojiArtRender
import Foundation

/// Print… (SPEC X7): a GtkPrintOperation whose one page is the artwork drawn by the Render layer
/// — the same `DocumentRenderer` and picture area as Export — fitted to the printable area and
/// centred, on a page turned landscape when the artwork is wider than tall.
///
/// The operation runs asynchronously, so the print dialog never blocks the window; the job keeps
/// itself alive (a retain held by the draw-page handler) until GTK is done with it.
@MainActor
final class PrintJob {
    /// For the tests only: when set, Print writes this PDF file straight away instead of showing
    /// the print dialog (GTK's EXPORT action), so the printed page can be checked with pdftoppm.
    static let exportVariable = "EMOJIART_TEST_PRINT_TO_PDF"

    private let model: EmojiArtModel
    private let background: BackgroundImage?
    /// The document rectangle on the page: the background and every emoji, as Export's "both".
    private let area: DocumentRect
    private let renderer = DocumentRenderer()
    private let onError: (String) -> Void

    private init(model: EmojiArtModel, background: BackgroundImage?, area: DocumentRect, onError: @escaping (String) -> Void) {
        self.model = model
        self.background = background
        self.area = area
        self.onError = onError
        // Each distinct emoji is embedded once, from a raster as fine as the colour font's own.
        renderer.fixedRasterPixelSize = DocumentExporter.vectorEmojiPixelSize
    }

    /// Shows the print dialog for `model` over `parent`; `onError` gets a sentence to show when
    /// printing fails.
    static func start(
        model: EmojiArtModel, background: BackgroundImage?, title: String, parent: UnsafeMutablePointer<GtkWidget>,
        onError: @escaping (String) -> Void
    ) {
        // Only the rectangle is used; a small width keeps any artwork shape within the geometry's
        // pixel limits, which concern exports, not pages.
        let options = ExportOptions(format: .pdf, size: .width(100), area: .both)
        let area: DocumentRect
        do {
            area = try ExportGeometry(model: model, backgroundSize: background?.size, options: options).rect
        } catch {
            return onError("\(error)")
        }
        let job = PrintJob(model: model, background: background, area: area, onError: onError)
        let operation = gtk_print_operation_new()!
        defer { g_object_unref(operation.raw) }
        gtk_print_operation_set_job_name(operation, title)
        gtk_print_operation_set_n_pages(operation, 1)
        gtk_print_operation_set_allow_async(operation, 1)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        let setup = gtk_page_setup_new()!
        gtk_page_setup_set_orientation(setup, area.width > area.height ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT)
        gtk_print_operation_set_default_page_setup(operation, setup)
        g_object_unref(setup.raw)

        let box = Unmanaged.passRetained(job).toOpaque()
        g_signal_connect_data(
            operation.raw, "draw-page", unsafeBitCast(drawPageTrampoline, to: GCallback.self), box,
            releasePrintJob, GConnectFlags(0))
        g_signal_connect_data(
            operation.raw, "done", unsafeBitCast(doneTrampoline, to: GCallback.self), box, nil, GConnectFlags(0))

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

    /// Draws the artwork on the page: scaled to fit the printable area, centred.
    fileprivate func drawPage(_ context: OpaquePointer) {
        guard let cr = gtk_print_context_get_cairo_context(context) else { return }
        let page = ViewSize(width: gtk_print_context_get_width(context), height: gtk_print_context_get_height(context))
        guard page.isDrawable, area.width > 0, area.height > 0 else { return }
        let scale = min(page.width / area.width, page.height / area.height)
        let viewport = Viewport(zoom: scale, pan: ViewVector(dx: -area.center.x * scale, dy: -area.center.y * scale))
        renderer.draw(model, background: background, viewport: viewport, viewSize: page, deviceScale: 1, selection: [], into: cr)
    }

    fileprivate func reportFailure(_ error: UnsafeMutablePointer<GError>?) {
        let reason = error.map { String(cString: $0.pointee.message) } ?? ""
        onError(localized("Couldn't print: {reason}", ["reason": reason]))
    }
}

/// `void draw_page(GtkPrintOperation *, GtkPrintContext *, int page_nr, gpointer data)`.
private let drawPageTrampoline: @convention(c) (gpointer?, OpaquePointer?, Int32, gpointer?) -> Void = { _, context, _, data in
    guard let context, let data else { return }
    let job = Unmanaged<PrintJob>.fromOpaque(data).takeUnretainedValue()
    nonisolated(unsafe) let printContext = context  // GTK calls us on the main thread
    MainActor.assumeIsolated { job.drawPage(printContext) }
}

/// `void done(GtkPrintOperation *, GtkPrintOperationResult result, gpointer data)`: reports a
/// failure that happened after the dialog (a printer that went away).
private let doneTrampoline: @convention(c) (UnsafeMutablePointer<GtkPrintOperation>?, GtkPrintOperationResult, gpointer?) -> Void = { operation, result, data in
    guard let operation, let data, result == GTK_PRINT_OPERATION_RESULT_ERROR else { return }
    let job = Unmanaged<PrintJob>.fromOpaque(data).takeUnretainedValue()
    var error: UnsafeMutablePointer<GError>?
    gtk_print_operation_get_error(operation, &error)
    nonisolated(unsafe) let failure = error  // GTK calls us on the main thread
    MainActor.assumeIsolated { job.reportFailure(failure) }
    if let error { g_error_free(error) }
}

/// Releases the job when the operation is finalized, after its last signal.
private let releasePrintJob: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<PrintJob>.fromOpaque(data).release()
}
