import CPangoCairo
import CRenderKernels
import Dispatch
import EmojiArtCore
import Foundation

/// The fast path for frames drawn into a cairo image surface of our own (the canvas's content
/// layer, PNG export): emojis are planned from the top of the stack down, skipping those hidden
/// under opaque pixels (`OcclusionGrid`), then painted bottom-up straight into the surface's
/// pixels by a C loop over each raster's runs — opaque runs copied, translucent ones blended with
/// pixman's exact arithmetic — tile by tile, in two bands of rows on two threads. Upright emojis
/// come out bit for bit as `draw(…, into:)` paints them; turned, mirrored and enlarged ones are
/// sampled bilinearly by the same loop (cairo took ~100 µs for each, 1 s for 10,000), within a
/// step or two of cairo's values on their edges.
extension DocumentRenderer {
    /// Draws like `draw(_:background:viewport:viewSize:deviceScale:selection:into:)` into `surface`,
    /// a whole ARGB32 image surface whose pixels are the view at `deviceScale` (its device scale
    /// set to it, as the content layer makes it, or 1), with nothing drawn on it yet but a backdrop
    /// (or what `beforePainting` leaves there: it runs only when the frame is painted).
    ///
    /// Without `rastersPayOff` (the caller has not painted this zoom exactly yet: a zoom step's
    /// first frame, whose sizes the next step will not use), no raster is made for one use:
    /// turned and mirrored emojis whose turned rasters are not cached are sampled in place, and
    /// an emoji of a size no emoji above it of its kind has is painted from its glyph — upright,
    /// resampled as it is blended (`FrameResampling`), the same pixels as from its raster, for
    /// less than making it; turned, box-filtered straight from its glyph's level
    /// (`LevelSampling`), within a few levels of its turned raster on its edges.
    ///
    /// Under a `rasterBudget`, rasters are made while it lasts; past it an emoji whose glyph is
    /// decoded is painted from its glyph all the same, its raster listed in `missingRasters` for
    /// the frames after, and the frame stays exact. Only emojis whose glyphs are not decoded
    /// (a text Pango lays out, a glyph the store let go) wait: with `mayDefer` the frame is then
    /// not painted at all (`.deferred`, `surface` untouched, `missingRasters` lists what it
    /// needs), so the caller can keep showing the frame it had; otherwise a raster of another
    /// size stands in, or the emoji is left out.
    @discardableResult
    public func drawDirectly(
        _ model: EmojiArtModel, background: BackgroundImage?, viewport: Viewport, viewSize: ViewSize,
        deviceScale: Double, selection: Set<Int>, intoImage surface: OpaquePointer, mayDefer: Bool = false,
        rastersPayOff: Bool = true, beforePainting: () -> Void = {}
    ) -> FrameOutcome {
        drawDirectly(
            model.emojis, selected: model.emojis(withIDs: selection), background: background, viewport: viewport,
            viewSize: viewSize, deviceScale: deviceScale, intoImage: surface, mayDefer: mayDefer, rastersPayOff: rastersPayOff,
            beforePainting: beforePainting)
    }

    /// Draws `emojis` (in stack order) as `drawDirectly` draws a model's, with the marks of
    /// `selected` over them.
    @discardableResult
    func drawDirectly(
        _ emojis: [Emoji], selected: [Emoji], background: BackgroundImage?, viewport: Viewport, viewSize: ViewSize,
        deviceScale: Double, intoImage surface: OpaquePointer, mayDefer: Bool = false, rastersPayOff: Bool = true,
        beforePainting: () -> Void = {}
    ) -> FrameOutcome {
        guard
            let frame = planDirectly(
                emojis, selected: selected, background: background, viewport: viewport, viewSize: viewSize,
                deviceScale: deviceScale, forImage: surface, mayDefer: mayDefer, rastersPayOff: rastersPayOff)
        else { return .exact }
        guard frame.outcome != .deferred else { return .deferred }
        beforePainting()
        frame.paintBackground(into: surface)
        frame.paintEmojis(into: surface)
        return frame.outcome
    }

