import CPangoCairo
import EmojiArtCore
import Foundation

/// Draws a document into a PNG, SVG or PDF file's bytes through the same `DocumentRenderer` as
/// the canvas (SPEC E1, E2). Colour emojis stay colour in every format: they are painted as
/// images, not glyphs a viewer might draw black.
public final class DocumentExporter {
    /// Vector formats embed each distinct emoji once, as a raster this many pixels tall: about
    /// the colour font's own bitmap size (136 px), so nothing is lost.
    public static let vectorEmojiPixelSize = 160

    private let renderer = DocumentRenderer()

    public init() {}

    /// The encoded picture of `model` (with its decoded `background`, if any).
    public func export(_ model: EmojiArtModel, background: BackgroundImage?, options: ExportOptions) throws(ExportError) -> Data {
        let geometry = try ExportGeometry(model: model, backgroundSize: background?.size, options: options)
        let output = OutputStream()
        let width = Double(geometry.pixelWidth)
        let height = Double(geometry.pixelHeight)
        let surface: OpaquePointer
        switch options.format {
        case .png:
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(geometry.pixelWidth), Int32(geometry.pixelHeight))
        case .svg:
            surface = cairo_svg_surface_create_for_stream(writeToStream, Unmanaged.passUnretained(output).toOpaque(), width, height)
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        case .pdf:
            surface = cairo_pdf_surface_create_for_stream(writeToStream, Unmanaged.passUnretained(output).toOpaque(), width, height)
        }
        defer { cairo_surface_destroy(surface) }
        try Self.check(cairo_surface_status(surface))

        renderer.fixedRasterPixelSize = options.format == .png ? nil : Self.vectorEmojiPixelSize
        let cr = cairo_create(surface)!
        if !options.isTransparent {
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
        }
        if options.format == .png {
            // Straight into the pixels, skipping what is hidden (DocumentRenderer+Direct).
            cairo_destroy(cr)
            renderer.drawDirectly(
                model, background: background, viewport: geometry.viewport, viewSize: geometry.viewSize,
                deviceScale: 1, selection: [], intoImage: surface)
            try Self.check(cairo_surface_status(surface))
            return try PNGEncoder.encode(surface)
        }
        renderer.draw(
            model, background: background, viewport: geometry.viewport, viewSize: geometry.viewSize, deviceScale: 1,
            selection: [], into: cr)
        let drawStatus = cairo_status(cr)
        cairo_destroy(cr)
        try Self.check(drawStatus)

        cairo_surface_finish(surface)
        try Self.check(cairo_surface_status(surface))
        return output.data
    }

    private static func check(_ status: cairo_status_t) throws(ExportError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let reason =
            cairo_status_to_string(status).map { String(cString: $0) }
            ?? localized("cairo status {status}", ["status": String(status.rawValue)])
        throw .renderingFailed(reason: reason)
    }
}

/// Collects the bytes cairo writes.
private final class OutputStream {
    var data = Data()
}

private let writeToStream: cairo_write_func_t = { closure, bytes, length in
    guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
    Unmanaged<OutputStream>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
    return CAIRO_STATUS_SUCCESS
}
