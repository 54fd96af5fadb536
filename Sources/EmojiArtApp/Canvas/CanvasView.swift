import CGtk
import EmojiArtCore
import EmojiArtHTTP
import EmojiArtRender
import Foundation

/// The canvas: a GtkDrawingArea showing the document. An adapter: it forwards GTK events to
/// `CanvasInteraction` (Core), which owns the state and policy, and applies the effects it
/// returns in `apply(_:)`. Split by concern in the `CanvasView+…` files.
@MainActor
final class CanvasView {
    /// The widget to put in a window: the drawing area with the empty-canvas hint over it. This
    /// object holds one reference on it until `tearDown()` (Bridge/Signals.swift); the other
    /// widget pointers are inside it.
    let container: UnsafeMutablePointer<GtkWidget>
    let drawingArea: UnsafeMutablePointer<GtkWidget>
    let emptyPage = EmptyCanvasPage()
    let zoomControls = ZoomControls()
    let spinner: UnsafeMutablePointer<GtkWidget>
    let document: EmojiArtDocument
    /// Draws crisp frames, and reuses the last one while a pan or pinch runs (DESIGN performance).
    /// A crisp frame makes rasters for a few milliseconds at most; the rest come from the
    /// raster workshop, the last frame (moved) or stand-ins of other sizes showing meanwhile.
    /// A zoom step's frame, which resamples most emojis of a user's drawing from their glyphs,
    /// is painted on a background queue while the last frame shows moved.
    let contentLayer: ContentLayer = {
        let layer = ContentLayer()
        layer.renderer.rasterBudget = .canvasFrame
        layer.offThreadPainting = OffThreadPainting { work, then in
            DispatchQueue.global(qos: .userInteractive).async {
                work()
                DispatchQueue.main.async(execute: then)
            }
        }
        return layer
    }()
    /// Makes the rasters crisp frames lacked, off the main thread; started when first needed.
    private var rasterWorkshop: RasterWorkshop?
    var startedRasterWorkshop: RasterWorkshop {
        if let rasterWorkshop { return rasterWorkshop }
        let workshop = RasterWorkshop(threadCount: 2) { [weak self] delivery in
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.adoptRasters(delivery) } }
        }
        rasterWorkshop = workshop
        return workshop
    }
    /// The viewport the workshop was last asked about, and the requests delivered since.
    var rastersRequested: (viewport: Viewport?, delivered: Set<RasterRequest>) = (nil, [])
    /// The canvas's state and policy (Core). Read it freely; every input goes through one of its
    /// methods, whose returned effects `apply` carries out.
    let interaction: CanvasInteraction
    /// Fetches and decodes the background off the main thread (B1–B4).
    let backgroundLoader = BackgroundLoader<BackgroundImage>(fetcher: .live()) { data in
        try BackgroundImage.decode(data, resolution: .display)
    }
    var backgroundImage: BackgroundImage? { backgroundLoader.image }
    var isDropHovering = false
    /// Wheel zooms and key pans come as separate steps: between steps the cached frame is moved
    /// (a blit, ~1 ms for 10,000 emojis), and a crisp frame follows once the steps stop.
    private(set) lazy var viewSettling = Debouncer(delay: CanvasInteraction.viewSettleDelay) { [unowned self] in
        var effects = interaction.viewSettled()
        if effects.contains(.redraw), !renderAhead() { effects.remove(.redraw) }
        apply(effects)
    }
    /// The context menu (S9), made once and re-filled for each opening.
    var contextMenu: UnsafeMutablePointer<GtkWidget>?
    private var textScaleObservation: UInt = 0
    private var paperObservation: UInt = 0
    private var markStyleObservation: [UInt] = []
    /// The colours of the selection's marks, the guides and the others' marks (X10).
    private(set) var markColours = MarkColours.standard
    /// The display's clipboard and our handler of its changes: Paste follows what it offers (U4).
    private var clipboardObservation: (clipboard: OpaquePointer, handler: UInt)?
    /// Set by `tearDown()`: from then on nothing here reaches GTK.
    private(set) var isClosed = false

    /// Asks the application to open a dropped `.emojiart` file in its own window (D2).
    var onOpenDocument: ((URL) -> Void)?
    /// Shows a short message to the user (a toast).
    var onMessage: ((String) -> Void)?
    /// Shows (a message) or withdraws (nil) the background's failure, with Retry (B4).
    var onBackgroundFailure: ((String?) -> Void)?
    /// Called when the user zooms or pans (the window remembers the viewport, W4).
    var onViewportChange: (() -> Void)?
    /// Called when the selection changes.
    var onSelectionChange: (() -> Void)?
    /// Called when what the menus can do may have changed (their sensitivity, U4).
    var onCommandsChange: (() -> Void)?
    /// The pointer moved over the canvas or left it (`interaction.pointerDocumentPoint`).
    var onPointerMove: (() -> Void)?
    /// Called with an emoji added from the strip or dropped as text (F1's recent emojis).
    var onEmojiAdded: ((String) -> Void)?
    /// Called once the canvas has taken in a document change.
    var onDocumentChangeHandled: ((DocumentChange) -> Void)?
    /// Called once, after the canvas's first frame is on screen: the launch's other work (the
    /// palette strip's glyphs) waits for it, so the document shows first.
    var onFirstFrame: (() -> Void)?
    /// Rasters made ahead for the first frame (the launch's `DocumentPrefetch`), taken at the
    /// first draw — as late as can be, so the most are ready — and never waited for.
    var preparedRasters: (() -> PreparedRasters?)?
    /// Draws over the canvas after the selection frame, in view pixels (a shared document's
    /// presence, C5); never part of an export.
    var drawOverlay: ((OpaquePointer, Viewport, ViewSize) -> Void)?

    init(document: EmojiArtDocument) {
        self.document = document
        interaction = CanvasInteraction(document: document, defaultEmojiSize: TextScale.defaultEmojiSize)
        drawingArea = gtk_drawing_area_new()
        gtk_widget_set_hexpand(drawingArea, 1)
        gtk_widget_set_vexpand(drawingArea, 1)
        gtk_widget_set_focusable(drawingArea, 1)
        gtk_widget_set_can_focus(drawingArea, 1)
        gtk_widget_set_overflow(drawingArea, GTK_OVERFLOW_HIDDEN)
        emojiart_accessible_set_label(drawingArea, localized("Canvas"))

        // B2: a spinner while the background downloads; the emojis stay visible and editable.
        spinner = gtk_spinner_new()
        gtk_widget_set_size_request(spinner, 48, 48)
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(spinner, 0)
        gtk_widget_set_visible(spinner, 0)
        emojiart_accessible_set_label(spinner, localized("Loading the background"))

        container = gtk_overlay_new()
        takeReference(on: container)
        gtk_overlay_set_child(opaque(container), drawingArea)
        gtk_overlay_add_overlay(opaque(container), emptyPage.widget)
        gtk_overlay_add_overlay(opaque(container), zoomControls.widget)
        gtk_overlay_add_overlay(opaque(container), spinner)

        keepAlive(self, until: drawingArea)
        installDrawing()
        contentLayer.onFrameLanded = { [weak self] in
            guard let self else { return }
            MainActor.assumeIsolated {
                LaunchTrace.mark("frame-landed", ["renders": self.contentLayer.renderCount])
                gtk_widget_queue_draw(self.drawingArea)
            }
        }
        installPointer()
        installZoomAndRotate()
        installKeys()
        installDropTarget()
        textScaleObservation = TextScale.observe { [weak self] in
            guard let self else { return }
            apply(interaction.textScaleChanged(defaultEmojiSize: TextScale.defaultEmojiSize))
        }
        paperObservation = CanvasPaperStyle.observe { [weak self] in
            guard let self, !isClosed else { return }
            gtk_widget_queue_draw(drawingArea)
        }
        updateMarkColours()
        markStyleObservation = CanvasMarkStyle.observe { [weak self] in
            guard let self, !isClosed else { return }
            updateMarkColours()
        }
        if let clipboard = gtk_widget_get_clipboard(drawingArea) {
            let handler = connect(clipboard, .changed) { [unowned self] in clipboardDidChange() }
            clipboardObservation = (clipboard, handler)
            clipboardDidChange()
        }
        updateHint()
        updateAccessibleDescription()
        backgroundLoader.onChange = { [unowned self] in backgroundLoaderDidChange() }
        // A reopened document keeps its view: its background does not zoom to fit (B5).
        backgroundLoader.load(document.model.background, inRoom: document.model.collab != nil)
    }

    /// The window the canvas is in, for dialogs it opens.
    private var hostWindow: UnsafeMutablePointer<GtkWidget>? {
        gtk_widget_get_root(drawingArea).map { cast($0) }
    }

    /// The steady viewport, remembered per window (W4).
    var viewport: Viewport { interaction.viewport }

    /// Applies what the interaction asks for — the one place canvas effects reach GTK.
    func apply(_ effects: CanvasEffects) {
        guard !isClosed else { return }
        if effects.contains(.viewStepped) { viewSettling.schedule() }
        if effects.contains(.viewportChanged) { onViewportChange?() }
        if effects.contains(.startLoading) { backgroundLoader.load(document.model.background, inRoom: document.model.collab != nil) }
        if effects.contains(.backgroundStatus) { showBackgroundStatus() }
        if effects.contains(.selection) {
            updateAccessibleDescription()
            onSelectionChange?()
        }
        if !effects.isDisjoint(with: [.selection, .commands]) { onCommandsChange?() }
        if effects.contains(.cursor) { gtk_widget_set_cursor_from_name(drawingArea, interaction.cursor.name) }
        if effects.contains(.pointer) { onPointerMove?() }
        if effects.contains(.emojiAdded), let emoji = interaction.lastAddedEmoji { onEmojiAdded?(emoji) }
        if effects.contains(.redraw) {
            gtk_widget_queue_draw(drawingArea)
            zoomControls.show(interaction.effectiveViewport)
        }
    }

    func apply(_ response: CanvasResponse) {
        apply(response.effects)
        guard let request = response.request else { return }
        switch request {
        case .embedImageFile(let url):
            embedBackgroundImage(from: url) { try AtomicFile.read(url, maxBytes: FetchLimits.standard.maxBytes) }
        case .embedImageBytes(let data):
            embedBackgroundImage(from: nil) { data }
        case .openDocuments(let urls):
            for url in urls { onOpenDocument?(url) }
        case .showMessage(let message):
            onMessage?(message)
        case .putOnClipboard(let emojis):
            putOnClipboard(emojis)
        case .readClipboard:
            paste()
        case .chooseBackgroundFile:
            FileChooser.chooseImage(parent: hostWindow) { [weak self] url in
                guard let self, !isClosed, let url else { return }
                apply(interaction.accept(.imageFile(url), at: nil, from: .drop))
            }
        case .askForBackgroundURL:
            guard let hostWindow else { return }
            BackgroundURLDialog.present(parent: hostWindow) { [weak self] url in
                guard let self, !isClosed else { return }
                apply(interaction.accept(.imageURL(url), at: nil, from: .paste))
            }
        }
    }

    /// Called by the window for every document change, as it happens.
    func documentDidChange(_ change: DocumentChange) {
        apply(interaction.documentChanged(change, loadedBackground: backgroundLoader.background))
        updateHint()
        updateAccessibleDescription()
        onDocumentChangeHandled?(change)
    }

    /// Lets go of what outlives the window (a running fetch, the text-size observer, the
    /// context menu, the callbacks into the window) and of its reference on its widgets; called
    /// when the window closes (B3), before GTK disposes the widgets.
    func tearDown() {
        guard !isClosed else { return }
        isClosed = true
        onOpenDocument = nil
        onMessage = nil
        onBackgroundFailure = nil
        onViewportChange = nil
        onSelectionChange = nil
        onCommandsChange = nil
        onPointerMove = nil
        onEmojiAdded = nil
        onDocumentChangeHandled = nil
        backgroundLoader.onChange = nil
        backgroundLoader.cancel()
        rasterWorkshop?.close()
        viewSettling.cancel()
        if let (clipboard, handler) = clipboardObservation { g_signal_handler_disconnect(clipboard.raw, gulong(handler)) }
        clipboardObservation = nil
        TextScale.stopObserving(textScaleObservation)
        textScaleObservation = 0
        CanvasPaperStyle.stopObserving(paperObservation)
        paperObservation = 0
        CanvasMarkStyle.stopObserving(markStyleObservation)
        markStyleObservation = []
        if let contextMenu { gtk_widget_unparent(contextMenu) }
        contextMenu = nil
        g_object_unref(container.raw)
    }

    private func clipboardDidChange() {
        guard let clipboard = clipboardObservation?.clipboard else { return }
        apply(interaction.clipboardChanged(offering: ContentOffer(gdk_clipboard_get_formats(clipboard))))
    }

    /// Ends any running drag or pinch, e.g. before a save, so its step is closed first.
    func finishGestures() {
        apply(interaction.finishGestures())
    }

    /// X4: the empty canvas's page while there is nothing on it.
    func updateHint() {
        guard !isClosed else { return }
        gtk_widget_set_visible(emptyPage.widget, interaction.showsEmptyHint ? 1 : 0)
    }

    /// The canvas tells a screen reader what is selected (A2).
    private func updateAccessibleDescription() {
        guard !isClosed else { return }
        emojiart_accessible_set_description(drawingArea, interaction.selectionDescription)
    }
}

extension CanvasView {
    /// The marks take the style's colours, in the cached frame too (its selection marks).
    fileprivate func updateMarkColours() {
        let colours = CanvasMarkStyle.colours(for: drawingArea)
        guard colours != markColours else { return }
        markColours = colours
        contentLayer.renderer.markColours = colours
        contentLayer.invalidate()
        gtk_widget_queue_draw(drawingArea)
    }
}
