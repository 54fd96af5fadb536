/// The menus' verbs (U4, S9, B7) in one table: window actions, accelerators and the context menu
/// all come here, and each is sensitive only when it can act.
extension CanvasInteraction {
    /// Whether `command` can act now: menus and actions are insensitive otherwise (U4).
    public func canPerform(_ command: CanvasCommand) -> Bool {
        // A view-only room (C12): looking and copying, nothing that edits.
        if document.isReadOnly, ![.copy, .selectAll, .zoomToFit].contains(command) { return false }
        return switch command {
        case .undo: document.canUndo
        case .redo: document.canRedo
        case .cut, .copy, .duplicate, .delete, .bringToFront, .bringForward, .sendBackward, .sendToBack,
            .rotateLeft, .rotateRight, .flipHorizontally:
            hasSelection
        case .paste: !clipboardOffer.isEmpty
        case .selectAll: document.model.emojis.contains { !$0.locked }
        case .alignLeft, .alignCenter, .alignRight, .alignTop, .alignMiddle, .alignBottom: selectedUnitCount >= 2
        case .distributeHorizontally, .distributeVertically: selectedUnitCount >= 3
        case .group: selectedUnitCount >= 2
        case .ungroup: selectedEmojis.contains { $0.group != nil }
        case .lock: hasSelection
        case .unlock: lockedMenuTarget.flatMap { document.model.emoji(withID: $0) }?.locked ?? false
        case .unlockAll: document.model.hasLockedEmojis
        case .removeBackground: document.model.background != .blank
        case .setBackgroundFromFile, .setBackgroundFromURL, .zoomToFit: true
        }
    }

    /// Performs a menu verb; what it needs from outside the canvas (the clipboard, a dialog) is
    /// the response's request.
    public func perform(_ command: CanvasCommand) -> CanvasResponse {
        guard canPerform(command) else { return CanvasResponse() }
        switch command {
        case .undo:
            let effects = finishGestures()
            document.undo()
            return CanvasResponse(effects)
        case .redo:
            let effects = finishGestures()
            document.redo()
            return CanvasResponse(effects)
        case .cut:
            guard let (copied, effects) = cutSelection() else { return CanvasResponse() }
            return CanvasResponse(effects, request: .putOnClipboard(copied))
        case .copy:
            return CanvasResponse(request: copySelection().map(CanvasRequest.putOnClipboard))
        case .paste: return CanvasResponse(request: .readClipboard)
        case .duplicate: return CanvasResponse(duplicateSelection())
        case .delete: return CanvasResponse(deleteSelection())
        case .selectAll: return CanvasResponse(selectAll())
        case .bringToFront: return CanvasResponse(restack(.bringToFront))
        case .bringForward: return CanvasResponse(restack(.bringForward))
        case .sendBackward: return CanvasResponse(restack(.sendBackward))
        case .sendToBack: return CanvasResponse(restack(.sendToBack))
        case .rotateLeft: return CanvasResponse(rotateSelection(by: -Self.rotationStep))
        case .rotateRight: return CanvasResponse(rotateSelection(by: Self.rotationStep))
        case .flipHorizontally: return CanvasResponse(flipSelection())
        case .setBackgroundFromFile: return CanvasResponse(request: .chooseBackgroundFile)
        case .setBackgroundFromURL: return CanvasResponse(request: .askForBackgroundURL)
        case .removeBackground:
            return CanvasResponse(setBackgroundByUser(.blank, named: ActionName.removeBackground))
        case .zoomToFit: return CanvasResponse(zoomToFit())
        case .alignLeft: return CanvasResponse(arrange { $0.align($1, to: .left) })
        case .alignCenter: return CanvasResponse(arrange { $0.align($1, to: .center) })
        case .alignRight: return CanvasResponse(arrange { $0.align($1, to: .right) })
        case .alignTop: return CanvasResponse(arrange { $0.align($1, to: .top) })
        case .alignMiddle: return CanvasResponse(arrange { $0.align($1, to: .middle) })
        case .alignBottom: return CanvasResponse(arrange { $0.align($1, to: .bottom) })
        case .distributeHorizontally: return CanvasResponse(arrange { $0.distribute($1, axis: .horizontal) })
        case .distributeVertically: return CanvasResponse(arrange { $0.distribute($1, axis: .vertical) })
        case .group: return CanvasResponse(arrange { _ = $0.group($1) })
        case .ungroup: return CanvasResponse(arrange { $0.ungroup($1) })
        case .lock:
            _ = arrange { $0.lock($1) }
            return CanvasResponse(pruneSelection().union([.redraw, .cursor]))  // R4: locked means unselectable
        case .unlock:
            guard let target = lockedMenuTarget else { return CanvasResponse() }
            lockedMenuTarget = nil
            let unit = document.model.expandingToGroups([target], includingLocked: true)
            _ = arrange { document, _ in document.unlock(unit) }
            selection.select(unit)  // what was freed is what the user acts on next
            return CanvasResponse([.selection, .redraw, .cursor, .commands])
        case .unlockAll: return CanvasResponse(arrange { document, _ in document.unlockAll() })
        }
    }

    /// One of R2–R4's verbs on the selection: its own step, after any burst (U3).
    private func arrange(_ edit: (EmojiArtDocument, Set<Int>) -> Void) -> CanvasEffects {
        endBurst()
        edit(document, selection.ids)
        return [.redraw, .commands]
    }

    /// The clipboard's content changed (another program copied, or we did): Paste follows (U4).
    public func clipboardChanged(offering offer: ContentOffer) -> CanvasEffects {
        guard offer != clipboardOffer else { return [] }
        clipboardOffer = offer
        return .commands
    }
}
