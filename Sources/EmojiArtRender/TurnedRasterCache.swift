import CPangoCairo
import CRenderKernels

/// Turned or mirrored emojis, rendered once per (emoji, device size, angle, flip) by the same
/// bilinear C loop the direct painter uses, then painted like upright rasters: run by run at
/// whole pixels, with row occlusion (M3; the benchmarks' turned frame). Only the ink is kept, its
/// pixels packed row after row.
///
/// The pixels are those the direct path would paint, but for a level of rounding on translucent
/// edges (sampled into a transparent image, then blended): a turned emoji's centre sits at a
/// whole-pixel offset plus a fraction that depends only on the raster's side and scale (see
/// `DocumentRenderer.transformedJob`), so one turned raster serves every position.
/// A crisp frame at rest — after an edit, a selection change, a pan — then costs what an
/// upright one does. Angles that do not repeat fill the cache only up to a budget per frame;
/// beyond it the direct loop samples each emoji from its glyph.
final class TurnedRasterCache {
    /// The upright raster by identity (hashing no string per emoji per frame; the entry holds
    /// the raster, so its identity cannot be reused while the entry lives), the size on screen,
    /// the angle and the flip.
    struct Key: Hashable {
        var source: ObjectIdentifier
        var devicePixels: Double
        var rotation: Double
        var flipped: Bool

        /// One word into the hasher instead of four (a frame looks up 10,000 keys).
        func hash(into hasher: inout Hasher) {
            let mixed =
                UInt(bitPattern: source.hashValue) &* 0x9E37_79B9_7F4A_7C15
                ^ UInt(truncatingIfNeeded: devicePixels.bitPattern) &* 0xC2B2_AE3D_27D4_EB4F
                ^ UInt(truncatingIfNeeded: rotation.bitPattern) &* 0x1656_67B1_9E37_79F9
                ^ (flipped ? 1 : 0)
            hasher.combine(mixed)
        }
    }

    struct Entry {
        var source: EmojiRaster
        /// The turned raster's ink, packed row after row (its image is not kept).
        var turned: RasterRows
    }

    static let defaultCapacityInBytes = 48 * 1024 * 1024
    let capacityInBytes: Int
    private(set) var totalBytes = 0
    private var rasters = LRUStore<Key, Entry>()
    /// Bytes of rasters made since `beginFrame`; a frame may fill at most half the capacity, so
    /// a document of all-different angles never churns the cache it cannot fit.
    private var bytesMadeThisFrame = 0
    /// The square each turned raster is painted into before its ink is packed: reused, so a
    /// raster costs no fresh pages (a 150 px emoji's turned square is 180 KB).
    private let scratch = RasterScratch()

    init(capacityInBytes: Int = TurnedRasterCache.defaultCapacityInBytes) {
        self.capacityInBytes = capacityInBytes
    }

    /// Every cached turned raster and its key; does not count as a use.
    var entries: [(key: Key, value: Entry)] { rasters.entries }

    /// Caches `entry` under `key` unless one is cached there already (made by another
    /// renderer's cache: its source raster is the one this renderer's raster cache adopted).
    func adopt(_ entry: Entry, for key: Key) {
        guard rasters.peek(key) == nil, totalBytes + entry.turned.byteCount <= capacityInBytes else { return }
        rasters.insert(entry, for: key)
        totalBytes += entry.turned.byteCount
    }

    func beginFrame() {
        bytesMadeThisFrame = 0
    }

    /// The turned raster for `key`, made from `makeJob()` (the direct painter's transformed job
    /// for `source`, at any position) when missing, `mayMake` and the frame's budget allows; nil otherwise.
    func raster(for key: Key, source: EmojiRaster, mayMake: Bool = true, makeJob: () -> emojiart_paint_job) -> RasterRows? {
        if let cached = rasters.value(for: key) { return cached.turned }
        guard mayMake else { return nil }
        let job = makeJob()
        let side = Int(job.right - job.left)
        guard side > 0, side == Int(job.bottom - job.top) else { return nil }
        let estimate = side * side * 4
        guard bytesMadeThisFrame + estimate <= capacityInBytes / 2 else { return nil }
        let data = scratch.pixels(count: side * side)
        data.update(repeating: 0, count: side * side)
        // The same inverse transform, moved so the job's box starts at (0, 0) of the new image.
        var local = job
        local.inverse.2 += job.inverse.0 * Double(job.left) + job.inverse.1 * Double(job.top)
        local.inverse.5 += job.inverse.3 * Double(job.left) + job.inverse.4 * Double(job.top)
        local.left = 0
        local.top = 0
        local.right = Int32(side)
        local.bottom = Int32(side)
        withExtendedLifetime(source) {
            emojiart_paint_batch(&local, 1, data, Int32(side * 4), Int32(side), 0, Int32(side))
        }
        // Packed, a turned 40 px emoji takes ~5 KB instead of the 15 KB of its square image, so the
        // hundreds of a frame stay in the second-level cache while they are painted.
        let raster = RasterRows(
            pixels: data, strideBytes: side * 4, left: 0, top: 0, width: side, height: side, packing: true)
        bytesMadeThisFrame += raster.byteCount
        totalBytes += raster.byteCount
        if let replaced = rasters.insert(Entry(source: source, turned: raster), for: key) { totalBytes -= replaced.turned.byteCount }
        while totalBytes > capacityInBytes, rasters.count > 1, let evicted = rasters.removeOldest() {
            totalBytes -= evicted.value.turned.byteCount
        }
        return raster
    }
}
