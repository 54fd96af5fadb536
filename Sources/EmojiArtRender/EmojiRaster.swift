/// One emoji rendered at one device pixel size: a square cairo ARGB32 image surface with the
/// glyph's laid-out box centred in it.
///
/// A raster is borrowed from the `EmojiRasterCache` that owns its surface: use it at once, before
/// the next call to that cache, which may evict and destroy the surface.
public struct EmojiRaster {
    /// The cairo image surface (`cairo_surface_t *`), owned by the cache.
    public let surface: OpaquePointer
    /// The emoji's height in device pixels that this raster was made for (its cache key).
    public let pixelSize: Int
    /// Side of the square surface in pixels: at least `pixelSize`, more when the glyph's laid-out
    /// box is wider than it is tall (Noto Color Emoji's box is about 1.05 times as wide as tall).
    public let side: Int
    /// Memory held by the surface's pixels, counted against the cache's capacity.
    public let byteCount: Int
}
