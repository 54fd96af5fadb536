import CPangoCairo
import EmojiArtCore
import Foundation

/// Selection marks stroked once per shape and copied after (SPEC S1, G6): a frame of 300
/// selected emojis stroked 600 rounded squares, ~9 ms of cairo's scan conversion, on every
/// frame of a drag. A mark is centred where its emoji's raster is — on whole or half device
/// pixels — and sized to a quarter of a device pixel, so a moved emoji's mark is the same
/// picture copied to whole pixels elsewhere.
///
/// Shared by a renderer and the frames it plans, which may paint on another thread: locked.
final class SelectionMarkSprites: @unchecked Sendable {
    private struct Key: Hashable {
        /// The emoji's side in quarters of a device pixel.
        var quarterPixels: Int
        /// Whether the centre lies half a device pixel past a whole one, across and down.
        var halfAcross: Bool
        var halfDown: Bool
        var rotation: Double
        var colours: MarkColours
        var deviceScale: Double
    }

    private struct Sprite {
        let surface: OpaquePointer
        /// Device pixels from the sprite's corner to the whole pixel the mark's centre is on.
        let reach: Int
        var bytes: Int
    }

    /// Marks larger than this many device pixels across are stroked in place: few, and each
    /// would take much of the cache.
    static let largestSide = 256
    /// What the sprites may take together.
    static let byteLimit = 12 << 20

    private let lock = NSLock()
    private var sprites = LRUStore<Key, Sprite>()
    private var bytes = 0

    /// The sprites kept now.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return sprites.count
    }

    deinit {
        for sprite in sprites.removeAll() { cairo_surface_destroy(sprite.surface) }
    }

    /// Draws the marks of `selected` (in stack order) that show through `viewport` into `cr`.
    func drawMarks(
        around selected: [Emoji], viewport: Viewport, viewSize: ViewSize, deviceScale: Double, colours: MarkColours,
        into cr: OpaquePointer
    ) {
        for emoji in selected {
            let center = viewport.viewPoint(for: emoji.position, in: viewSize)
            let side = emoji.size * viewport.zoom
            guard side.isFinite,
                DocumentRenderer.isVisible(
                    center: center, reach: SelectionMark.reach(forSide: side) * 2.0.squareRoot(), in: viewSize)
            else { continue }
            draw(around: center, side: side, rotation: emoji.rotation, colours: colours, deviceScale: deviceScale, into: cr)
        }
    }

    /// Draws the mark around an emoji whose square of `side` view pixels is centred on `center`,
    /// turned by `rotation`, into `cr` (a view at `deviceScale`).
    func draw(
        around center: ViewPoint, side: Double, rotation: Double, colours: MarkColours, deviceScale: Double,
        into cr: OpaquePointer
    ) {
        let halfPixels = (ViewPoint(x: center.x * deviceScale * 2, y: center.y * deviceScale * 2)).rounded
        let quarterPixels = (side * deviceScale * 4).rounded()
        guard quarterPixels.isFinite, halfPixels.x.isFinite, halfPixels.y.isFinite,
            quarterPixels <= Double(Self.largestSide * 4), abs(halfPixels.x) < 1e9, abs(halfPixels.y) < 1e9
        else {
            SelectionMark.draw(around: center, side: side, rotation: rotation, colours: colours, into: cr)
            return
        }
        let key = Key(
            quarterPixels: Int(quarterPixels), halfAcross: Int(halfPixels.x) & 1 == 1, halfDown: Int(halfPixels.y) & 1 == 1,
            rotation: rotation, colours: colours, deviceScale: deviceScale)
        guard let sprite = sprite(for: key) else {
            SelectionMark.draw(around: center, side: side, rotation: rotation, colours: colours, into: cr)
            return
        }
        defer { cairo_surface_destroy(sprite.surface) }
        // The whole device pixel at or just before the centre, less the sprite's reach.
        let left = (halfPixels.x / 2).rounded(.down) - Double(sprite.reach)
        let top = (halfPixels.y / 2).rounded(.down) - Double(sprite.reach)
        cairo_set_source_surface(cr, sprite.surface, left / deviceScale, top / deviceScale)
        cairo_paint(cr)
    }

    /// The sprite for `key`, made if need be, its surface referenced once more for the caller
    /// (another thread may drop it from the cache meanwhile).
    private func sprite(for key: Key) -> Sprite? {
        lock.lock()
        defer { lock.unlock() }
        if let sprite = sprites.value(for: key) {
            cairo_surface_reference(sprite.surface)
            return sprite
        }
        let scale = key.deviceScale
        let side = Double(key.quarterPixels) / 4 / scale
        let markReach = SelectionMark.reach(forSide: side) * (key.rotation != 0 ? 2.0.squareRoot() : 1)
        let reach = Int((markReach * scale).rounded(.up)) + 2
        let width = 2 * reach + 1
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(width)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_set_device_scale(surface, scale, scale)
        let center = ViewPoint(
            x: (Double(reach) + (key.halfAcross ? 0.5 : 0)) / scale, y: (Double(reach) + (key.halfDown ? 0.5 : 0)) / scale)
        SelectionMark.draw(around: center, side: side, rotation: key.rotation, colours: key.colours, into: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let sprite = Sprite(surface: surface, reach: reach, bytes: width * width * 4)
        if let replaced = sprites.insert(sprite, for: key) { release(replaced) }
        bytes += sprite.bytes
        while bytes > Self.byteLimit, sprites.count > 1, let (_, oldest) = sprites.removeOldest() {
            release(oldest)
        }
        cairo_surface_reference(surface)
        return sprite
    }

    private func release(_ sprite: Sprite) {
        bytes -= sprite.bytes
        cairo_surface_destroy(sprite.surface)
    }
}

extension ViewPoint {
    fileprivate var rounded: ViewPoint { ViewPoint(x: x.rounded(), y: y.rounded()) }
}
