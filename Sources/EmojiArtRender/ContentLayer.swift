import CPangoCairo
import EmojiArtCore

/// The whole view's content rendered once into a device-resolution image, for interactive frames
/// (DESIGN "Performance budget": a crisp frame of 10,000 emojis takes ~16 ms, a blit of the cached
/// layer ~0.9 ms).
///
/// While a pan or pinch runs (`isInteractive`), the layer rendered at the gesture's start is drawn
/// translated and scaled to the live viewport instead of being re-rendered; parts the old frame did
/// not cover stay empty, showing the caller's backdrop. A non-interactive draw at a viewport the
/// layer was not rendered for (the gesture ended) renders crisply again. A change of emojis,
/// background, selection, view size or device scale makes the layer stale and is rendered at once,
/// so dragging emojis (a model change, not a viewport change) always shows them where they are.
/// While some emojis are selected the layer also keeps the frame without them (`StillLayer`): a
/// frame in which only they changed — a drag, resize or turn of the selection — repaints the
/// rectangle they cover, not the whole view.
///
/// Owns its surface and a `DocumentRenderer`, so it belongs to one thread.
public final class ContentLayer {
    /// What the layer's pixels show, apart from the viewport.
    private struct Content {
        /// The model's `emojisRevision`: the emojis themselves are not kept, or the document's
        /// next edit would copy all of them.
        var emojisRevision: UInt64
        var background: BackgroundImage?
        var selection: Set<Int>
        var viewSize: ViewSize
        var deviceScale: Double

        func matches(_ other: Content) -> Bool {
            background === other.background && viewSize == other.viewSize
                && deviceScale == other.deviceScale && selection == other.selection && emojisRevision == other.emojisRevision
        }
    }

    /// Largest side of a cairo image surface in pixels (DESIGN "Images").
    static let maximumSurfaceSide = 32_767

    /// Draws the crisp frames.
    public let renderer: DocumentRenderer
    /// Crisp renders made so far; an interactive frame drawn from the layer does not add one.
    public private(set) var renderCount = 0
    /// Crisp renders tried so far, deferred ones included: after each, the renderer's
    /// `missingRasters` says what the frame lacked.
    public private(set) var renderAttemptCount = 0
    /// Whether the layer shows less than a crisp frame of its content: the last render was
    /// deferred (the layer still shows an older viewport) or provisional (stand-ins, gaps).
    public private(set) var awaitsRasters = false
    /// Set by `rastersArrived` while the layer awaits rasters: the next draw renders again.
    private var needsRender = false
    /// The viewport the last deferred renders were for, and how many in a row: past
    /// `maximumDeferrals` the layer paints what it has (stand-ins, gaps) rather than keep an old
    /// view up — rasters the cache cannot hold all at once would never all arrive.
    private var deferrals: (viewport: Viewport, count: Int)?
    static let maximumDeferrals = 3

    /// The zoom (and device scale) of the last exact frame: a turned emoji's raster is made only
    /// when the layer paints again at the zoom of an exact frame — it pays when painted twice,
    /// while a zoom step's first frame samples turned emojis in place (cheaper than making their
    /// rasters once, and a step's rasters serve no other zoom).
    private var exactFrameZoom: (zoom: Double, deviceScale: Double)?

    private var surface: OpaquePointer?
    private var surfacePixelSize: (width: Int, height: Int, scale: Double)?
    private var content: Content?
    private var renderedViewport: Viewport?
    /// The frame without the selection, while one is selected: a frame in which only the
    /// selected emojis changed paints their rectangle alone.
    private var stillLayer: StillLayer?

    /// Paints frames off the layer's thread (the canvas: on a background queue, landing on the
    /// main one); nil: every frame is painted on the layer's thread.
    public var offThreadPainting: OffThreadPainting?
    /// Called on the layer's thread when a frame painted off it has landed: the owner draws
    /// again to show it.
    public var onFrameLanded: (() -> Void)?
    /// A frame resampling at least this many emojis in place (a zoom step on a user's drawing:
    /// ~25 ms of painting at 960 × 720, ~50 at 1920 × 1080) is painted off the layer's thread
    /// when it can be; the layer shows its last frame moved meanwhile, as for a deferred one.
    public static let offThreadResampledCount = 16
    /// The frame being painted off the layer's thread, if any.
    private var flight: Flight?
    /// The surface a landed frame replaced, for the next flight (a new one's pages cost ~1 ms
    /// of faults at 1920 × 1080).
    private var spareSurface: OpaquePointer?
    /// Counts changes of content and size: a frame that lands after one is not shown.
    private var generation = 0

