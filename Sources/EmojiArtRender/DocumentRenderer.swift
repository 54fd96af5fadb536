import CPangoCairo
import EmojiArtCore

/// Draws a document through a viewport with cairo (SPEC M1, M3, G4, X1): the background image
/// centred on the document origin, then each emoji in z-order from the raster cache, then the
/// selection marks on top.
///
/// Owns an `EmojiRasterCache`, so like it a renderer belongs to one thread.
public final class DocumentRenderer {
    /// The emoji images this renderer paints from.
    public let rasterCache: EmojiRasterCache
    /// Turned and mirrored emojis already sampled, painted like upright ones at rest.
    let turnedRasters: TurnedRasterCache

    /// A renderer painting from `rasterCache` (a new 256 MB cache by default).
    public init(rasterCache: EmojiRasterCache = EmojiRasterCache()) {
        self.rasterCache = rasterCache
        turnedRasters = TurnedRasterCache()
    }

    /// A renderer whose turned-raster cache holds `turnedCapacityInBytes` (0: every turned emoji
    /// is sampled in place, as tests compare).
    init(rasterCache: EmojiRasterCache = EmojiRasterCache(), turnedCapacityInBytes: Int) {
        self.rasterCache = rasterCache
        turnedRasters = TurnedRasterCache(capacityInBytes: turnedCapacityInBytes)
    }

    /// Draws `model` as a view of `viewSize` shows it through `viewport`, clipped to the view.
    ///
    /// - Parameters:
    ///   - background: the decoded background image, or nil while there is none (blank, loading
    ///     or failed); the model's `background` only says where it comes from.
    ///   - deviceScale: device pixels per view pixel (`gtk_widget_get_scale_factor()`, SPEC X1);
    ///     emojis are rasterised at their device pixel size so HiDPI stays sharp.
    ///   - selection: ids of the emojis to mark as selected.
    ///   - cr: the `cairo_t *` to draw into; its user space is view coordinates (logical pixels),
    ///     `deviceScale` device pixels per unit, as in a GtkDrawingArea's draw function.
    ///
    /// Nothing is filled behind the picture: the caller chooses the backdrop.
    public func draw(
        _ model: EmojiArtModel, background: BackgroundImage?, viewport: Viewport, viewSize: ViewSize,
        deviceScale: Double, selection: Set<Int>, into cr: OpaquePointer
    ) {
        guard viewSize.isDrawable else { return }
        rasterCache.beginFrame()
        let scale = deviceScale.isFinite && deviceScale > 0 ? deviceScale : 1
        cairo_save(cr)
        cairo_rectangle(cr, 0, 0, viewSize.width, viewSize.height)
        cairo_clip(cr)
        background?.draw(into: cr, viewport: viewport, viewSize: viewSize, deviceScale: scale)
        drawEmojis(model.emojis, viewport: viewport, viewSize: viewSize, deviceScale: scale, into: cr)
        if !selection.isEmpty {
            markSprites.drawMarks(
                around: model.emojis(withIDs: selection), viewport: viewport, viewSize: viewSize, deviceScale: scale,
                colours: markColours, into: cr)
        }
        cairo_restore(cr)
    }

    /// The selection marks drawn so far, copied rather than stroked again.
    let markSprites = SelectionMarkSprites()

    /// The colours selection marks are drawn in: the style's (X10), set by the canvas.
    public var markColours = MarkColours.standard

    /// When set, every emoji is painted from one raster of this many pixels, scaled by the
    /// matrix: vector exports then embed one image per distinct emoji instead of one per
    /// (emoji, size) (DESIGN "Export": 10k emojis of ~200 sizes made a 7.9 MB SVG otherwise).
    public var fixedRasterPixelSize: Int?

    /// Emojis the last `drawDirectly` painted; the rest were off the view or hidden under opaque
    /// emojis above them (for tests and the benchmarks).
    public internal(set) var lastPaintedEmojiCount = 0

    /// When set, `drawDirectly` makes rasters only for this long a frame (the canvas): beyond
    /// it the frame is deferred when the caller allows, else emojis are painted from a cached
    /// raster of another size, scaled, or not at all (`DocumentRenderer+Budget.swift`); what they
    /// wanted is in `missingRasters`. Nil (export, `render`): every raster is made, however long.
    public var rasterBudget: RasterBudget?
    /// The rasters the last `drawDirectly` wanted and did not have, the topmost emojis' first:
    /// those it lacked, then those it painted exactly without (resampled from their glyphs),
    /// which the frames after it want.
    public internal(set) var missingRasters: [RasterRequest] = []
    /// Emojis the last `drawDirectly` painted from a raster of another size.
    public internal(set) var lastStandInCount = 0
    /// Emojis the last `drawDirectly` could not paint for want of any raster of them.
    public internal(set) var lastUnpaintedCount = 0
    /// Emojis the last `drawDirectly` sampled in place (turned or scaled) skipping cells hidden
    /// under opaque emojis above them (for tests).
    var lastPartlyHiddenSampledCount = 0
    /// Emojis the last `drawDirectly` resampled in place from their glyphs (`FrameResampling`).
    public internal(set) var lastResampledCount = 0

