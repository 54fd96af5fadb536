import CPangoCairo
import CRenderKernels

/// Turned or mirrored emojis, rendered once per (emoji, device size, angle, flip) by the same
/// bilinear C loop the direct painter uses, then painted like upright rasters: run by run at
/// whole pixels, with row occlusion (M3, issue 11's turned frame).
///
/// The pixels are those the direct path would paint, but for a level of rounding on translucent
/// edges (sampled into a transparent image, then blended): a turned emoji's centre sits at a
/// whole-pixel offset plus a fraction that depends only on the raster's side and scale (see
/// `DocumentRenderer.transformedJob`), so one turned raster serves every position.
/// A crisp frame at rest — after an edit, a selection change, a pan — then costs what an
/// upright one does. Angles that do not repeat fill the cache only up to a budget per frame;
/// beyond it the direct loop samples as before.
final class TurnedRasterCache {
    /// The upright raster by identity (hashing no string per emoji per frame; the entry holds
    /// the raster, so its identity cannot be reused while the entry lives), the size on screen,
    /// the angle and the flip.
    struct Key: Hashable {
        var source: ObjectIdentifier
        var devicePixels: Double
        var rotation: Double
        var flipped: Bool
    }

    private struct Entry {
        var source: EmojiRaster
        var turned: EmojiRaster
    }

    static let defaultCapacityInBytes = 48 * 1024 * 1024
    let capacityInBytes: Int
    private(set) var totalBytes = 0
    private var rasters = LRUStore<Key, Entry>()
    /// Bytes of rasters made since `beginFrame`; a frame may fill at most half the capacity, so
    /// a document of all-different angles never churns the cache it cannot fit.
    private var bytesMadeThisFrame = 0

    init(capacityInBytes: Int = TurnedRasterCache.defaultCapacityInBytes) {
        self.capacityInBytes = capacityInBytes
    }

    func beginFrame() {
        bytesMadeThisFrame = 0
    }

    /// The turned raster for `key`, made from `job` (the direct painter's transformed job for
    /// `source`, at any position) when missing and the frame's budget allows; nil otherwise.
    func raster(for key: Key, source: EmojiRaster, job: emojiart_paint_job) -> EmojiRaster? {
        let side = Int(job.right - job.left)
        guard side > 0, side == Int(job.bottom - job.top) else { return nil }
        if let cached = rasters.value(for: key) { return cached.turned }
        let estimate = side * side * 4
        guard bytesMadeThisFrame + estimate <= capacityInBytes / 2 else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let data = cairo_image_surface_get_data(surface)
        else { return nil }
        // The same inverse transform, moved so the job's box starts at (0, 0) of the new image.
        var local = job
        local.inverse.2 += job.inverse.0 * Double(job.left) + job.inverse.1 * Double(job.top)
        local.inverse.5 += job.inverse.3 * Double(job.left) + job.inverse.4 * Double(job.top)
        local.left = 0
        local.top = 0
        local.right = Int32(side)
        local.bottom = Int32(side)
        withExtendedLifetime(source) {
            emojiart_paint_batch(
                &local, 1, UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                cairo_image_surface_get_stride(surface), Int32(side), 0, Int32(side))
        }
        cairo_surface_mark_dirty(surface)
        let raster = EmojiRaster(takingOwnershipOf: surface, pixelSize: source.pixelSize, side: side)
        bytesMadeThisFrame += raster.byteCount
        totalBytes += raster.byteCount
        if let replaced = rasters.insert(Entry(source: source, turned: raster), for: key) { totalBytes -= replaced.turned.byteCount }
        while totalBytes > capacityInBytes, rasters.count > 1, let evicted = rasters.removeOldest() {
            totalBytes -= evicted.value.turned.byteCount
        }
        return raster
    }
}