    /// Plans what `drawDirectly` would paint into `surface` with the same arguments, on this
    /// renderer's thread, for `DirectFrame` to paint (on any thread, its background on this one);
    /// nil when there is nothing to paint. `missingRasters` and the other counts describe it.
    public func planDirectly(
        _ model: EmojiArtModel, background: BackgroundImage?, viewport: Viewport, viewSize: ViewSize,
        deviceScale: Double, selection: Set<Int>, forImage surface: OpaquePointer, mayDefer: Bool = false,
        rastersPayOff: Bool = true
    ) -> DirectFrame? {
        planDirectly(
            model.emojis, selected: model.emojis(withIDs: selection), background: background, viewport: viewport,
            viewSize: viewSize, deviceScale: deviceScale, forImage: surface, mayDefer: mayDefer, rastersPayOff: rastersPayOff)
    }

    /// Plans `emojis` (in stack order) as `planDirectly` plans a model's, with the marks of
    /// `selected` over them.
    func planDirectly(
        _ emojis: [Emoji], selected: [Emoji], background: BackgroundImage?, viewport: Viewport, viewSize: ViewSize,
        deviceScale: Double, forImage surface: OpaquePointer, mayDefer: Bool = false, rastersPayOff: Bool = true
    ) -> DirectFrame? {
        guard viewSize.isDrawable, cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
            fixedRasterPixelSize == nil
        else { return nil }
        let scale = deviceScale.isFinite && deviceScale > 0 ? deviceScale : 1
        let frameWidth = Int(cairo_image_surface_get_width(surface))
        let frameHeight = Int(cairo_image_surface_get_height(surface))
        let planned = planEmojis(
            emojis, viewport: viewport, viewSize: viewSize, deviceScale: scale, frameWidth: frameWidth,
            frameHeight: frameHeight, mayDefer: mayDefer, makingTurnedRasters: rastersPayOff,
            resamplingOnceUsed: !rastersPayOff)
        missingRasters = planned.budget.missing + planned.budget.ahead
        lastStandInCount = planned.budget.standInCount
        lastUnpaintedCount = planned.budget.unpaintedCount
        lastPartlyHiddenSampledCount = planned.partlyHiddenSampledCount
        lastResampledCount = planned.resampledCount
        let outcome: FrameOutcome =
            planned.budget.isDeferred ? .deferred : planned.budget.missing.isEmpty ? .exact : .provisional
        if outcome != .deferred { lastPaintedEmojiCount = planned.jobs.count }
        lastFrameWasExact = outcome == .exact
        return DirectFrame(
            planned: planned, outcome: outcome, background: background, viewport: viewport, viewSize: viewSize,
            deviceScale: scale, frameSize: (frameWidth, frameHeight), selected: selected,
            markColours: markColours, markSprites: markSprites)
    }

    /// Plans the frame `drawDirectly` would paint of `model`, without painting it: every raster
    /// and turned raster that frame paints is made and cached, and no other (an emoji hidden
    /// under opaque ones above gets none). For rasters made ahead of a window (`PreparedRasters`).
    /// Without `makingTurnedRasters`, turned emojis get their upright rasters only (the frame
    /// would sample them in place). `progress` is asked after every `planProgressInterval`
    /// emojis in view planned whether to go on.
    func planFrame(
        _ model: EmojiArtModel, viewport: Viewport, viewSize: ViewSize, deviceScale: Double, makingTurnedRasters: Bool,
        progress: () -> Bool
    ) {
        guard viewSize.isDrawable else { return }
        let scale = deviceScale.isFinite && deviceScale > 0 ? deviceScale : 1
        withoutActuallyEscaping(progress) { progress in
            _ = planEmojis(
                model.emojis, viewport: viewport, viewSize: viewSize, deviceScale: scale,
                frameWidth: Int((viewSize.width * scale).rounded(.up)), frameHeight: Int((viewSize.height * scale).rounded(.up)),
                mayDefer: false, makingTurnedRasters: makingTurnedRasters, progress: progress)
        }
    }

    static let planProgressInterval = 64

