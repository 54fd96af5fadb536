import CGdkPixbuf
import CPangoCairo
import EmojiArtCore
import Foundation

/// Why image bytes could not be used as a background.
public enum ImageDecodingError: Error, CustomStringConvertible {
    case notAnImage(reason: String)
    case encodingFailed

    public var description: String {
        switch self {
        case .notAnImage(let reason): "That is not an image EmojiArt can read (\(reason))."
        case .encodingFailed: "The image could not be stored in the document."
        }
    }
}

/// Image bytes decoded by gdk-pixbuf (PNG, JPEG, GIF, WebP…), with EXIF orientation applied.
/// Owns one reference to its GdkPixbuf. gdk-pixbuf decodes on any thread, so an instance may be
/// made off the main thread and handed over once (it is not shared concurrently).
public final class DecodedImage: @unchecked Sendable {
    /// Embedded images keep their original bytes up to this long edge, in pixels (D3).
    public static let maximumEmbeddedLongEdge = 4096

    let pixbuf: OpaquePointer
    public let formatName: String

    public init(data: Data) throws(ImageDecodingError) {
        let loader = gdk_pixbuf_loader_new()!
        defer { g_object_unref(loader) }
        var error: UnsafeMutablePointer<GError>?
        let wrote = data.withUnsafeBytes { bytes in
            gdk_pixbuf_loader_write(loader, bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count), &error)
        }
        // Close even after a failed write (the loader warns when finalized open), but keep the first error.
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError)
        if error == nil { error = closeError } else if closeError != nil { g_error_free(closeError) }
        guard wrote != 0, closed != 0, let decoded = gdk_pixbuf_loader_get_pixbuf(loader) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown format"
            if error != nil { g_error_free(error) }
            throw .notAnImage(reason: reason)
        }
        let format = gdk_pixbuf_loader_get_format(loader)
        let name = format.flatMap { gdk_pixbuf_format_get_name($0) }
        formatName = name.map { String(cString: $0) } ?? "unknown"
        g_free(name)
        // Phone photos are stored sideways with an EXIF orientation tag (DESIGN "Images").
        pixbuf = gdk_pixbuf_apply_embedded_orientation(decoded)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }

    public var width: Int { Int(gdk_pixbuf_get_width(pixbuf)) }
    public var height: Int { Int(gdk_pixbuf_get_height(pixbuf)) }

    /// The picture as a cairo image surface, for drawing.
    public func makeBackgroundImage() throws -> BackgroundImage {
        try BackgroundImage(takingOwnershipOf: PixbufSurface.makeSurface(from: pixbuf))
    }

    /// The bytes to embed in a document (D3): the original PNG or JPEG bytes when they are
    /// small enough; otherwise re-encoded within the size cap — PNG when the image has an alpha
    /// channel, JPEG at quality 90 when it has none.
    public func embeddableData(original: Data) throws(ImageDecodingError) -> Data {
        let longEdge = max(width, height)
        if ["png", "jpeg"].contains(formatName), longEdge <= Self.maximumEmbeddedLongEdge {
            return original
        }
        var source = pixbuf
        var scaled: OpaquePointer?
        if longEdge > Self.maximumEmbeddedLongEdge {
            let factor = Double(Self.maximumEmbeddedLongEdge) / Double(longEdge)
            scaled = gdk_pixbuf_scale_simple(
                pixbuf, Int32(max(1, (Double(width) * factor).rounded())), Int32(max(1, (Double(height) * factor).rounded())),
                GDK_INTERP_BILINEAR)
            guard let scaled else { throw .encodingFailed }
            source = scaled
        }
        defer { if let scaled { g_object_unref(UnsafeMutableRawPointer(scaled)) } }
        let hasAlpha = gdk_pixbuf_get_has_alpha(source) != 0
        return try encode(source, as: hasAlpha ? "png" : "jpeg", options: hasAlpha ? [:] : ["quality": "90"])
    }

    private func encode(_ pixbuf: OpaquePointer, as type: String, options: [String: String]) throws(ImageDecodingError) -> Data {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var keys: [UnsafeMutablePointer<CChar>?] = options.keys.map { strdup($0) } + [nil]
        var values: [UnsafeMutablePointer<CChar>?] = options.values.map { strdup($0) } + [nil]
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
        }
        var error: UnsafeMutablePointer<GError>?
        let saved = gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, &keys, &values, &error)
        if error != nil { g_error_free(error) }
        guard saved != 0, let buffer else { throw .encodingFailed }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }
}
