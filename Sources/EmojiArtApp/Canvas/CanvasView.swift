import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation

/// The canvas: a GtkDrawingArea showing the document through a viewport, with its gestures,
/// keys and drop target. Split by concern (drawing, zoom, pan, selection, drop, keys) in the
/// `CanvasView+…` files; the math lives in Core (`Viewport`, hit testing).
@MainActor
final class CanvasView {
    /// The widget to put in a window: the drawing area with the empty-canvas hint over it.
    let container: UnsafeMutablePointer<GtkWidget>
    let drawingArea: UnsafeMutablePointer<GtkWidget>
    let hintLabel: UnsafeMutablePointer<GtkWidget>
    let document: EmojiArtDocument
    /// Draws crisp frames, and reuses the last one while a pan or pinch runs (DESIGN performance).
    let contentLayer = ContentLayer()

    /// The steady viewport; a running pan or pinch adds `liveGesture` on top of it (G2, G3).
    var viewport = Viewport()
    var liveGesture = ViewportGesture.identity
    var selection = EmojiSelection()
    /// Fetches and decodes the background off the main thread (B1–B4).
    let backgroundLoader = BackgroundLoader<BackgroundImage>(fetcher: .live()) { data in
        try DecodedImage(data: data).makeBackgroundImage()
    }
    var backgroundImage: BackgroundImage? { backgroundLoader.image }
    /// Fit the next background that arrives (B5): true after the user sets one, false for the
    /// background a reopened document already had, which keeps its saved view.
    var fitsArrivingBackground = false
    let spinner: UnsafeMutablePointer<GtkWidget>
    /// Where the pointer is, for zooming around it with Ctrl+scroll (G2).
    var pointer: ViewPoint?
    var drag = CanvasDrag.idle
    var pinch: CanvasPinch?
    var isDropHovering = false
    /// Wheel zoom or key pan steps are still coming (see `viewDidStep`).
    var isViewSettling = false
    var settling: Task<Void, Never>?
    /// Whether the user zoomed or panned since they last set the background: a background that
    /// arrives then keeps the user's view instead of zooming to fit it (B5).
    var hasUserMovedView = false

    /// The emoji size for drops and palette clicks at zoom 1: 40 at normal text size, following
    /// the desktop's text scaling (D1, A1).
    var defaultEmojiSize = TextScale.defaultEmojiSize
    private var textScaleObservation: UInt = 0

    /// Asks the application to open a dropped `.emojiart` file in its own window (D2).
    var onOpenDocument: ((URL) -> Void)?
    /// Shows a short message to the user (a toast).
    var onMessage: ((String) -> Void)?
    /// Shows (a message) or withdraws (nil) the background's failure, with Retry (B4).
    var onBackgroundFailure: ((String?) -> Void)?
    /// Called when the user zooms or pans (the window remembers the viewport, W4).
    var onViewportChange: (() -> Void)?

    init(document: EmojiArtDocument) {
        self.document = document
        drawingArea = gtk_drawing_area_new()
        gtk_widget_set_hexpand(drawingArea, 1)
        gtk_widget_set_vexpand(drawingArea, 1)
        gtk_widget_set_focusable(drawingArea, 1)
        gtk_widget_set_can_focus(drawingArea, 1)
        gtk_widget_set_overflow(drawingArea, GTK_OVERFLOW_HIDDEN)
        emojiart_accessible_set_label(drawingArea, "Canvas")

        hintLabel = gtk_label_new("Drag an emoji or an image here")
        gtk_widget_add_css_class(hintLabel, "dim-label")
        gtk_widget_add_css_class(hintLabel, "title-2")
        gtk_widget_set_can_target(hintLabel, 0)
        gtk_widget_set_halign(hintLabel, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(hintLabel, GTK_ALIGN_CENTER)

        // B2: a spinner while the background downloads; the emojis stay visible and editable.
        spinner = gtk_spinner_new()
        gtk_widget_set_size_request(spinner, 48, 48)
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(spinner, 0)
        gtk_widget_set_visible(spinner, 0)
        emojiart_accessible_set_label(spinner, "Loading the background")

        container = gtk_overlay_new()
        gtk_overlay_set_child(opaque(container), drawingArea)
        gtk_overlay_add_overlay(opaque(container), hintLabel)
        gtk_overlay_add_overlay(opaque(container), spinner)

        installDrawing()
        installPointerTracking()
        installClickAndDrag()
        installZoom()
        installKeys()
        installDropTarget()
        textScaleObservation = TextScale.observe { [weak self] in self?.defaultEmojiSize = TextScale.defaultEmojiSize }
        updateHint()
        backgroundLoader.onChange = { [unowned self] in backgroundLoaderDidChange() }
        // A reopened document keeps its view: its background does not zoom to fit (B5).
        backgroundLoader.load(document.model.background)
    }

    var viewSize: ViewSize {
        ViewSize(width: Double(gtk_widget_get_width(drawingArea)), height: Double(gtk_widget_get_height(drawingArea)))
    }

    /// What is on screen right now: the steady viewport with the running gesture applied.
    var effectiveViewport: Viewport {
        viewport.applying(liveGesture, in: viewSize)
    }

    func redraw() {
        gtk_widget_queue_draw(drawingArea)
    }

    /// Called by the window for every document change that touches emojis or the background.
    func documentDidChange(_ change: DocumentChange) {
        if change.contains(.background) { backgroundDidChange() }
        selection.removeMissing(from: document.model)
        updateHint()
        redraw()
    }

    /// Lets go of what outlives the window (a running fetch, the text-size observer); called when
    /// it is destroyed (B3).
    func tearDown() {
        backgroundLoader.cancel()
        TextScale.stopObserving(textScaleObservation)
        textScaleObservation = 0
    }

    /// Ends any running drag or pinch, e.g. before an undo, so its step is closed first.
    func finishGestures() {
        if case .idle = drag {} else { endDrag() }
        if pinch != nil { endPinch() }
    }

    func userDidMoveView() {
        hasUserMovedView = true
        onViewportChange?()
    }

    /// The user set (or undid) a background: load it, and fit it when it arrives unless the user
    /// zooms or pans meanwhile (B5; drops and pastes clear `hasUserMovedView` as they set it).
    private func backgroundDidChange() {
        guard document.model.background != backgroundLoader.background else { return }
        fitsArrivingBackground = true
        backgroundLoader.load(document.model.background)
    }

    /// Sets a background the user chose: from this moment a zoom or pan keeps their view (B5).
    func setBackgroundByUser(_ background: Background) {
        hasUserMovedView = false
        document.setBackground(background)
    }

    /// X4: a short hint while the canvas is empty.
    func updateHint() {
        let isEmpty = document.model.emojis.isEmpty && document.model.background == .blank
        gtk_widget_set_visible(hintLabel, isEmpty ? 1 : 0)
    }
}

/// What a drag that started on the canvas is doing.
enum CanvasDrag {
    case idle
    /// Panning the view (G3): started on empty canvas. `committedOffset` is the part of the drag
    /// already folded into the steady viewport (a pinch that ended during the drag commits it).
    case panning(committedOffset: ViewVector)
    /// Moving emojis (S2): started on an emoji; `applied` is how far they have moved so far.
    case moving(ids: Set<Int>, applied: DocumentVector)
}

/// A running pinch (G2, S3): either zooming the view or scaling the selection.
struct CanvasPinch {
    var anchor: ViewPoint
    var scalesSelection: Bool
    /// The gesture's scale already applied: to the emojis, or committed into the viewport.
    var appliedScale: Double
}
