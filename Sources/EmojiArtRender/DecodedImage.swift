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
        case .notAnImage(let reason): localized("That is not an image EmojiArt can read ({reason}).", ["reason": reason])
        case .encodingFailed: localized("The image could not be stored in the document.")
        }
    }
}

/// Image bytes decoded by gdk-pixbuf (PNG, JPEG, GIF, WebP…), with EXIF orientation applied,
/// at most `maximumLongEdge` pixels on its long edge: larger images are downscaled while they
/// decode (JPEG decodes at a fraction of its size), so a 24-megapixel photo never needs a full
/// pixel buffer. Owns one reference to its GdkPixbuf. gdk-pixbuf decodes on any thread, so an instance may be
/// made off the main thread and handed over once (it is not shared concurrently).
public final class DecodedImage: @unchecked Sendable {
    /// Embedded images keep their original bytes up to this long edge, in pixels (D3), and
    /// displayed images are decoded at most this large (DESIGN "Images").
    public static let maximumLongEdge = 4096

    let pixbuf: OpaquePointer
    public let formatName: String
    /// The image's own size in pixels (after EXIF rotation), before any downscaling: the size
    /// it has in the document, where one image pixel is one point.
    public let originalWidth: Int
    public let originalHeight: Int

    public init(data: Data, maximumLongEdge: Int = DecodedImage.maximumLongEdge) throws(ImageDecodingError) {
        let loader = gdk_pixbuf_loader_new()!
        defer { g_object_unref(loader) }
        let sizing = LoaderSizing(maximumLongEdge: maximumLongEdge)
        g_signal_connect_data(
            loader, "size-prepared", unsafeBitCast(sizePrepared, to: GCallback.self),
            Unmanaged.passUnretained(sizing).toOpaque(), nil, GConnectFlags(0))
        var error: UnsafeMutablePointer<GError>?
        let wrote = data.withUnsafeBytes { bytes in
            gdk_pixbuf_loader_write(loader, bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count), &error)
        }
        // Close even after a failed write (the loader warns when finalized open), but keep the first error.
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError)
        if error == nil { error = closeError } else if closeError != nil { g_error_free(closeError) }
        guard wrote != 0, closed != 0, let decoded = gdk_pixbuf_loader_get_pixbuf(loader) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? localized("its format is unknown")
            if error != nil { g_error_free(error) }
            throw .notAnImage(reason: reason)
        }
        let format = gdk_pixbuf_loader_get_format(loader)
        let name = format.flatMap { gdk_pixbuf_format_get_name($0) }
        formatName = name.map { String(cString: $0) } ?? "unknown"
        g_free(name)
        // Phone photos are stored sideways with an EXIF orientation tag (DESIGN "Images").
        pixbuf = gdk_pixbuf_apply_embedded_orientation(decoded)
        let decodedWidth = Int(gdk_pixbuf_get_width(decoded))
        let isRotated = decodedWidth != Int(gdk_pixbuf_get_width(pixbuf))
        let original = sizing.original ?? (decodedWidth, Int(gdk_pixbuf_get_height(decoded)))
        (originalWidth, originalHeight) = isRotated ? (original.height, original.width) : (original.width, original.height)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }

    public var width: Int { Int(gdk_pixbuf_get_width(pixbuf)) }
    public var height: Int { Int(gdk_pixbuf_get_height(pixbuf)) }

    /// The picture as a cairo image surface, for drawing; a downscaled copy keeps the
    /// original's size in the document.
    public func makeBackgroundImage() throws -> BackgroundImage {
        try BackgroundImage(
            takingOwnershipOf: PixbufSurface.makeSurface(from: pixbuf),
            documentSize: DocumentSize(width: Double(originalWidth), height: Double(originalHeight)))
    }

    /// How many image bytes `embeddableData` embeds at most unless told otherwise: the document
    /// format's budget, so a document with its image stays under 48 MB (SPEC M5).
    public static let defaultEmbeddingBudget = EmojiArtFormat.maxEmbeddedImageBytes

    /// The bytes to embed in a document (D3, M5): the original PNG or JPEG bytes when they are
    /// small enough in pixels and in bytes; otherwise re-encoded — PNG when the image has an alpha
    /// channel, JPEG at quality 90 when it has none — within the pixel cap, stepping the pixel
    /// size down until the bytes fit in `maxBytes`. A 48 MB PNG of 4096 px made a 64.6 MB
    /// document that no longer opened.
    public func embeddableData(
        original: Data, maxBytes: Int = DecodedImage.defaultEmbeddingBudget
    ) throws(ImageDecodingError) -> Data {
        if ["png", "jpeg"].contains(formatName), max(originalWidth, originalHeight) <= Self.maximumLongEdge,
            original.count <= maxBytes
        {
            return original
        }
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        var longEdge = min(max(width, height), Self.maximumLongEdge)
        while true {
            let data = try encode(longEdge: longEdge, asPNG: hasAlpha)
            if data.count <= maxBytes { return data }
            // Bytes grow with the pixel count: aim for the budget with a margin, and always
            // step down at least 10 %, so a few encodes reach it.
            let factor = min(0.9, (Double(maxBytes) / Double(data.count)).squareRoot() * 0.95)
            let next = Int(Double(longEdge) * factor)
            guard next >= Self.minimumEmbeddedLongEdge else { throw .encodingFailed }
            longEdge = next
        }
    }

    /// Below this long edge a background is no picture any more: the budget cannot be met.
    static let minimumEmbeddedLongEdge = 16

    /// The picture scaled so its long edge is `longEdge` (never up), encoded as PNG or JPEG 90.
    private func encode(longEdge: Int, asPNG: Bool) throws(ImageDecodingError) -> Data {
        var source = pixbuf
        var scaled: OpaquePointer?
        if longEdge < max(width, height) {
            let factor = Double(longEdge) / Double(max(width, height))
            scaled = gdk_pixbuf_scale_simple(
                pixbuf, Int32(max(1, (Double(width) * factor).rounded())), Int32(max(1, (Double(height) * factor).rounded())),
                GDK_INTERP_BILINEAR)
            guard let scaled else { throw .encodingFailed }
            source = scaled
        }
        defer { if let scaled { g_object_unref(UnsafeMutableRawPointer(scaled)) } }
        return try encode(source, as: asPNG ? "png" : "jpeg", options: asPNG ? [:] : ["quality": "90"])
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

/// What the loader's size-prepared handler needs and learns.
private final class LoaderSizing {
    let maximumLongEdge: Int
    var original: (width: Int, height: Int)?

    init(maximumLongEdge: Int) {
        self.maximumLongEdge = maximumLongEdge
    }
}

/// `void size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data)`: asks the
/// loader to decode large images straight to the capped size. Runs on the decoding thread,
/// synchronously inside `gdk_pixbuf_loader_write`, while `LoaderSizing` is alive.
private let sizePrepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
    loader, width, height, data in
    guard let loader, let data, width > 0, height > 0 else { return }
    let sizing = Unmanaged<LoaderSizing>.fromOpaque(data).takeUnretainedValue()
    sizing.original = (Int(width), Int(height))
    let longEdge = max(width, height)
    guard longEdge > sizing.maximumLongEdge else { return }
    let factor = Double(sizing.maximumLongEdge) / Double(longEdge)
    gdk_pixbuf_loader_set_size(
        loader, Int32(max(1, (Double(width) * factor).rounded())), Int32(max(1, (Double(height) * factor).rounded())))
}