    /// Makes the raster of the topmost emoji of each kind in the view of `model`, so that every
    /// emoji of the view has a raster of its kind to stand in for its own while that is made.
    func makeRasterOfEachKind(_ model: EmojiArtModel, viewport: Viewport, viewSize: ViewSize, deviceScale: Double) {
        guard viewSize.isDrawable else { return }
        let scale = deviceScale.isFinite && deviceScale > 0 ? deviceScale : 1
        var kinds: Set<String> = []
        for emoji in model.emojis.reversed() where !kinds.contains(emoji.text) {
            guard let (_, _, pixelSize) = Self.placeInView(emoji, viewport: viewport, viewSize: viewSize, deviceScale: scale)
            else { continue }
            kinds.insert(emoji.text)
            _ = rasterCache.raster(for: emoji.text, pixelSize: pixelSize)
        }
    }

    /// Where `emoji` lies in the view, its height in device pixels and the raster size that is,
    /// when it can show in the view at all.
    private static func placeInView(
        _ emoji: Emoji, viewport: Viewport, viewSize: ViewSize, deviceScale: Double
    ) -> (center: ViewPoint, devicePixels: Double, pixelSize: Int)? {
        let devicePixels = emoji.size * viewport.zoom * deviceScale
        guard devicePixels >= 1, devicePixels.isFinite else { return nil }
        let center = viewport.viewPoint(for: emoji.position, in: viewSize)
        let reach = emoji.size * viewport.zoom * EmojiRasterizer.maximumWidthPerHeight / 2 * (emoji.rotation != 0 ? 2.0.squareRoot() : 1)
        guard isVisible(center: center, reach: reach, in: viewSize) else { return nil }
        return (center, devicePixels, Int(devicePixels.rounded()))
    }

    /// The jobs of a frame, top of the stack first, and what keeps their pixels alive.
    struct PlannedFrame {
        var jobs: [emojiart_paint_job] = []
        var rasters: [EmojiRaster] = []
        var turnedRows: [RasterRows] = []
        /// The cells sampled jobs skip, hidden under opaque emojis above them.
        var hiddenCells: [HiddenCells] = []
        /// Pixels made for this frame alone when it is painted (`DirectFrame`), and their jobs.
        var pending: [PendingPixels] = []
        /// The glyph levels turned emojis sample, by kind and level.
        var sampledLevels: [LevelSampling.Key: LevelSampling] = [:]
        /// The sizes of emojis resampled in place, by kind: a second emoji of one gets a raster.
        var resampledKeys: Set<EmojiRasterCache.Key> = []
        var resampledCount = 0
        /// Turned, mirrored or scaled jobs that skip hidden cells.
        var partlyHiddenSampledCount = 0
        var budget: FramePlan
    }

    /// A transformed job's cells hidden under opaque emojis above it, for the painter to skip:
    /// what those emojis hide costs no sample (a crowded drawing hides much of each turned emoji).
    private static func skipHiddenCells(of job: inout emojiart_paint_job, under grid: OcclusionGrid, keptIn planned: inout PlannedFrame) {
        guard let covered = grid.coveredCells(x0: Int(job.left), y0: Int(job.top), x1: Int(job.right), y1: Int(job.bottom))
        else { return }
        let cells = HiddenCells(covered.cells)
        planned.hiddenCells.append(cells)
        if job.is_transformed != 0 { planned.partlyHiddenSampledCount += 1 }
        job.hidden = UnsafePointer(cells.bytes.baseAddress)
        job.hidden_columns = Int32(covered.columns)
        job.hidden_rows = Int32(covered.rows)
        job.hidden_left = Int32(covered.left)
        job.hidden_top = Int32(covered.top)
    }

