/// The canvas's state and policy as one value (Loupe's canvas split, Rnote's engine): the
/// viewport and the gesture running on it, the selection, the rubber band, handles, the B5 fit
/// policy and what a drop or paste means. Each input method changes the document through its
/// intents and returns what the UI must do (`CanvasEffects`); `CanvasView` only forwards GTK
/// events here and applies the effects. Split by concern in the `CanvasInteraction+…` files.
@MainActor
public final class CanvasInteraction {
    public let document: EmojiArtDocument

    /// The steady viewport; a running pan or pinch adds `liveGesture` on top of it (G2, G3).
    public internal(set) var viewport: Viewport
    public internal(set) var liveGesture = ViewportGesture.identity
    /// The canvas's size in view pixels (`resized(to:)`).
    public internal(set) var viewSize = ViewSize(width: 1, height: 1)
    /// Where the pointer is over the canvas, if it is: Ctrl+scroll zooms around it (G2) and a
    /// paste lands under it (S6).
    public internal(set) var pointer: ViewPoint?
    public internal(set) var selection = EmojiSelection()
    /// The emoji size for drops and palette clicks at zoom 1: 40 at normal text size (D1, A1).
    public internal(set) var defaultEmojiSize = Emoji.defaultSize
    /// The loaded background image's frame in document points, for fitting (G1); nil when none.
    public internal(set) var backgroundFrame: DocumentRect?
    /// The background loader's last status (B2, B4).
    public internal(set) var backgroundStatus = FetchStatus.idle
    /// What the clipboard offers, so Paste is sensitive only when something can be pasted (U4).
    public internal(set) var clipboardOffer = ContentOffer()

    var drag = CanvasDrag.idle
    /// How far the running drag has gone from where it began, in view pixels.
    var dragOffset = ViewVector.zero
    var pinch: CanvasPinch?
    /// Wheel zoom or key pan steps are still coming: the cached frame may be moved.
    public internal(set) var isViewSettling = false
    /// A burst of Ctrl+scroll resizes or nudges that is one undo step (U3).
    var burst: EditBurst?
    /// Fit the next background that arrives (B5): true after the user sets one, false for the
    /// background a reopened document already had, which keeps its saved view.
    var fitsArrivingBackground = false
    /// The user zoomed or panned since they last set the background (B5).
    var hasUserMovedView = false
    /// The canvas has been given its size (`resized(to:)`): a fit before it would fit the image
    /// into the 1 × 1 placeholder.
    var isLaidOut = false
    /// A background arrived before the canvas had its size: it is fitted once it has.
    var fitsOnFirstLayout = false
    /// The last paste, so a second paste of the same emojis steps 10 pt further (S6).
    var lastPaste: PasteMemory?
    /// Drags and corner drags snap to other things' lines (R1, "Snap to Objects").
    public internal(set) var snapsToObjects = true
    /// The emoji the last input added from the strip or a drop (`.emojiAdded`), for the strip's
    /// recently added emojis (F1).
    public internal(set) var lastAddedEmoji: String?
    /// The locked emoji whose context menu is open: what Unlock frees (R4).
    var lockedMenuTarget: Int?
    /// The lines the running drag snapped to, in document points: drawn, never exported (R1).
    public internal(set) var snapGuides: [SnapGuide] = []
    /// `selectedEmojis` as last found: the commands' states ask for it many times after each
    /// change, and finding it filters every emoji of the document (100,000 in a big one).
    private var selectedEmojisCache: (revision: Int, ids: Set<Int>, emojis: [Emoji])?

    public init(document: EmojiArtDocument, viewport: Viewport = Viewport(), defaultEmojiSize: Double = Emoji.defaultSize) {
        self.document = document
        self.viewport = viewport
        self.defaultEmojiSize = defaultEmojiSize
    }

    /// The canvas was laid out at a new size.
    /// A view that showed the whole picture fitted keeps showing it at the new size (G1): a
    /// window made smaller does not cut its picture off.
    public func resized(to size: ViewSize) -> CanvasEffects {
        let isFirstLayout = !isLaidOut
        isLaidOut = true
        guard size != viewSize else { return [] }
        let wasFitted = !isFirstLayout && showsFittedView
        viewSize = size
        if isFirstLayout, fitsOnFirstLayout { return fitArrivedBackground().union(.redraw) }
        guard wasFitted, let rect = fitRect else { return .redraw }
        viewport = viewport.fitting(rect, in: size)
        return [.redraw, .viewportChanged]
    }

    /// "Snap to Objects" was turned on or off (R1).
    public func setSnapsToObjects(_ snaps: Bool) -> CanvasEffects {
        snapsToObjects = snaps
        return []
    }

    /// The user changed the text size: drops and palette clicks follow it (A1).
    public func textScaleChanged(defaultEmojiSize size: Double) -> CanvasEffects {
        defaultEmojiSize = size
        return []
    }

    /// The hint over an empty canvas shows (X4).
    public var showsEmptyHint: Bool { document.model.isEmpty }

    /// What is on screen right now: the steady viewport with the running gesture applied.
    public var effectiveViewport: Viewport {
        viewport.applying(liveGesture, in: viewSize)
    }

    /// A pan, a view pinch or stepped view changes are running: the cached frame can be moved
    /// instead of re-rendered (DESIGN performance).
    public var isInteractive: Bool {
        if case .panning = drag { return true }
        return isViewSettling || (pinch.map { !$0.transformsSelection } ?? false)
    }

