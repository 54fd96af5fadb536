import CPangoCairo
import Foundation

extension BackgroundImage {
    /// Decodes PNG bytes (an embedded background, SPEC M2/D3) with cairo's own PNG reader.
    /// Size limits are checked before this, from the image header (SPEC B6).
    public convenience init(pngData: Data) throws(BackgroundImageError) {
        var reader = PNGByteReader(bytes: pngData)
        let surface = withUnsafeMutablePointer(to: &reader) { readerPointer in
            cairo_image_surface_create_from_png_stream(readPNGBytes, readerPointer)
        }
        guard let surface else { throw .outOfMemory }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            if status == CAIRO_STATUS_NO_MEMORY { throw .outOfMemory }
            throw .unreadable(format: "PNG", reason: Self.text(of: status))
        }
        try self.init(takingOwnershipOf: surface)
    }
}

/// Hands cairo's PNG reader the bytes in the chunks it asks for.
private struct PNGByteReader {
    let bytes: Data
    var offset = 0
}

/// cairo's `cairo_read_func_t`: fills `data` with exactly `length` bytes or reports a read error
/// (a truncated file must fail, not decode garbage).
private let readPNGBytes: cairo_read_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
    let reader = closure.assumingMemoryBound(to: PNGByteReader.self)
    let count = Int(length)
    let start = reader.pointee.offset
    guard count <= reader.pointee.bytes.count - start else { return CAIRO_STATUS_READ_ERROR }
    let base = reader.pointee.bytes.startIndex + start
    reader.pointee.bytes.copyBytes(to: data, from: base..<(base + count))
    reader.pointee.offset += count
    return CAIRO_STATUS_SUCCESS
}