    /// Plans `emojis` from the top of the stack down: each visible one's raster (made, cached,
    /// its glyph for the painter to resample, or under a budget a stand-in or nothing) and job,
    /// skipping those hidden under opaque emojis above. With `resamplingOnceUsed` (rasters
    /// would not pay), an emoji of a size no emoji above it of its kind has gets no raster.
    private func planEmojis(
        _ emojis: [Emoji], viewport: Viewport, viewSize: ViewSize, deviceScale: Double, frameWidth: Int,
        frameHeight: Int, mayDefer: Bool, makingTurnedRasters: Bool = true, resamplingOnceUsed: Bool = false,
        progress: (() -> Bool)? = nil
    ) -> PlannedFrame {
        // Cells from the view's centre, where the document's origin is: a launch's plan at the
        // window's size (`PreparedRasters`) then hides what the canvas's frame hides.
        var grid = OcclusionGrid(
            width: frameWidth, height: frameHeight,
            cellOrigin: (Int((viewSize.width * deviceScale / 2).rounded(.down)), Int((viewSize.height * deviceScale / 2).rounded(.down))))
        rasterCache.beginFrame()
        var planned = PlannedFrame(
            budget: FramePlan(
                deadline: rasterBudget.map { $0.deadline(from: $0.clock()) }, mayDefer: mayDefer,
                standInPixelsLeft: rasterBudget?.standInPixels ?? RasterBudget.canvasFrame.standInPixels))
        turnedRasters.beginFrame()
        var plannedCount = 0
        for emoji in emojis.reversed() {
            if grid.isFull { break }
            guard
                let (center, devicePixels, pixelSize) = Self.placeInView(
                    emoji, viewport: viewport, viewSize: viewSize, deviceScale: deviceScale)
            else { continue }
            if let progress {
                plannedCount += 1
                if plannedCount % Self.planProgressInterval == 0, !progress() { break }
            }
            let turned = emoji.rotation != 0
            let cached = rasterCache.cachedRaster(for: emoji.text, pixelSize: pixelSize)
            // A raster to make: first, whether the emoji is wholly under opaque emojis above
            // wherever its ink lies, so a buried one costs no raster (a user's drawing wants a
            // raster per emoji).
            if cached == nil, isBuried(emoji, devicePixels: devicePixels, center: center, deviceScale: deviceScale, under: grid) {
                continue
            }
            if cached == nil, !turned, !emoji.flipped,
                let (glyph, window) = glyphToResample(
                    of: emoji.text, pixelSize: pixelSize, rastersPayOff: !resamplingOnceUsed, in: &planned)
            {
                // Placed as `job(for:left:top:)` places the raster it stands for.
                let side = Double(window.resampling.side)
                let left = Int((center.x * deviceScale - side / 2).rounded())
                let top = Int((center.y * deviceScale - side / 2).rounded())
                var job = emojiart_paint_job()
                job.left = Int32(left + window.columns.lowerBound)
                job.top = Int32(top + window.rows.lowerBound)
                job.right = Int32(left + window.columns.upperBound)
                job.bottom = Int32(top + window.rows.upperBound)
                let occlusion = GlyphOcclusion(glyph, pixelSize: pixelSize)
                guard !grid.hides(inkRows: occlusion.inkRows, left: left, top: top, inkColumns: occlusion.inkColumns) else { continue }
                Self.skipHiddenCells(of: &job, under: grid, keptIn: &planned)
                grid.cover(opaqueRows: occlusion.opaqueRows, left: left, top: top, opaqueColumns: occlusion.opaqueColumns)
                planned.pending.append(PendingPixels(glyph: glyph, window: window, jobs: [planned.jobs.count]))
                planned.resampledCount += 1
                planned.jobs.append(job)
                continue
            }
            if cached == nil, turned || emoji.flipped,
                let (glyph, window) = frameRasterGlyph(
                    of: emoji.text, pixelSize: pixelSize, rastersPayOff: !resamplingOnceUsed, in: &planned)
            {
                let placement = Self.transformedPlacement(
                    side: window.resampling.side, pixelSize: pixelSize, devicePixels: devicePixels, center: center,
                    deviceScale: deviceScale)
                let level = planned.levelSampling(of: glyph, text: emoji.text, window: window)
                var job = Self.transformedJob(
                    level.job, side: window.resampling.side, placement: placement, rotation: emoji.rotation,
                    flipped: emoji.flipped)
                LevelSampling.mapOntoLevel(&job, resampling: window.resampling, factor: placement.factor)
                guard !grid.hides(x0: Int(job.left), y0: Int(job.top), x1: Int(job.right), y1: Int(job.bottom)) else { continue }
                Self.skipHiddenCells(of: &job, under: grid, keptIn: &planned)
                planned.jobs.append(job)
                continue
            }
            guard
                let (raster, isExact) = cached.map({ ($0, true) })
                    ?? frameRaster(for: emoji.text, pixelSize: pixelSize, devicePixels: devicePixels, plan: &planned.budget)
            else {
                // What the missing emoji will hide for sure hides the emojis below it now, so the
                // workshop is not asked for rasters no exact frame shows; this frame (deferred,
                // or provisional with the emoji left out) shows that spot blank meanwhile.
                if !turned, !emoji.flipped {
                    coverOpaquePixels(of: emoji, pixelSize: pixelSize, center: center, deviceScale: deviceScale, in: &grid)
                }
                continue
            }
            var job: emojiart_paint_job
            if !isExact {
                // A stand-in of another size, scaled for this frame only (never cached turned).
                let placement = Self.transformedPlacement(
                    for: raster, devicePixels: devicePixels, center: center, deviceScale: deviceScale)
                job = Self.transformedJob(for: raster, placement: placement, rotation: emoji.rotation, flipped: emoji.flipped)
                guard !grid.hides(x0: Int(job.left), y0: Int(job.top), x1: Int(job.right), y1: Int(job.bottom)) else { continue }
                Self.skipHiddenCells(of: &job, under: grid, keptIn: &planned)
            } else if !turned, !emoji.flipped, raster.pixelSize == pixelSize {
                // The same whole-pixel placement as `paint(_:atDevicePixels:centeredAt:…)`.
                let side = Double(raster.side)
                let left = Int((center.x * deviceScale - side / 2).rounded())
                let top = Int((center.y * deviceScale - side / 2).rounded())
                guard !grid.hides(raster.rows, left: left, top: top) else { continue }
                grid.cover(with: raster.rows, left: left, top: top)
                job = Self.job(for: raster.rows, left: left, top: top)
            } else {
                let placement = Self.transformedPlacement(
                    for: raster, devicePixels: devicePixels, center: center, deviceScale: deviceScale)
                let key = TurnedRasterCache.Key(
                    source: ObjectIdentifier(raster), devicePixels: devicePixels, rotation: emoji.rotation,
                    flipped: emoji.flipped)
                let makeJob = {
                    Self.transformedJob(for: raster, placement: placement, rotation: emoji.rotation, flipped: emoji.flipped)
                }
                // Under a budget, turned rasters are made only while it lasts; past it the emoji
                // is sampled in place (the next frames make the rest).
                let mayMakeTurned = makingTurnedRasters && planned.budget.isWithinBudget(rasterBudget)
                if let turned = turnedRasters.raster(for: key, source: raster, mayMake: mayMakeTurned, makeJob: makeJob) {
                    // The same pixels, painted like an upright raster at the job's whole-pixel box.
                    let (left, top) = (placement.left, placement.top)
                    guard !grid.hides(turned, left: left, top: top) else { continue }
                    grid.cover(with: turned, left: left, top: top)
                    planned.jobs.append(Self.job(for: turned, left: left, top: top))
                    planned.turnedRows.append(turned)
                    continue
                }
                job = makeJob()
                guard !grid.hides(x0: Int(job.left), y0: Int(job.top), x1: Int(job.right), y1: Int(job.bottom)) else { continue }
                Self.skipHiddenCells(of: &job, under: grid, keptIn: &planned)
            }
            planned.jobs.append(job)
            planned.rasters.append(raster)
        }
        return planned
    }