    /// A gesture that edits the document is running (its frames fold into one step).
    public var isEditing: Bool {
        switch drag {
        case .moving, .scaling, .rotating: true
        case .idle, .panning, .rubberBand: pinch?.transformsSelection ?? false
        }
    }

    /// The document point under a view point, as drawn now.
    public func documentPoint(for point: ViewPoint) -> DocumentPoint {
        effectiveViewport.documentPoint(for: point, in: viewSize)
    }

    /// The topmost emoji under a view point that a click can take: locked ones are passed over (R4).
    public func emoji(at point: ViewPoint) -> Emoji? {
        document.model.topmostEmoji(at: documentPoint(for: point), includingLocked: false)
    }

    /// What a click on `emoji` selects: its whole group, or itself (R3).
    func unit(of emoji: Emoji) -> Set<Int> {
        emoji.group == nil ? [emoji.id] : document.model.expandingToGroups([emoji.id])
    }

    /// How many things the selection holds, a group counting as one (R2).
    var selectedUnitCount: Int {
        var groups = Set<String>()
        var loose = 0
        for emoji in selectedEmojis {
            if let group = emoji.group { groups.insert(group) } else { loose += 1 }
        }
        return groups.count + loose
    }

    /// The selected emojis, in drawing order.
    public var selectedEmojis: [Emoji] {
        guard !selection.isEmpty else { return [] }
        if let cached = selectedEmojisCache, cached.revision == document.revision, cached.ids == selection.ids { return cached.emojis }
        let emojis = document.model.emojis(withIDs: selection.ids)
        selectedEmojisCache = (document.revision, selection.ids, emojis)
        return emojis
    }

    /// The frame with handles around the selection (S8), in view pixels; nil without one.
    public var selectionFrame: SelectionFrame? {
        guard let bounds = selectedEmojis.boundingBox else { return nil }
        return SelectionFrame(around: bounds, viewport: effectiveViewport, viewSize: viewSize)
    }

    /// The rubber band being dragged (S5), in view pixels.
    public var rubberBand: ViewRect? {
        guard case .rubberBand(let start, let current, _) = drag else { return nil }
        return ViewRect(corner: start, opposite: current)
    }

    /// The pointer's shape (X3, S8).
    public var cursor: CanvasCursor {
        switch drag {
        case .panning: return .grabbing
        case .moving: return .move
        case .rubberBand: return .crosshair
        case .scaling(let gesture): return gesture.handle.cursor
        case .rotating: return .grabbing
        case .idle:
            guard let pointer else { return .standard }
            if let handle = selectionFrame?.handle(at: pointer) { return handle.cursor }
            guard let emoji = emoji(at: pointer) else { return .grab }  // a drag here pans (G3)
            return selection.contains(emoji.id) ? .move : .standard
        }
    }

    /// What a screen reader says about the canvas (A2, F1): "2 emojis selected: grinning face,
    /// evergreen tree", in the language of the menus.
    public var selectionDescription: String {
        let texts = selectedEmojis.map(\.text)
        guard !texts.isEmpty else { return localized("No emoji selected") }
        let shown = EmojiSearch.shared.spokenList(of: texts.prefix(20)) + (texts.count > 20 ? " …" : "")
        return localizedPlural(
            "{count} emoji selected: {emojis}", "{count} emojis selected: {emojis}", count: texts.count, ["emojis": shown])
    }

    /// Keeps the selection to emojis that still exist, after any document change.
    func pruneSelection() -> CanvasEffects {
        let before = selection
        selection.keep(present: selectedEmojis)  // found once for this change, the commands ask again
        return before == selection ? [] : .selection
    }
}

/// What a drag that started on the canvas is doing.
enum CanvasDrag {
    case idle
    /// Panning the view (G3): started on empty canvas. `committedOffset` is the part of the drag
    /// already folded into the steady viewport (a pinch that ended during the drag commits it).
    case panning(committedOffset: ViewVector)
    /// Moving emojis (S2): the emojis as they were when the drag began, and what they may snap
    /// to (R1; nil when snapping is off).
    case moving(originals: [Emoji], snap: SnapTargets?)
    /// A rubber band (S5) from `start` to `current`; `base` is the selection it adds to.
    case rubberBand(start: ViewPoint, current: ViewPoint, base: Set<Int>)
    /// Dragging a corner handle (S8).
    case scaling(HandleDrag)
    /// Dragging the rotate handle (S8).
    case rotating(HandleDrag)
}

/// A handle drag: the emojis as they were, the pivot in document points, where it started.
struct HandleDrag {
    var handle: SelectionFrame.Handle
    var originals: [Emoji]
    var pivot: DocumentPoint
    var start: ViewPoint
    /// What a corner drag may snap to (R1); nil for the rotate handle or with snapping off.
    var snap: SnapTargets?
}

/// A running pinch (G2, S3, S8): zooming the view, or scaling and turning the selection.
struct CanvasPinch {
    var anchor: ViewPoint
    var transformsSelection: Bool
    /// The gesture's scale already committed into the viewport (view zoom only).
    var appliedScale: Double = 1
    /// The selection's emojis when the pinch began, and the pivot they scale and turn about.
    var originals: [Emoji] = []
    var pivot: DocumentPoint = .zero
    var scale: Double = 1
    /// Degrees clockwise so far (GtkGestureRotate).
    var rotation: Double = 0
}

/// Consecutive small edits that make one undo step until a pause (U3).
struct EditBurst {
    var name: String
    var lastTime: Double
}

/// The last paste: a second paste of the same emojis at the same place steps further (S6).
struct PasteMemory {
    var emojis: ClipboardEmojis
    var target: DocumentPoint
    var count: Int
}
