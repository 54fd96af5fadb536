import CGtk
import EmojiArtCore

/// The editor's verbs as window actions (U4): the primary menu's Edit and Background sections,
/// the context menu (S9) and the accelerators all activate these, so they work whatever widget
/// has the focus, and are insensitive when they cannot act.
extension DocumentWindow {
    func installEditActions() {
        for command in CanvasCommand.allCases {
            commandActions[command] = addAction(command.actionName, to: window) { [unowned self] in
                canvas.perform(command)
            }
        }
        updateCommandStates()
    }

    /// Actions are insensitive when they cannot act (U4), and while the strip's search entry has
    /// the focus those whose keys it needs for its text (F1); Undo and Redo name their step (U2).
    func updateCommandStates() {
        let yielding = searchHasFocus ? KeyboardAccess.actionsSharingKeysWithTextFields : []
        for (command, action) in commandActions {
            setEnabled(action, canvas.interaction.canPerform(command) && !yielding.contains("win." + command.actionName))
        }
        gtk_widget_set_sensitive(undoButton, canvas.interaction.canPerform(.undo) ? 1 : 0)
        gtk_widget_set_sensitive(redoButton, canvas.interaction.canPerform(.redo) ? 1 : 0)
        let undoName = document.undoActionName
        let redoName = document.redoActionName
        primaryMenu.updateHistory(undoName: undoName, redoName: redoName)
        setTooltip(undoButton, undoName.map { localized("Undo {action}", ["action": $0]) } ?? localized("Nothing to Undo"))
        setTooltip(redoButton, redoName.map { localized("Redo {action}", ["action": $0]) } ?? localized("Nothing to Redo"))
    }
}
