import CGtk
import EmojiArtCore

/// The editor's verbs as window actions (U4): the primary menu's Edit and Background sections,
/// the context menu (S9) and the accelerators all activate these, so they work whatever widget
/// has the focus, and are insensitive when they cannot act.
extension DocumentWindow {
    func installEditActions() {
        addCommand(.undo) { [unowned self] in
            canvas.finishGestures()
            document.undo()
        }
        addCommand(.redo) { [unowned self] in
            canvas.finishGestures()
            document.redo()
        }
        addCommand(.cut) { [unowned self] in canvas.cutSelection() }
        addCommand(.copy) { [unowned self] in canvas.copySelection() }
        addCommand(.paste) { [unowned self] in canvas.paste() }
        addCommand(.duplicate) { [unowned self] in canvas.apply { $0.duplicateSelection() } }
        addCommand(.delete) { [unowned self] in canvas.apply { $0.deleteSelection() } }
        addCommand(.selectAll) { [unowned self] in canvas.apply { $0.selectAll() } }
        let stacking: [(CanvasCommand, StackingMove)] = [
            (.bringToFront, .bringToFront), (.bringForward, .bringForward),
            (.sendBackward, .sendBackward), (.sendToBack, .sendToBack),
        ]
        for (command, move) in stacking {
            addCommand(command) { [unowned self] in canvas.apply { $0.restack(move) } }
        }
        addCommand(.rotateLeft) { [unowned self] in canvas.apply { $0.rotateSelection(by: -15) } }
        addCommand(.rotateRight) { [unowned self] in canvas.apply { $0.rotateSelection(by: 15) } }
        addCommand(.flipHorizontally) { [unowned self] in canvas.apply { $0.flipSelection() } }
        addCommand(.setBackgroundFromFile) { [unowned self] in chooseBackgroundFile() }
        addCommand(.setBackgroundFromURL) { [unowned self] in askForBackgroundURL() }
        addCommand(.removeBackground) { [unowned self] in
            canvas.setBackgroundByUser(.blank, named: ActionName.removeBackground)
        }
        addCommand(.zoomToFit) { [unowned self] in canvas.apply { $0.zoomToFit() } }
        updateCommandStates()
    }

    private func addCommand(_ command: CanvasCommand, _ handler: @escaping @MainActor () -> Void) {
        commandActions[command] = addAction(command.actionName, to: window, handler)
    }

    /// Actions are insensitive when they cannot act (U4); Undo and Redo name their step (U2).
    func updateCommandStates() {
        for (command, action) in commandActions {
            setEnabled(action, canvas.interaction.canPerform(command))
        }
        let undoName = document.undoActionName, redoName = document.redoActionName
        primaryMenu.updateHistory(undoName: undoName, redoName: redoName)
        setTooltip(undoButton, undoName.map { localized("Undo {action}", ["action": $0]) } ?? localized("Nothing to Undo"))
        setTooltip(redoButton, redoName.map { localized("Redo {action}", ["action": $0]) } ?? localized("Nothing to Redo"))
    }
}
