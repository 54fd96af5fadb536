/// A verb the menus offer (U4, S9, B7): its label and the window action that performs it.
public enum CanvasCommand: String, CaseIterable, Sendable {
    case undo, redo
    case cut, copy, paste, duplicate, delete
    case selectAll = "select-all"
    case bringToFront = "bring-to-front"
    case bringForward = "bring-forward"
    case sendBackward = "send-backward"
    case sendToBack = "send-to-back"
    case rotateLeft = "rotate-left"
    case rotateRight = "rotate-right"
    case flipHorizontally = "flip-horizontally"
    case setBackgroundFromFile = "set-background-from-file"
    case setBackgroundFromURL = "set-background-from-url"
    case removeBackground = "remove-background"
    case zoomToFit = "zoom-fit"
    case alignLeft = "align-left"
    case alignCenter = "align-center"
    case alignRight = "align-right"
    case alignTop = "align-top"
    case alignMiddle = "align-middle"
    case alignBottom = "align-bottom"
    case distributeHorizontally = "distribute-horizontally"
    case distributeVertically = "distribute-vertically"
    case group, ungroup, lock
    case unlockAll = "unlock-all"

    /// The window action's name (`win.` + this).
    public var actionName: String { rawValue }

    public var label: String {
        switch self {
        case .undo: localized("Undo")
        case .redo: localized("Redo")
        case .cut: localized("Cut")
        case .copy: localized("Copy")
        case .paste: localized("Paste")
        case .duplicate: localized("Duplicate")
        case .delete: localized("Delete")
        case .selectAll: localized("Select All")
        case .bringToFront: localized("Bring to Front")
        case .bringForward: localized("Bring Forward")
        case .sendBackward: localized("Send Backward")
        case .sendToBack: localized("Send to Back")
        case .rotateLeft: localized("Rotate Left")
        case .rotateRight: localized("Rotate Right")
        case .flipHorizontally: localized("Flip Horizontally")
        case .setBackgroundFromFile: localized("Set Background from File…")
        case .setBackgroundFromURL: localized("Set Background from URL…")
        case .removeBackground: localized("Remove Background")
        case .zoomToFit: localized("Zoom to Fit")
        case .alignLeft: ActionName.alignLeft
        case .alignCenter: ActionName.alignCenter
        case .alignRight: ActionName.alignRight
        case .alignTop: ActionName.alignTop
        case .alignMiddle: ActionName.alignMiddle
        case .alignBottom: ActionName.alignBottom
        case .distributeHorizontally: ActionName.distributeHorizontally
        case .distributeVertically: ActionName.distributeVertically
        case .group: ActionName.group
        case .ungroup: ActionName.ungroup
        case .lock: ActionName.lock
        case .unlockAll: ActionName.unlockAll
        }
    }

    /// R2's verbs, in the order of the Arrange submenu.
    public static let arrangeCommands: [CanvasCommand] = [
        .alignLeft, .alignCenter, .alignRight, .alignTop, .alignMiddle, .alignBottom,
        .distributeHorizontally, .distributeVertically,
    ]
}

extension CanvasInteraction {
    /// Opens the context menu at `point` (S9): over an emoji it becomes the selection unless it
    /// is in it already; nil `point` (Menu key, Shift+F10) opens it over the selection, if any.
    public func contextMenu(at point: ViewPoint?) -> (menu: CanvasContextMenu, effects: CanvasEffects) {
        _ = finishGestures()
        if let point {
            if let hit = emoji(at: point) {
                var effects = CanvasEffects()
                if !selection.contains(hit.id) {
                    selection.select(unit(of: hit))
                    effects = [.selection, .redraw]
                }
                return (CanvasContextMenu(kind: .emoji, point: point, interaction: self), effects)
            }
            return (CanvasContextMenu(kind: .canvas, point: point, interaction: self), [])
        }
        if let frame = selectionFrame {
            return (CanvasContextMenu(kind: .emoji, point: frame.rect.center, interaction: self), [])
        }
        return (CanvasContextMenu(kind: .canvas, point: pointer ?? viewSize.center, interaction: self), [])
    }
}

/// The context menu to show (S9): its sections of commands, at a view point.
public struct CanvasContextMenu: Hashable, Sendable {
    public enum Kind: Sendable { case emoji, canvas }

    public var kind: Kind
    public var point: ViewPoint
    public var sections: [[CanvasCommand]]
    /// The Arrange submenu (R2), over emojis only.
    public var arrangeSubmenu: [CanvasCommand] { kind == .emoji ? CanvasCommand.arrangeCommands : [] }

    @MainActor
    init(kind: Kind, point: ViewPoint, interaction: CanvasInteraction) {
        self.kind = kind
        self.point = point
        switch kind {
        case .emoji:
            sections = [
                [.cut, .copy, .paste, .duplicate, .delete],
                [.bringToFront, .bringForward, .sendBackward, .sendToBack],
                [.rotateLeft, .rotateRight, .flipHorizontally],
                [.group, .ungroup, .lock],
            ]
        case .canvas:
            var background: [CanvasCommand] = [.setBackgroundFromFile, .setBackgroundFromURL]
            if interaction.canPerform(.removeBackground) { background.append(.removeBackground) }
            var view: [CanvasCommand] = [.zoomToFit]
            if interaction.canPerform(.unlockAll) { view.append(.unlockAll) }
            sections = [[.paste, .selectAll], background, view]
        }
    }
}
