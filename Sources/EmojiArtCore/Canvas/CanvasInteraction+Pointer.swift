import Foundation

/// Clicks select (S1) and double-clicks fit (G1); drags pan (G3), move emojis (S2), draw a
/// rubber band (S5) or work the selection frame's handles (S8).
extension CanvasInteraction {
    /// Snapping step for the rotate handle with Shift (S8), in degrees.
    static let rotationSnap = 15.0

    public func pointerMoved(to point: ViewPoint?) -> CanvasEffects {
        guard point != pointer else { return .cursor }
        let markedBefore = hoverMarkedEmoji
        pointer = point
        // A group's outline or a lock's badge follows the pointer (R3, R4).
        return hoverMarkedEmoji == markedBefore ? [.cursor, .pointer] : [.cursor, .pointer, .redraw]
    }

    /// The locked or grouped emoji under the pointer, whose mark `arrangementMarks` draws.
    var hoverMarkedEmoji: Int? {
        guard case .idle = drag, let point = pointerDocumentPoint,
            let hovered = document.model.topmostEmoji(at: point, includingLocked: true),
            hovered.locked || hovered.group != nil
        else { return nil }
        return hovered.id
    }

    /// Where the pointer is on the document, through the viewport as it is shown (a running
    /// pan or pinch included); nil when it is not over the canvas.
    public var pointerDocumentPoint: DocumentPoint? {
        pointer.map { effectiveViewport.documentPoint(for: $0, in: viewSize) }
    }

    /// A button press. Every press also starts a (possibly zero-length) drag.
    public func press(count: Int, at point: ViewPoint, modifiers: CanvasModifiers) -> CanvasEffects {
        endBurst()  // a click ends a burst of nudges (U3)
        if selectionFrame?.handle(at: point) != nil { return [] }  // the drag that follows uses it
        let hit = emoji(at: point)
        if count >= 2 {
            return hit == nil ? zoomToFit() : []
        }
        let extending = !modifiers.isDisjoint(with: [.shift, .control])
        let before = selection
        if let hit {
            if modifiers.contains(.control), hit.group != nil {
                selection.select([hit.id])  // R3: Ctrl+click takes one member of a group alone
            } else if extending {
                selection.toggle(all: unit(of: hit))
            } else {
                selection.click(onAll: unit(of: hit))
            }
        } else if !extending {
            selection.clear()
        }
        return before == selection ? .cursor : [.selection, .redraw, .cursor]
    }

    public func dragBegan(at point: ViewPoint, modifiers: CanvasModifiers) -> CanvasEffects {
        endBurst()
        dragOffset = .zero
        if let frame = selectionFrame, let handle = frame.handle(at: point) {
            return beginHandleDrag(handle, of: frame, at: point)
        }
        if let hit = emoji(at: point) {
            let ids = selection.contains(hit.id) ? selection.ids : unit(of: hit)
            document.beginGesture(named: ActionName.move)
            drag = .moving(originals: document.model.emojis(withIDs: ids), snap: snapTargets(movingIDs: ids))
        } else if modifiers.contains(.shift) {
            drag = .rubberBand(start: point, current: point, base: selection.ids)
        } else {
            drag = .panning(committedOffset: .zero)
        }
        return .cursor
    }

    /// `offset` is from where the drag began, in view pixels.
    public func dragUpdated(offset: ViewVector, modifiers: CanvasModifiers) -> CanvasEffects {
        dragOffset = offset
        switch drag {
        case .idle:
            return []
        case .panning(let committed):
            liveGesture.translation = offset - committed
            return .redraw
        case .moving(let originals, let snap):
            let zoom = effectiveViewport.zoom
            var delta = DocumentVector(dx: offset.dx / zoom, dy: offset.dy / zoom)
            snapGuides = []
            // A click is a drag that never moved: it must not move anything, snapping included.
            if let snap, offset != .zero, !modifiers.contains(.alt), let bounds = originals.boundingBox {
                let snapped = snap.snap(bounds.offset(by: delta), tolerance: SnapTargets.tolerance(atZoom: zoom))
                delta = delta + snapped.correction
                snapGuides = snapped.guides
            }
            document.replaceEmojis(originals.map { $0.moved(by: delta) }, named: ActionName.move)
            return .redraw
        case .rubberBand(let start, _, let base):
            drag = .rubberBand(start: start, current: start.offset(by: offset), base: base)
            return .redraw
        case .scaling(let handleDrag):
            let point = handleDrag.start.offset(by: offset)
            var scale = cornerScale(handleDrag, to: point)
            snapGuides = []
            if let snap = handleDrag.snap, offset != .zero, !modifiers.contains(.alt),
                let bounds = handleDrag.originals.boundingBox
            {
                let snapped = snap.snapScale(
                    scale, of: bounds, about: handleDrag.pivot, movingEdges: handleDrag.handle.movingEdges,
                    tolerance: SnapTargets.tolerance(atZoom: effectiveViewport.zoom))
                scale = snapped.scale
                snapGuides = snapped.guides
            }
            document.replaceEmojis(
                GroupTransform(pivot: handleDrag.pivot, scale: scale).apply(to: handleDrag.originals),
                named: ActionName.scale)
            return .redraw
        case .rotating(let handleDrag):
            let point = handleDrag.start.offset(by: offset)
            var angle = handleAngle(handleDrag, to: point)
            if modifiers.contains(.shift) { angle = (angle / Self.rotationSnap).rounded() * Self.rotationSnap }
            document.replaceEmojis(
                GroupTransform(pivot: handleDrag.pivot, rotation: angle).apply(to: handleDrag.originals),
                named: ActionName.rotate)
            return .redraw
        }
    }

