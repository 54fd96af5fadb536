/// Touch (X8): one finger moves emojis or pans through the drag methods, two fingers pinch, and a
/// long press opens the context menu (S9). Fingers seldom land at the same instant and a resting
/// finger trembles, so a touch that turns out to be a pinch or a long press must not leave behind
/// the small move its first finger began.
extension CanvasInteraction {
    /// How far a finger may stray, in view pixels, and still be where it landed: GTK's own drag
    /// threshold (`gtk-dnd-drag-threshold`), which also ends a long press.
    static let touchSlop = 8.0

    /// The finger rested on the canvas (GtkGestureLongPress): whatever its drag began is put
    /// back without an undo step; the selection the press made stays, for the menu to act on.
    public func longPressed(at point: ViewPoint) -> CanvasEffects {
        cancelDrag()
    }

    /// A second finger came down while the first had hardly moved: the move it began gives way,
    /// so the two fingers pinch (the pressed emoji, now selected, or the view).
    func yieldDragToPinch() -> CanvasEffects {
        guard case .moving = drag, dragOffset.length < Self.touchSlop else { return [] }
        return cancelDrag()
    }

    /// Ends the running drag as if it had not happened: moved, scaled or turned emojis go back
    /// (the gesture's step, now empty, leaves no trace), the pan's own part is undone.
    func cancelDrag() -> CanvasEffects {
        switch drag {
        case .idle:
            return []
        case .panning:
            liveGesture.translation = .zero
        case .moving(let originals, _):
            document.replaceEmojis(originals, named: ActionName.move)
            document.endGesture()
        case .scaling(let handleDrag):
            document.replaceEmojis(handleDrag.originals, named: ActionName.scale)
            document.endGesture()
        case .rotating(let handleDrag):
            document.replaceEmojis(handleDrag.originals, named: ActionName.rotate)
            document.endGesture()
        case .rubberBand:
            break
        }
        drag = .idle
        dragOffset = .zero
        snapGuides = []
        return [.redraw, .cursor]
    }
}