    /// The first frame painted ahead (a launch's), shown by the first render if it is of what
    /// that render is asked to show; dropped by it either way.
    public var prepaintedFrame: PrepaintedFrame?
    /// Whether the first render showed `prepaintedFrame`.
    public private(set) var showedPrepaintedFrame = false

    /// A layer drawing through `renderer` (a new renderer with its own raster cache by default).
    public init(renderer: DocumentRenderer = DocumentRenderer()) {
        self.renderer = renderer
    }

    deinit {
        if let surface { cairo_surface_destroy(surface) }
        if let spareSurface { cairo_surface_destroy(spareSurface) }
    }

    /// Draws `model` through `viewport` into `cr`, with the same meaning of the parameters as
    /// `DocumentRenderer.draw`. With `isInteractive` (a pan or pinch is running) and a layer of the
    /// same content, the cached frame is transformed to `viewport` instead of rendered anew.
    public func draw(
        _ model: EmojiArtModel, background: BackgroundImage?, viewport: Viewport, viewSize: ViewSize,
        deviceScale: Double, selection: Set<Int>, into cr: OpaquePointer, isInteractive: Bool
    ) {
        guard viewSize.isDrawable else { return }
        guard !model.emojis.isEmpty || background != nil else {
            // Nothing to show over the caller's backdrop: no layer to make, clear and blit, which
            // would only delay an untitled window's first frame.
            releaseSurface()
            return
        }
        let scale = deviceScale.isFinite && deviceScale > 0 ? deviceScale : 1
        let wanted = Content(
            emojisRevision: model.emojisRevision, background: background, selection: selection, viewSize: viewSize,
            deviceScale: scale)
        if let content, content.matches(wanted), let surface, let renderedViewport,
            (renderedViewport == viewport && !needsRender) || isInteractive
        {
            blit(surface, renderedAt: renderedViewport, to: viewport, viewSize: viewSize, deviceScale: scale, into: cr)
            return
        }
        if let stillLayer, let surface,
            stillLayer.holds(
                model, background: background, viewport: viewport, viewSize: viewSize, deviceScale: scale, selection: selection)
        {
            renderAttemptCount += 1
            paintSelection(of: model, over: stillLayer, into: surface, content: wanted, viewport: viewport)
            blit(surface, renderedAt: viewport, to: viewport, viewSize: viewSize, deviceScale: scale, into: cr)
            return
        }
        // The same content at another viewport (a zoom or pan step), under a raster budget: the
        // renderer may decline to paint a frame whose rasters it cannot make in time, and the
        // layer as it was is shown moved instead until they arrive.
        if renderer.rasterBudget != nil, let content, content.matches(wanted), let surface, let renderedViewport {
            if flight == nil {
                renderStep(model, background: background, viewport: viewport, selection: selection, into: surface)
            }
            // A frame painting off the thread: the view is rendered again once it lands if it
            // moved on meanwhile.
            blit(
                self.surface ?? surface, renderedAt: self.renderedViewport ?? renderedViewport, to: viewport,
                viewSize: viewSize, deviceScale: scale, into: cr)
            return
        }
        guard let surface = render(model, background: background, viewport: viewport, content: wanted) else {
            // No memory for the layer: draw directly, crisp but slower.
            renderer.draw(
                model, background: background, viewport: viewport, viewSize: viewSize, deviceScale: scale,
                selection: selection, into: cr)
            return
        }
        blit(surface, renderedAt: viewport, to: viewport, viewSize: viewSize, deviceScale: scale, into: cr)
    }

    /// Renders the frame for `viewport` before it is drawn, when the layer shows the same content
    /// at another viewport under a raster budget (a stepped zoom or pan settled): a frame worth
    /// painting off the thread starts painting there at once, and the view — which shows the
    /// layer moved to `viewport` already — need not be drawn until `onFrameLanded`, sparing a
    /// draw of the same pixels. Returns whether the view must be drawn to show what changed;
    /// when it returns true without rendering, the next `draw` renders as usual.
    public func renderAhead(
        _ model: EmojiArtModel, background: BackgroundImage?, viewport: Viewport, viewSize: ViewSize,
        deviceScale: Double, selection: Set<Int>
    ) -> Bool {
        let scale = deviceScale.isFinite && deviceScale > 0 ? deviceScale : 1
        let wanted = Content(
            emojisRevision: model.emojisRevision, background: background, selection: selection, viewSize: viewSize,
            deviceScale: scale)
        guard viewSize.isDrawable, renderer.rasterBudget != nil, offThreadPainting != nil, flight == nil,
            let content, content.matches(wanted), let surface, let renderedViewport, renderedViewport != viewport
        else { return true }
        let attemptsBefore = renderAttemptCount
        renderStep(model, background: background, viewport: viewport, selection: selection, into: surface)
        // Painted here: draw it. Deferred, or painting off the thread: the view shows the layer
        // moved, as drawn last, until rasters arrive or the frame lands.
        return renderAttemptCount != attemptsBefore && self.renderedViewport == viewport && flight == nil
    }

