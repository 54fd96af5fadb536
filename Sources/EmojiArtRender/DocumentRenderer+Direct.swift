import CPangoCairo
import CRenderKernels
import Dispatch
import EmojiArtCore
import Foundation

/// The fast path for frames drawn into a cairo image surface of our own (the canvas's content
/// layer, PNG export): emojis are planned from the top of the stack down, skipping those hidden
/// under opaque pixels (`OcclusionGrid`), then painted bottom-up straight into the surface's
/// pixels by a C loop over each raster's runs — opaque runs copied, translucent ones blended with
/// pixman's exact arithmetic — in two bands of rows on two threads. The pixels are bit for bit
/// those of `draw(…, into:)`; turned, mirrored and enlarged emojis still go through cairo, in
/// their place in the stack.
extension DocumentRenderer {
    /// Below this many emojis to paint, a second thread costs more than it saves.
    static let parallelPaintMinimumCount = 256

    /// Draws like `draw(_:background:viewport:viewSize:deviceScale:selection:into:)` into `surface`,
    /// a whole ARGB32 image surface whose pixels are the view at `deviceScale` (its device scale
    /// set to it, as the content layer makes it, or 1), with nothing drawn on it yet but a backdrop.
    public func drawDirectly(
        _ model: EmojiArtModel, background: BackgroundImage?, viewport: Viewport, viewSize: ViewSize,
        deviceScale: Double, selection: Set<Int>, intoImage surface: OpaquePointer
    ) {
        guard viewSize.isDrawable, cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
            fixedRasterPixelSize == nil, let cr = cairo_create(surface)
        else { return }
        defer { cairo_destroy(cr) }
        let scale = deviceScale.isFinite && deviceScale > 0 ? deviceScale : 1
        cairo_rectangle(cr, 0, 0, viewSize.width, viewSize.height)
        cairo_clip(cr)
        background?.draw(into: cr, viewport: viewport, viewSize: viewSize, deviceScale: scale)
        paintEmojisDirectly(model.emojis, viewport: viewport, viewSize: viewSize, deviceScale: scale, surface: surface, cr: cr)
        if !selection.isEmpty {
            drawSelectionMarks(model.emojis(withIDs: selection), viewport: viewport, viewSize: viewSize, into: cr)
        }
    }

    /// One emoji the frame shows: a raster copied at whole device pixels, or one cairo paints
    /// transformed.
    private struct PlannedEmoji {
        let raster: EmojiRaster
        let left: Int
        let top: Int
        /// nil for a plain copy.
        let transformed: Emoji?
        let devicePixels: Double
        let center: ViewPoint
    }