    /// A raster's rows copied at whole device pixels, the raster's top-left corner at (`left`,
    /// `top`): the job's box is the ink's bounding box.
    private static func job(for rows: RasterRows, left: Int, top: Int) -> emojiart_paint_job {
        var job = rowsJob(for: rows)
        job.left = Int32(left) + rows.inkColumns.start
        job.top = Int32(top + rows.firstRow)
        job.right = Int32(left) + rows.inkColumns.end
        job.bottom = Int32(top + rows.firstRow + rows.rowCount)
        return job
    }

    /// A job reading `rows` (the caller places it).
    private static func rowsJob(for rows: RasterRows) -> emojiart_paint_job {
        var job = emojiart_paint_job()
        job.raster = rows.pixels
        job.row_count = Int32(rows.rowCount)
        job.runs = UnsafePointer(rows.runs.baseAddress)
        job.row_first_run = UnsafePointer(rows.rowFirstRun.baseAddress)
        job.first_row = Int32(rows.firstRow)
        job.ink_left = rows.inkColumns.start
        job.ink_right = rows.inkColumns.end
        job.sample_rows = UnsafePointer(rows.sampleRows.baseAddress)
        return job
    }

    /// Where a transformed raster lands: its centre on the pixel grid, as cairo's path places it,
    /// and the whole-pixel box that holds it at any angle.
    private struct TransformedPlacement {
        var centerX: Double
        var centerY: Double
        var factor: Double
        var left: Int
        var top: Int
        var right: Int
        var bottom: Int
    }

