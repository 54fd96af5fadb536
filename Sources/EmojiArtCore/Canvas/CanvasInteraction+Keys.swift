/// Keys on the focused canvas (G5, S1, S5, S7, S8, S9). Keys that must work whatever has the
/// focus (Ctrl+C/X/V/D/A, Delete) are window actions that call the verbs in
/// `CanvasInteraction+Editing` instead (U4).
extension CanvasInteraction {
    /// Nudging a selection with the arrow keys moves it this far, in document points (S5).
    static let nudgeStep = 1.0
    static let largeNudgeStep = 10.0
    /// `[` / `]` turn by this much; with Shift by `fineRotationStep` (S8).
    static let rotationStep = 15.0
    static let fineRotationStep = 1.0
    /// `<` / `>` scale by this factor (S8).
    static let keyScaleStep = 1.1
    static let transformKeys: Set<CanvasKey> = [.scaleDown, .scaleUp, .rotateLeft, .rotateRight, .flip]

    /// Handles a key; nil when the canvas does not use it (it then goes on, e.g. Tab past the
    /// last emoji leaves the canvas).
    public func key(_ key: CanvasKey, modifiers: CanvasModifiers, time: Double) -> CanvasEffects? {
        let isShift = modifiers.contains(.shift)
        if isEditing, Self.transformKeys.contains(key) { return [] }  // the gesture owns the selection (U3)
        switch key {
        case .escape:
            guard !selection.isEmpty else { return nil }
            return clearSelection()
        case .left, .right, .up, .down:
            return arrow(key, isShift: isShift, time: time)
        case .tab:
            return stepSelection(backwards: isShift)
        case .pageUp: return restack(.bringForward)
        case .pageDown: return restack(.sendBackward)
        case .home: return restack(.bringToFront)
        case .end: return restack(.sendToBack)
        case .scaleDown: return scaleSelection(by: 1 / Self.keyScaleStep)
        case .scaleUp: return scaleSelection(by: Self.keyScaleStep)
        case .rotateLeft: return rotateSelection(by: -(isShift ? Self.fineRotationStep : Self.rotationStep))
        case .rotateRight: return rotateSelection(by: isShift ? Self.fineRotationStep : Self.rotationStep)
        case .flip: return flipSelection()
        case .menu: return nil  // the adapter opens the menu through `contextMenu(at:)`
        }
    }

    /// Arrows nudge the selection (S5, a burst is one "Move") or, with nothing selected, pan the
    /// view (G5).
    private func arrow(_ key: CanvasKey, isShift: Bool, time: Double) -> CanvasEffects {
        let (x, y): (Double, Double) =
            switch key {
            case .left: (-1, 0)
            case .right: (1, 0)
            case .up: (0, -1)
            default: (0, 1)
            }
        guard !selection.isEmpty else {
            // The content moves opposite to the arrow, as when scrolling a page.
            return pan(by: ViewVector(dx: -x * Viewport.arrowKeyPanStep, dy: -y * Viewport.arrowKeyPanStep))
        }
        let step = isShift ? Self.largeNudgeStep : Self.nudgeStep
        let nudge = DocumentVector(dx: x * step, dy: y * step)
        if case .moving(let originals, let snap) = drag {
            // Part of the drag's "Move": the frames that follow keep it (U3).
            drag = .moving(originals: originals.map { $0.moved(by: nudge) }, snap: snap)
            document.moveEmojis(Set(originals.map(\.id)), by: nudge)
            return .redraw
        }
        guard !isEditing else { return [] }  // a handle drag or a pinch owns the selection now
        continueBurst(named: ActionName.move, at: time)
        document.moveEmojis(selection.ids, by: nudge)
        return .redraw
    }

    /// Tab and Shift+Tab select the next or previous emoji in drawing order (its whole group,
    /// R3; locked ones are passed over, R4), so selection works without a mouse (S1, A2). Past the
    /// last emoji, Tab leaves the canvas as usual (nil).
    private func stepSelection(backwards: Bool) -> CanvasEffects? {
        endBurst()
        let emojis = document.model.emojis
        let selectable = emojis.indices.filter { !emojis[$0].locked }
        guard !selectable.isEmpty else { return nil }
        let selectedIndices = selectable.filter { selection.contains(emojis[$0].id) }
        let candidates: [Int] =
            switch (selectedIndices.isEmpty, backwards) {
            case (true, false): selectable
            case (true, true): selectable.reversed()
            case (false, false): selectable.filter { $0 > selectedIndices.last! && !selection.contains(emojis[$0].id) }
            case (false, true): selectable.reversed().filter { $0 < selectedIndices.first! && !selection.contains(emojis[$0].id) }
            }
        guard let next = candidates.first else {
            selection.clear()
            return nil
        }
        selection.select(unit(of: emojis[next]))
        return [.selection, .redraw]
    }
}
