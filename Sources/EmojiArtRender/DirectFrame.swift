import CPangoCairo
import CRenderKernels
import Dispatch
import EmojiArtCore

/// A frame `DocumentRenderer.planDirectly` planned, held until it is painted: its jobs and
/// everything their pixels live in. The background is drawn on the renderer's thread (cairo
/// reads the background image there alone); the emojis and the selection marks may be painted
/// on any thread, once — the rasters are immutable, and the pixels made for this frame alone
/// (`FrameResampling`) are made as it is painted, on the painter's two threads.
public final class DirectFrame: @unchecked Sendable {
    private var planned: DocumentRenderer.PlannedFrame
    /// Whether it will be painted (and how close to exact), or was deferred.
    public let outcome: FrameOutcome
    private let background: BackgroundImage?
    let viewport: Viewport
    private let viewSize: ViewSize
    private let deviceScale: Double
    private let frameSize: (width: Int, height: Int)
    private let selected: [Emoji]
    private let markColours: MarkColours
    private let markSprites: SelectionMarkSprites
    /// Pixels made for this frame alone, kept while it paints.
    private var made: [AnyObject] = []

    init(
        planned: DocumentRenderer.PlannedFrame, outcome: FrameOutcome, background: BackgroundImage?, viewport: Viewport,
        viewSize: ViewSize, deviceScale: Double, frameSize: (Int, Int), selected: [Emoji], markColours: MarkColours,
        markSprites: SelectionMarkSprites
    ) {
        self.markColours = markColours
        self.markSprites = markSprites
        self.planned = planned
        self.outcome = outcome
        self.background = background
        self.viewport = viewport
        self.viewSize = viewSize
        self.deviceScale = deviceScale
        self.frameSize = frameSize
        self.selected = selected
    }

    /// Emojis it resamples from their glyphs as it paints (`FrameResampling`): a frame with
    /// many is worth painting off the window's thread.
    public var resampledCount: Int { planned.resampledCount }

    /// Draws the background image into `surface` (the frame's image, its backdrop drawn), on
    /// the renderer's thread.
    public func paintBackground(into surface: OpaquePointer) {
        guard let background, let cr = cairo_create(surface) else { return }
        cairo_rectangle(cr, 0, 0, viewSize.width, viewSize.height)
        cairo_clip(cr)
        background.draw(into: cr, viewport: viewport, viewSize: viewSize, deviceScale: deviceScale)
        cairo_destroy(cr)
    }

    /// Paints the emojis, bottom of the stack up, and the selection marks into `surface`, over
    /// what it holds; on any thread that alone touches `surface` meanwhile.
    public func paintEmojis(into surface: OpaquePointer) {
        guard outcome != .deferred, made.isEmpty else { return }
        makePendingPixels()
        cairo_surface_flush(surface)
        DocumentRenderer.paint(planned.jobs.reversed(), into: surface, width: frameSize.width, height: frameSize.height)
        cairo_surface_mark_dirty(surface)
        guard !selected.isEmpty, let cr = cairo_create(surface) else { return }
        cairo_rectangle(cr, 0, 0, viewSize.width, viewSize.height)
        cairo_clip(cr)
        markSprites.drawMarks(
            around: selected, viewport: viewport, viewSize: viewSize, deviceScale: deviceScale, colours: markColours, into: cr)
        cairo_destroy(cr)
    }

    /// Makes the frame's own pixels, half on each of two threads, and points their jobs at them;
    /// a job whose pixels could not be made (no memory) is left out.
    private func makePendingPixels() {
        let pending = planned.pending
        guard !pending.isEmpty else { return }
        let results = UnsafeMutableBufferPointer<AnyObject?>.allocate(capacity: pending.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        let slots = ResultSlots(results)
        let threads = pending.count > 8 ? 2 : 1
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in stride(from: thread, to: pending.count, by: threads) {
                let entry = pending[index]
                slots.store(FrameResampling(entry.glyph, window: entry.window), at: index)
            }
        }
        for (index, entry) in pending.enumerated() {
            for job in entry.jobs {
                if let resampling = results[index] as? FrameResampling {
                    planned.jobs[job].resampling = resampling.resampling
                } else {
                    planned.jobs[job].right = planned.jobs[job].left
                }
            }
            if let object = results[index] { made.append(object) }
        }
    }
}

/// Where each of the painter's threads stores the pixels it made, each its own slots.
private struct ResultSlots: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<AnyObject?>
    init(_ slots: UnsafeMutableBufferPointer<AnyObject?>) { self.slots = slots }
    func store(_ object: AnyObject?, at index: Int) { slots[index] = object }
}
