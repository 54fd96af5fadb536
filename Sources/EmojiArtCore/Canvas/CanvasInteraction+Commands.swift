/// The menus' verbs (U4, S9, B7) in one table: window actions, accelerators and the context menu
/// all come here, and each is sensitive only when it can act.
extension CanvasInteraction {
    /// Whether `command` can act now: menus and actions are insensitive otherwise (U4).
    public func canPerform(_ command: CanvasCommand) -> Bool {
        switch command {
        case .undo: document.canUndo
        case .redo: document.canRedo
        case .cut, .copy, .duplicate, .delete, .bringToFront, .bringForward, .sendBackward, .sendToBack,
             .rotateLeft, .rotateRight, .flipHorizontally:
            hasSelection
        case .paste: !clipboardOffer.isEmpty
        case .selectAll: !document.model.emojis.isEmpty
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
        }
    }

    /// The clipboard's content changed (another program copied, or we did): Paste follows (U4).
    public func clipboardChanged(offering offer: ContentOffer) -> CanvasEffects {
        guard offer != clipboardOffer else { return [] }
        clipboardOffer = offer
        return .commands
    }
}
