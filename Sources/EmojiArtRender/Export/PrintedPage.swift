import CPangoCairo
import EmojiArtCore

/// Print…'s one page (SPEC X7), drawn as Export draws (E1): the same picture area (the background
/// and every emoji), the background from its original bytes at export resolution, each distinct
/// emoji from a raster as fine as the colour font's own — fitted to the printable area and
/// centred as Zoom to Fit centres it, on a page turned landscape when the artwork is wider than tall.
public final class PrintedPage {
    /// The document rectangle the page shows.
    public let area: DocumentRect
    private let model: EmojiArtModel
    private let background: BackgroundImage?
    private let renderer = DocumentRenderer()

    /// `background` is the document's background loaded at `.export` resolution, or nil to
    /// print without it.
    public init(model: EmojiArtModel, background: BackgroundImage?) throws(ExportError) {
        // Only the rectangle is used; a small width keeps any artwork's shape within the
        // geometry's pixel limits, which concern image files, not pages.
        let options = ExportOptions(format: .pdf, size: .width(100), area: .both)
        area = try ExportGeometry(model: model, backgroundSize: background?.size, options: options).rect
        self.model = model
        self.background = background
        renderer.fixedRasterPixelSize = DocumentExporter.vectorEmojiPixelSize
    }

    public var isLandscape: Bool { area.width > area.height }

    /// Draws the page into `context` (a `cairo_t *`) whose printable area is `size` points.
    public func draw(into context: OpaquePointer, size: ViewSize) {
        guard size.isDrawable, area.width > 0, area.height > 0 else { return }
        // A viewport's zoom stays within the canvas's range; an artwork too large (or small) for
        // it is fitted by scaling the page's drawing instead, so it still fills the paper.
        let exactZoom = min(size.width / area.width, size.height / area.height)
        let pageScale = exactZoom / Viewport(zoom: exactZoom).zoom
        let view = ViewSize(width: size.width / pageScale, height: size.height / pageScale)
        cairo_save(context)
        cairo_scale(context, pageScale, pageScale)
        renderer.draw(
            model, background: background, viewport: Viewport().fitting(area, in: view), viewSize: view, deviceScale: 1,
            selection: [], into: context)
        cairo_restore(context)
    }
}