    /// Plans the frame for `viewport` of the content the layer shows, under its budget, and paints
    /// it into `surface` or off the thread — or defers it; the layer's frame is not drawn anywhere.
    private func renderStep(
        _ model: EmojiArtModel, background: BackgroundImage?, viewport: Viewport, selection: Set<Int>,
        into surface: OpaquePointer
    ) {
        guard let content else { return }
        needsRender = false
        renderAttemptCount += 1
        let deferredBefore = deferrals?.viewport == viewport ? deferrals?.count ?? 0 : 0
        let frame = renderer.planDirectly(
            model, background: background, viewport: viewport, viewSize: content.viewSize,
            deviceScale: content.deviceScale, selection: selection, forImage: surface,
            mayDefer: deferredBefore < Self.maximumDeferrals,
            rastersPayOff: isAtExactFrameZoom(viewport, deviceScale: content.deviceScale))
        let outcome = frame?.outcome ?? .exact
        deferrals = outcome == .deferred ? (viewport, deferredBefore + 1) : nil
        if let frame, outcome != .deferred {
            if frame.resampledCount >= Self.offThreadResampledCount, let offThreadPainting,
                startFlight(of: frame, scale: content.deviceScale, with: offThreadPainting)
            {
                return
            }
            Self.clear(surface)
            frame.paintBackground(into: surface)
            frame.paintEmojis(into: surface)
            cairo_surface_flush(surface)
            renderCount += 1
            renderedViewport = viewport
        }
        noteOutcome(outcome, viewport: viewport, deviceScale: content.deviceScale)
    }

    /// Forgets the rendered frame, so the next draw renders crisply whatever it is given (e.g.
    /// after the emoji font or the theme changed, which the layer cannot see).
    public func invalidate() {
        stillLayer = nil
        content = nil
        renderedViewport = nil
        generation += 1
        flight = nil  // painted for what the layer no longer shows: never landed
    }

    /// Whether the layer keeps the frame without the selection, to paint the selection alone.
    var paintsSelectionAlone: Bool { stillLayer != nil }

    /// Whether a frame is being painted off the layer's thread (for tests).
    public var isPaintingOffThread: Bool { flight != nil }

    /// Starts painting `frame` off the thread into a surface of the layer's size (its background
    /// drawn here); false when there is no memory for one.
    private func startFlight(of frame: DirectFrame, scale: Double, with painting: OffThreadPainting) -> Bool {
        guard let size = surfacePixelSize else { return false }
        let made: OpaquePointer
        if let spareSurface {
            made = spareSurface
            self.spareSurface = nil
            Self.clear(made)
        } else {
            guard let new = Self.makeSurface(width: size.width, height: size.height, deviceScale: scale) else { return false }
            made = new
        }
        frame.paintBackground(into: made)
        let flight = Flight(frame: frame, surface: made, generation: generation)
        self.flight = flight
        let layer = LayerReference(self)
        painting.run({ flight.paint() }, { layer.land(flight) })
        return true
    }

    /// Shows the frame `flight` painted, unless the content or size changed since it began.
    func land(_ flight: Flight) {
        guard self.flight === flight else { return }
        self.flight = nil
        guard flight.generation == generation, let old = surface else {
            onFrameLanded?()
            return
        }
        surface = flight.takeSurface()
        if let spareSurface { cairo_surface_destroy(spareSurface) }
        spareSurface = old
        renderCount += 1
        renderedViewport = flight.frame.viewport
        noteOutcome(flight.frame.outcome, viewport: flight.frame.viewport, deviceScale: surfacePixelSize?.scale ?? 1)
        onFrameLanded?()
    }

    /// Rasters the layer lacked were made: the next draw renders again if it awaits them (the
    /// layer keeps showing what it has until that render can paint).
    public func rastersArrived() {
        if awaitsRasters { needsRender = true }
    }

