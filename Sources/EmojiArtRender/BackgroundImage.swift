import CPangoCairo
import EmojiArtCore

/// A decoded background image ready to draw (SPEC M1, M2): a cairo image surface, centred on the
/// document origin, where one image pixel is one document point.
///
/// It owns its surface and never draws into it after it is made, so one value may be decoded off
/// the main thread and then drawn on it (DESIGN "Images": cairo image surfaces may be made off the
/// main thread); that is why it is `@unchecked Sendable`. Each decoder is an initializer in its own
/// extension (`BackgroundImage+PNG.swift`; JPEG, GIF and WebP will come through gdk-pixbuf) ending in
/// `init(takingOwnershipOf:documentSize:)`.
public final class BackgroundImage: @unchecked Sendable {
    /// The image surface (`cairo_surface_t *`), owned by this object.
    let surface: OpaquePointer
    /// Width of the surface in pixels.
    public let pixelWidth: Int
    /// Height of the surface in pixels.
    public let pixelHeight: Int
    /// The image's size in the document. Usually the pixel size; larger when the surface is a
    /// downscaled display copy of a bigger original (DESIGN keeps at most 4096 px on the long edge),
    /// so the artwork keeps the original's geometry.
    public let size: DocumentSize

    /// Takes over `surface` (a `cairo_surface_t *` image surface, whose reference now belongs to this
    /// object, even when this throws). `documentSize` defaults to the pixel size.
    public init(takingOwnershipOf surface: OpaquePointer, documentSize: DocumentSize? = nil) throws(BackgroundImageError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw status == CAIRO_STATUS_NO_MEMORY ? .outOfMemory : .unusableSurface(reason: Self.text(of: status))
        }
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else {
            cairo_surface_destroy(surface)
            throw .unusableSurface(reason: localized("it is not an image surface"))
        }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let size = documentSize ?? DocumentSize(width: Double(width), height: Double(height))
        guard width > 0, height > 0, size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite
        else {
            cairo_surface_destroy(surface)
            throw .unusableSurface(reason: localized("it has no pixels"))
        }
        self.surface = surface
        self.pixelWidth = width
        self.pixelHeight = height
        self.size = size
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The image's rectangle in document coordinates: centred on the origin (SPEC M1).
    public var frame: DocumentRect {
        DocumentRect(center: .zero, size: size)
    }

    static func text(of status: cairo_status_t) -> String {
        cairo_status_to_string(status).map { String(cString: $0) }
            ?? localized("cairo status {status}", ["status": String(status.rawValue)])
    }
}