    /// Whether the last `drawDirectly` painted every emoji from a raster of its own size.
    public internal(set) var lastFrameWasExact = true

    private func drawEmojis(
        _ emojis: [Emoji], viewport: Viewport, viewSize: ViewSize, deviceScale: Double, into cr: OpaquePointer
    ) {
        let pixelsPerPoint = viewport.zoom * deviceScale
        // Emojis are painted in device space so a raster lands on whole device pixels and is copied,
        // not resampled.
        cairo_save(cr)
        cairo_scale(cr, 1 / deviceScale, 1 / deviceScale)
        for emoji in emojis {
            let devicePixels = emoji.size * pixelsPerPoint
            // Below one device pixel nothing readable is left to draw.
            guard devicePixels >= 1, devicePixels.isFinite else { continue }
            let center = viewport.viewPoint(for: emoji.position, in: viewSize)
            // A raster is at most `maximumWidthPerHeight` times as wide as the emoji is tall; turned,
            // its corners reach √2 times as far.
            let turned = emoji.rotation != 0
            let reach = emoji.size * viewport.zoom * EmojiRasterizer.maximumWidthPerHeight / 2 * (turned ? 2.0.squareRoot() : 1)
            guard Self.isVisible(center: center, reach: reach, in: viewSize) else { continue }
            let pixelSize = fixedRasterPixelSize ?? Int(devicePixels.rounded())
            guard let raster = rasterCache.raster(for: emoji.text, pixelSize: pixelSize) else { continue }
            if turned || emoji.flipped {
                paint(
                    raster, atDevicePixels: devicePixels, centeredAt: center, deviceScale: deviceScale,
                    rotation: emoji.rotation, flipped: emoji.flipped, into: cr)
            } else {
                paint(raster, atDevicePixels: devicePixels, centeredAt: center, deviceScale: deviceScale, into: cr)
            }
        }
        cairo_restore(cr)
    }

    /// Paints `raster` turned by `rotation` degrees clockwise about `center` and mirrored
    /// left–right when `flipped` (SPEC M3: the flip applies before the rotation). The raster
    /// cache is not keyed by angle: the same upright raster is transformed at draw time, with a
    /// bilinear filter, so turning an emoji costs no new rasters and no memory.
    func paint(
        _ raster: EmojiRaster, atDevicePixels devicePixels: Double, centeredAt center: ViewPoint,
        deviceScale: Double, rotation: Double, flipped: Bool, into cr: OpaquePointer
    ) {
        let side = Double(raster.side)
        let factor = devicePixels / Double(raster.pixelSize)
        // The centre an upright raster of this size would have on the pixel grid, so a flip or a
        // quarter turn at its own size copies whole pixels instead of blurring them by half a pixel.
        let centerX = (center.x * deviceScale - side * factor / 2).rounded() + side * factor / 2
        let centerY = (center.y * deviceScale - side * factor / 2).rounded() + side * factor / 2
        cairo_save(cr)
        cairo_translate(cr, centerX, centerY)
        cairo_rotate(cr, rotation * .pi / 180)
        cairo_scale(cr, flipped ? -factor : factor, factor)
        cairo_translate(cr, -side / 2, -side / 2)
        guard let image = raster.surface else { return cairo_restore(cr) }
        cairo_set_source_surface(cr, image, 0, 0)
        // Never the default GOOD on a transformed source (DESIGN "Performance budget").
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_rectangle(cr, 0, 0, side, side)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Paints `raster` centred on the view point `center`; `cr` is in device space.
    func paint(
        _ raster: EmojiRaster, atDevicePixels devicePixels: Double, centeredAt center: ViewPoint,
        deviceScale: Double, into cr: OpaquePointer
    ) {
        let deviceX = center.x * deviceScale
        let deviceY = center.y * deviceScale
        let side = Double(raster.side)
        guard let image = raster.surface else { return }
        if fixedRasterPixelSize == nil, raster.pixelSize == Int(devicePixels.rounded()) {
            let left = (deviceX - side / 2).rounded()
            let top = (deviceY - side / 2).rounded()
            cairo_set_source_surface(cr, image, left, top)
            cairo_rectangle(cr, left, top, side, side)
            cairo_fill(cr)
        } else {
            // Larger than the biggest raster (enlarge the capped one), or a fixed raster for export.
            let factor = devicePixels / Double(raster.pixelSize)
            cairo_save(cr)
            cairo_translate(cr, deviceX - side * factor / 2, deviceY - side * factor / 2)
            cairo_scale(cr, factor, factor)
            cairo_set_source_surface(cr, image, 0, 0)
            // Never the default GOOD on a scaled source (DESIGN "Performance budget").
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_rectangle(cr, 0, 0, side, side)
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }

    /// Whether a square reaching `reach` view pixels from `center` overlaps the view; what does not
    /// is skipped before it touches the raster cache.
    static func isVisible(center: ViewPoint, reach: Double, in viewSize: ViewSize) -> Bool {
        center.x + reach > 0 && center.x - reach < viewSize.width
            && center.y + reach > 0 && center.y - reach < viewSize.height
    }
}