    private static func transformedPlacement(
        for raster: EmojiRaster, devicePixels: Double, center: ViewPoint, deviceScale: Double
    ) -> TransformedPlacement {
        transformedPlacement(
            side: raster.side, pixelSize: raster.pixelSize, devicePixels: devicePixels, center: center, deviceScale: deviceScale)
    }

    private static func transformedPlacement(
        side rasterSide: Int, pixelSize: Int, devicePixels: Double, center: ViewPoint, deviceScale: Double
    ) -> TransformedPlacement {
        let side = Double(rasterSide)
        let factor = devicePixels / Double(pixelSize)
        let centerX = (center.x * deviceScale - side * factor / 2).rounded() + side * factor / 2
        let centerY = (center.y * deviceScale - side * factor / 2).rounded() + side * factor / 2
        let reach = side * factor / 2 * 2.0.squareRoot() + 1
        return TransformedPlacement(
            centerX: centerX, centerY: centerY, factor: factor,
            left: Int((centerX - reach).rounded(.down)), top: Int((centerY - reach).rounded(.down)),
            right: Int((centerX + reach).rounded(.up)), bottom: Int((centerY + reach).rounded(.up)))
    }

    /// A raster turned by `rotation` degrees clockwise about its centre, mirrored when `flipped`
    /// and scaled to `devicePixels` — the transform of `paint(_:…rotation:flipped:into:)`, inverted
    /// so the C loop can ask, for each frame pixel, where in the raster it falls. It reads the
    /// raster's packed rows, which the caller keeps alive while it paints.
    private static func transformedJob(
        for raster: EmojiRaster, placement: TransformedPlacement, rotation: Double, flipped: Bool
    ) -> emojiart_paint_job {
        transformedJob(rowsJob(for: raster.rows), side: raster.side, placement: placement, rotation: rotation, flipped: flipped)
    }

    /// `job` (reading a raster `side` pixels square) turned, mirrored and scaled.
    private static func transformedJob(
        _ job: emojiart_paint_job, side rasterSide: Int, placement: TransformedPlacement, rotation: Double, flipped: Bool
    ) -> emojiart_paint_job {
        var job = job
        let side = Double(rasterSide)
        let (centerX, centerY, factor) = (placement.centerX, placement.centerY, placement.factor)
        let radians = rotation * .pi / 180
        let (sine, cosine) = (sin(radians), cos(radians))
        let horizontal = flipped ? -factor : factor
        // source = (R(−θ)·(p − c)) / (±f, f) + side/2
        job.inverse = (
            cosine / horizontal, sine / horizontal, (-cosine * centerX - sine * centerY) / horizontal + side / 2,
            -sine / factor, cosine / factor, (sine * centerX - cosine * centerY) / factor + side / 2
        )
        job.left = Int32(placement.left)
        job.top = Int32(placement.top)
        job.right = Int32(placement.right)
        job.bottom = Int32(placement.bottom)
        job.is_transformed = 1
        return job
    }
}