    /// Renders the content into the layer's surface (made or remade when the size changed).
    private func render(
        _ model: EmojiArtModel, background: BackgroundImage?, viewport: Viewport, content: Content
    ) -> OpaquePointer? {
        invalidate()
        needsRender = false
        guard let (surface, isNew) = surface(for: content.viewSize, deviceScale: content.deviceScale) else { return nil }
        // A new image surface is already transparent (zero-filled by cairo); clearing it anyway
        // would touch its ~3 MB of fresh pages before the renderer needs them.
        if !isNew { Self.clear(surface) }
        renderAttemptCount += 1
        // The first frame, which has no frame to keep showing, may paint more stand-ins.
        let isFirst = renderCount == 0
        if isFirst, let prepainted = prepaintedFrame {
            prepaintedFrame = nil
            if background == nil, content.selection.isEmpty,
                prepainted.copy(
                    into: surface, emojis: model.emojis, viewport: viewport, viewSize: content.viewSize,
                    deviceScale: content.deviceScale)
            {
                noteOutcome(.exact, viewport: viewport, deviceScale: content.deviceScale)
                showedPrepaintedFrame = true
                renderCount += 1
                self.content = content
                renderedViewport = viewport
                return surface
            }
        }
        if !isFirst, let size = surfacePixelSize,
            StillLayer.isWorthIt(
                model, selection: content.selection, viewport: viewport, viewSize: content.viewSize,
                deviceScale: content.deviceScale, pixelWidth: size.width, pixelHeight: size.height),
            let still = StillLayer(
                model, background: background, viewport: viewport, viewSize: content.viewSize,
                deviceScale: content.deviceScale, selection: content.selection, pixelWidth: size.width,
                pixelHeight: size.height, renderer: renderer,
                rastersPayOff: isAtExactFrameZoom(viewport, deviceScale: content.deviceScale))
        {
            still.copy(into: surface)
            stillLayer = still
            paintSelection(of: model, over: still, into: surface, content: content, viewport: viewport)
            // One with stand-ins would show them again at the selection's next move.
            if !still.isExact {
                stillLayer = nil
                awaitsRasters = true
            }
            return surface
        }
        let budget = renderer.rasterBudget
        if isFirst { renderer.rasterBudget = budget?.firstFrame }
        let outcome = renderer.drawDirectly(
            model, background: background, viewport: viewport, viewSize: content.viewSize,
            deviceScale: content.deviceScale, selection: content.selection, intoImage: surface,
            rastersPayOff: isAtExactFrameZoom(viewport, deviceScale: content.deviceScale))
        renderer.rasterBudget = budget
        noteOutcome(outcome, viewport: viewport, deviceScale: content.deviceScale)
        cairo_surface_flush(surface)
        renderCount += 1
        self.content = content
        renderedViewport = viewport
        return surface
    }

    /// Makes the layer's frame, a copy of `still` but where the selection was painted last, the
    /// frame of `model`, in which only the selected emojis changed.
    private func paintSelection(
        of model: EmojiArtModel, over still: StillLayer, into surface: OpaquePointer, content: Content, viewport: Viewport
    ) {
        generation += 1
        flight = nil  // painted for what the layer no longer shows: never landed
        needsRender = false
        deferrals = nil
        let outcome = still.paintSelection(
            of: model, into: surface, renderer: renderer,
            rastersPayOff: isAtExactFrameZoom(viewport, deviceScale: content.deviceScale))
        cairo_surface_flush(surface)
        renderCount += 1
        self.content = content
        renderedViewport = viewport
        noteOutcome(outcome, viewport: viewport, deviceScale: content.deviceScale)
    }

    private func isAtExactFrameZoom(_ viewport: Viewport, deviceScale: Double) -> Bool {
        exactFrameZoom.map { $0.zoom == viewport.zoom && $0.deviceScale == deviceScale } ?? false
    }

    private func noteOutcome(_ outcome: FrameOutcome, viewport: Viewport, deviceScale: Double) {
        awaitsRasters = outcome != .exact
        if outcome == .exact { exactFrameZoom = (viewport.zoom, deviceScale) }
    }

    /// The layer's surface for this size, and whether it was just made.
    private func surface(for viewSize: ViewSize, deviceScale: Double) -> (OpaquePointer, isNew: Bool)? {
        let width = Int((viewSize.width * deviceScale).rounded(.up))
        let height = Int((viewSize.height * deviceScale).rounded(.up))
        if let surface, let size = surfacePixelSize, size.width == width, size.height == height,
            size.scale == deviceScale
        {
            return (surface, false)
        }
        releaseSurface()
        guard let created = Self.makeSurface(width: width, height: height, deviceScale: deviceScale) else { return nil }
        surface = created
        surfacePixelSize = (width, height, deviceScale)
        return (created, true)
    }

    private func releaseSurface() {
        if let spareSurface { cairo_surface_destroy(spareSurface) }
        spareSurface = nil
        invalidate()
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        surfacePixelSize = nil
    }
}