    /// Keeps what the drag did: the pan stays (G3), a move, scale or turn is one undo step (U3),
    /// the rubber band's emojis join the selection (S5).
    public func dragEnded(offset: ViewVector, modifiers: CanvasModifiers) -> CanvasEffects {
        var effects = dragUpdated(offset: offset, modifiers: modifiers)
        switch drag {
        case .idle:
            break
        case .panning:
            effects.formUnion(commitLiveGesture())
        case .moving, .scaling, .rotating:
            document.endGesture()
        case .rubberBand(let start, let current, let base):
            let band = effectiveViewport.documentRect(for: ViewRect(corner: start, opposite: current), in: viewSize)
            if start != current {
                let touched = document.model.emojiIDs(intersecting: band, includingLocked: false)
                selection.select(base.union(document.model.expandingToGroups(touched)))
                effects.formUnion(.selection)
            }
            effects.formUnion(.redraw)
        }
        drag = .idle
        snapGuides = []
        return effects.union(.cursor)
    }

    /// Ends any running drag or pinch where it is (before an undo, a window close), so its
    /// step is closed first.
    public func finishGestures() -> CanvasEffects {
        var effects = CanvasEffects()
        switch drag {
        case .idle, .rubberBand: break
        case .panning: effects.formUnion(commitLiveGesture())
        case .moving, .scaling, .rotating: document.endGesture()
        }
        drag = .idle
        snapGuides = []
        if pinch != nil { effects.formUnion(pinchEnded()) }
        endBurst()
        return effects.union(.redraw)
    }

    /// Ends a burst of nudges or Ctrl+scroll resizes, so the next edit is a step of its own.
    func endBurst() {
        guard burst != nil else { return }
        burst = nil
        document.endGesture()
    }

    /// Folds the running view gesture into the steady viewport, so a gesture that goes on (a
    /// pinch during a pan) continues from here.
    func commitLiveGesture() -> CanvasEffects {
        let translation = liveGesture.translation
        let scale = liveGesture.scale
        viewport = effectiveViewport
        liveGesture = .identity
        if case .panning(let committed) = drag {
            drag = .panning(committedOffset: committed + translation)
        }
        if var running = pinch, !running.transformsSelection {
            running.appliedScale *= scale
            pinch = running
        }
        return userDidMoveView().union(.redraw)
    }

    func userDidMoveView() -> CanvasEffects {
        hasUserMovedView = true
        return .viewportChanged
    }

    /// What a drag of `movingIDs` may snap to (R1): the other emojis in view, the background and
    /// the origin; nil when "Snap to Objects" is off.
    private func snapTargets(movingIDs: Set<Int>) -> SnapTargets? {
        guard snapsToObjects else { return nil }
        let visible = effectiveViewport.documentRect(
            for: ViewRect(corner: .zero, opposite: ViewPoint(x: viewSize.width, y: viewSize.height)), in: viewSize)
        return SnapTargets(emojis: document.model.emojis, moving: movingIDs, background: backgroundFrame, visibleRect: visible)
    }

    // MARK: - Handles

    private func beginHandleDrag(
        _ handle: SelectionFrame.Handle, of frame: SelectionFrame, at point: ViewPoint
    ) -> CanvasEffects {
        let originals = selectedEmojis
        let viewport = effectiveViewport
        let pivotInView = handle.opposite.map { frame.center(of: $0) } ?? frame.rect.center
        let pivot = viewport.documentPoint(for: pivotInView, in: viewSize)
        var handleDrag = HandleDrag(handle: handle, originals: originals, pivot: pivot, start: point)
        if handle == .rotate {
            document.beginGesture(named: ActionName.rotate)
            drag = .rotating(handleDrag)
        } else {
            handleDrag.snap = snapTargets(movingIDs: Set(originals.map(\.id)))
            document.beginGesture(named: ActionName.scale)
            drag = .scaling(handleDrag)
        }
        return .cursor
    }

    /// Proportional scale about the opposite corner: the pointer's progress along the diagonal.
    private func cornerScale(_ handleDrag: HandleDrag, to point: ViewPoint) -> Double {
        let pivot = effectiveViewport.viewPoint(for: handleDrag.pivot, in: viewSize)
        let diagonal = handleDrag.start.vector(from: pivot)
        let reached = point.vector(from: pivot)
        let length = diagonal.dx * diagonal.dx + diagonal.dy * diagonal.dy
        guard length > 1 else { return 1 }
        let scale = (reached.dx * diagonal.dx + reached.dy * diagonal.dy) / length
        return max(scale, 0.01)
    }

    /// Degrees clockwise from the drag's start to `point`, about the pivot.
    private func handleAngle(_ handleDrag: HandleDrag, to point: ViewPoint) -> Double {
        let pivot = effectiveViewport.viewPoint(for: handleDrag.pivot, in: viewSize)
        let start = atan2(handleDrag.start.y - pivot.y, handleDrag.start.x - pivot.x)
        let now = atan2(point.y - pivot.y, point.x - pivot.x)
        return Emoji.normalized(rotation: (now - start) * 180 / .pi)
    }
}
