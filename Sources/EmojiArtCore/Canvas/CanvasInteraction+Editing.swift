/// The editor's verbs on the selection (S4–S8): each is one named undo step (U2). Window
/// actions, keys and the context menu all end here.
extension CanvasInteraction {
    /// Pasted and duplicated emojis step this far right and down, in document points (S6).
    static let pasteStep = 10.0

    public var hasSelection: Bool { !selection.isEmpty }

    public func selectAll() -> CanvasEffects {
        endBurst()
        selection.select(Set(document.model.unlockedEmojiIDs))  // R4: locked ones stay out
        return [.selection, .redraw, .cursor]
    }

    public func clearSelection() -> CanvasEffects {
        guard !selection.isEmpty else { return [] }
        endBurst()
        selection.clear()
        return [.selection, .redraw, .cursor]
    }

    /// Delete / Backspace and the menus' Delete (S4): its own step even during a drag (U3).
    public func deleteSelection() -> CanvasEffects {
        guard !selection.isEmpty else { return [] }
        endBurst()
        document.deleteEmojis(selection.ids, named: ActionName.delete)
        return pruneSelection().union(.redraw)
    }

    /// What Copy puts on the clipboard (S6); nil without a selection.
    public func copySelection() -> ClipboardEmojis? {
        let selected = selectedEmojis
        return selected.isEmpty ? nil : ClipboardEmojis(copying: selected)
    }

    /// Cut: the copy, and the selection removed as "Cut" (S6).
    public func cutSelection() -> (clipboard: ClipboardEmojis, effects: CanvasEffects)? {
        guard let copied = copySelection() else { return nil }
        endBurst()
        document.deleteEmojis(selection.ids, named: ActionName.cut)
        return (copied, pruneSelection().union(.redraw))
    }

    /// Pastes emojis centred under the pointer when it is over the canvas, else at the view's
    /// centre; the same emojis pasted again at the same place step 10 pt further. The pasted
    /// emojis become the selection (S6).
    public func paste(_ emojis: ClipboardEmojis) -> CanvasEffects {
        endBurst()
        let target = documentPoint(for: pointer ?? viewSize.center)
        var count = 0
        if let last = lastPaste, last.emojis == emojis, last.target == target { count = last.count + 1 }
        lastPaste = PasteMemory(emojis: emojis, target: target, count: count)
        let step = Self.pasteStep * Double(count)
        let placed = emojis.placed(at: DocumentPoint(x: target.x + step, y: target.y + step))
        let inserted = document.insertCopies(of: placed, named: ActionName.paste)
        guard !inserted.isEmpty else { return [] }
        selection.select(Set(inserted.map(\.id)))
        return [.selection, .redraw]
    }

    /// Ctrl+D: copies of the selection 10 pt right and down, which become the selection (S6).
    public func duplicateSelection() -> CanvasEffects {
        let selected = selectedEmojis
        guard !selected.isEmpty else { return [] }
        endBurst()
        let moved = selected.map { $0.moved(by: DocumentVector(dx: Self.pasteStep, dy: Self.pasteStep)) }
        let inserted = document.insertCopies(of: moved, named: ActionName.duplicate)
        selection.select(Set(inserted.map(\.id)))
        return [.selection, .redraw]
    }

    /// Page Up / Page Down / Home / End and the menus (S7).
    public func restack(_ move: StackingMove) -> CanvasEffects {
        guard !selection.isEmpty else { return [] }
        endBurst()
        document.restack(selection.ids, move)
        return .redraw
    }

    /// Turns the selection about its centre, degrees clockwise ("Rotate", S8).
    public func rotateSelection(by degrees: Double) -> CanvasEffects {
        transformSelection(named: ActionName.rotate) { GroupTransform(pivot: $0, rotation: degrees) }
    }

    /// Scales the selection about its centre ("Scale", S8).
    public func scaleSelection(by factor: Double) -> CanvasEffects {
        transformSelection(named: ActionName.scale) { GroupTransform(pivot: $0, scale: factor) }
    }

    /// Mirrors the selection left–right about its centre ("Flip", S8).
    public func flipSelection() -> CanvasEffects {
        transformSelection(named: ActionName.flip) { GroupTransform(pivot: $0, mirrored: true) }
    }

    private func transformSelection(
        named name: String, _ transform: (DocumentPoint) -> GroupTransform
    ) -> CanvasEffects {
        let selected = selectedEmojis
        guard let center = selected.boundingBox?.center else { return [] }
        endBurst()
        document.replaceEmojis(transform(center).apply(to: selected), named: name)
        return .redraw
    }

    /// A palette click adds the emoji at the centre of the view at the default size on screen (P1).
    public func addEmojiAtCenter(_ emoji: String) -> CanvasEffects {
        insert(emoji, at: viewSize.center)
    }

    /// Adds `emoji` at `point` at the default size on screen and selects it, so the next key or
    /// drag works on what was just added. Where an emoji already sits exactly there (the same
    /// palette emoji clicked three times), it steps 10 px right and down until the spot is free,
    /// so each one stays in sight.
    func insert(_ emoji: String, at point: ViewPoint) -> CanvasEffects {
        endBurst()
        let viewport = effectiveViewport
        let step = Self.pasteStep / viewport.zoom
        var position = viewport.documentPoint(for: point, in: viewSize)
        let taken = Set(document.model.emojis.map(\.position))
        for _ in 0..<Self.maximumInsertSteps where taken.contains(position) {
            position = DocumentPoint(x: position.x + step, y: position.y + step)
        }
        guard let added = document.addEmoji(emoji, at: position, size: defaultEmojiSize / viewport.zoom) else { return [] }
        selection.select([added.id])
        lastAddedEmoji = emoji
        return [.redraw, .emojiAdded, .selection, .cursor]
    }

    /// How far a run of inserts at one spot steps before it stacks anyway.
    static let maximumInsertSteps = 100
}