    private func paintEmojisDirectly(
        _ emojis: [Emoji], viewport: Viewport, viewSize: ViewSize, deviceScale: Double, surface: OpaquePointer,
        cr: OpaquePointer
    ) {
        let frameWidth = Int(cairo_image_surface_get_width(surface))
        let frameHeight = Int(cairo_image_surface_get_height(surface))
        var grid = OcclusionGrid(width: frameWidth, height: frameHeight)
        let pixelsPerPoint = viewport.zoom * deviceScale
        var plan: [PlannedEmoji] = []
        for emoji in emojis.reversed() {
            if grid.isFull { break }
            let devicePixels = emoji.size * pixelsPerPoint
            guard devicePixels >= 1, devicePixels.isFinite else { continue }
            let center = viewport.viewPoint(for: emoji.position, in: viewSize)
            let turned = emoji.rotation != 0
            let reach = emoji.size * viewport.zoom * EmojiRasterizer.maximumWidthPerHeight / 2 * (turned ? 2.0.squareRoot() : 1)
            guard Self.isVisible(center: center, reach: reach, in: viewSize) else { continue }
            let pixelSize = Int(devicePixels.rounded())
            guard let raster = rasterCache.raster(for: emoji.text, pixelSize: pixelSize) else { continue }
            if !turned, !emoji.flipped, raster.pixelSize == pixelSize {
                // The same whole-pixel placement as `paint(_:atDevicePixels:centeredAt:…)`.
                let side = Double(raster.side)
                let left = Int((center.x * deviceScale - side / 2).rounded())
                let top = Int((center.y * deviceScale - side / 2).rounded())
                guard !grid.hides(raster.rows, side: raster.side, left: left, top: top) else { continue }
                grid.cover(with: raster.rows, side: raster.side, left: left, top: top)
                plan.append(PlannedEmoji(raster: raster, left: left, top: top, transformed: nil, devicePixels: devicePixels, center: center))
            } else {
                let deviceReach = (reach * deviceScale).rounded(.up) + 1
                let x = Int(center.x * deviceScale), y = Int(center.y * deviceScale), r = Int(deviceReach)
                guard !grid.hides(x0: x - r, y0: y - r, x1: x + r, y1: y + r) else { continue }
                plan.append(PlannedEmoji(raster: raster, left: 0, top: 0, transformed: emoji, devicePixels: devicePixels, center: center))
            }
        }
        lastPaintedEmojiCount = plan.count
        // Paint from the bottom of the stack up: runs of plain copies in C, the rest through cairo.
        cairo_save(cr)
        cairo_scale(cr, 1 / deviceScale, 1 / deviceScale)
        var index = plan.count - 1
        while index >= 0 {
            if let emoji = plan[index].transformed {
                let item = plan[index]
                if emoji.rotation != 0 || emoji.flipped {
                    paint(item.raster, atDevicePixels: item.devicePixels, centeredAt: item.center, deviceScale: deviceScale,
                          rotation: emoji.rotation, flipped: emoji.flipped, into: cr)
                } else {
                    paint(item.raster, atDevicePixels: item.devicePixels, centeredAt: item.center, deviceScale: deviceScale, into: cr)
                }
                index -= 1
                continue
            }
            var jobs: [emojiart_paint_job] = []
            while index >= 0, plan[index].transformed == nil {
                let item = plan[index]
                let rows = item.raster.rows
                jobs.append(emojiart_paint_job(
                    raster: UnsafePointer(OpaquePointer(cairo_image_surface_get_data(item.raster.surface))),
                    raster_stride_bytes: cairo_image_surface_get_stride(item.raster.surface),
                    raster_side: Int32(item.raster.side), runs: UnsafePointer(rows.runs.baseAddress),
                    row_first_run: UnsafePointer(rows.rowFirstRun.baseAddress), left: Int32(item.left), top: Int32(item.top)))
                index -= 1
            }
            cairo_surface_flush(surface)
            Self.paint(jobs, into: surface, width: frameWidth, height: frameHeight)
            cairo_surface_mark_dirty(surface)
        }
        cairo_restore(cr)
        withExtendedLifetime(plan) {}
    }

    /// Runs the C painter over `jobs`, in two bands of rows on two threads when it pays.
    private static func paint(_ jobs: [emojiart_paint_job], into surface: OpaquePointer, width: Int, height: Int) {
        guard let data = cairo_image_surface_get_data(surface), !jobs.isEmpty else { return }
        let frame = FramePixels(
            pixels: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
            strideBytes: Int32(cairo_image_surface_get_stride(surface)), width: Int32(width), height: height)
        jobs.withUnsafeBufferPointer { buffer in
            let batch = JobBatch(jobs: buffer.baseAddress!, count: Int32(buffer.count))
            let bands = jobs.count >= parallelPaintMinimumCount && ProcessInfo.processInfo.activeProcessorCount > 1 ? 2 : 1
            if bands == 1 {
                frame.paint(batch, rows: 0..<height)
            } else {
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    frame.paint(batch, rows: (height * band / bands)..<(height * (band + 1) / bands))
                }
            }
        }
    }
}

/// A frame's pixels, shared by the painter threads: each writes only its own band of rows.
private struct FramePixels: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<UInt32>
    let strideBytes: Int32
    let width: Int32
    let height: Int

    func paint(_ batch: JobBatch, rows: Range<Int>) {
        emojiart_paint_batch(batch.jobs, batch.count, pixels, strideBytes, width, Int32(rows.lowerBound), Int32(rows.upperBound))
    }
}

/// Jobs the threads only read; the rasters they point into are kept alive by the caller's plan.
private struct JobBatch: @unchecked Sendable {
    let jobs: UnsafePointer<emojiart_paint_job>
    let count: Int32
}
