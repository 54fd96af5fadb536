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
    case group, ungroup, lock, unlock
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
        case .unlock: ActionName.unlock
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
    /// is in it already; over a locked one (R4) the menu offers to unlock it, and it stays
    /// unselected; nil `point` (Menu key, Shift+F10) opens it over the selection, if any.
    public func contextMenu(at point: ViewPoint?) -> (menu: CanvasContextMenu, effects: CanvasEffects) {
        _ = finishGestures()
        lockedMenuTarget = nil
        if let point {
            if let hit = emoji(at: point) {
                var effects = CanvasEffects()
                if !selection.contains(hit.id) {
                    selection.select(unit(of: hit))
                    effects = [.selection, .redraw]
                }
                return (CanvasContextMenu(kind: .emoji, point: point, interaction: self), effects)
            }
            if let locked = document.model.topmostEmoji(at: documentPoint(for: point), includingLocked: true), locked.locked {
                lockedMenuTarget = locked.id
                return (CanvasContextMenu(kind: .lockedEmoji, point: point, interaction: self), [.commands])
            }
            return (CanvasContextMenu(kind: .canvas, point: point, interaction: self), [])
        }
        if let frame = selectionFrame {
            // At the frame's centre, or the nearest point of the view to it: a menu must open
            // on screen even when the selection reaches past the view.
            let center = frame.rect.center
            let point = ViewPoint(x: min(max(center.x, 0), viewSize.width), y: min(max(center.y, 0), viewSize.height))
            return (CanvasContextMenu(kind: .emoji, point: point, interaction: self), [])
        }
        return (CanvasContextMenu(kind: .canvas, point: pointer ?? viewSize.center, interaction: self), [])
    }
}

/// The context menu to show (S9): short enough to fit (the HIG's context menus), its rarer verbs
/// in the Arrange submenu, and only the group verbs that apply.
public struct CanvasContextMenu: Hashable, Sendable {
    public enum Kind: Sendable { case emoji, lockedEmoji, canvas }

    /// A row: a command, or a submenu of sections of commands.
    public enum Item: Hashable, Sendable {
        case command(CanvasCommand)
        case submenu(label: String, sections: [[CanvasCommand]])
    }

    public var kind: Kind
    public var point: ViewPoint
    public var sections: [[Item]]

    /// Every command the menu offers, its submenus' included, in order.
    public var commands: [CanvasCommand] {
        sections.joined().flatMap { item -> [CanvasCommand] in
            switch item {
            case .command(let command): [command]
            case .submenu(_, let sections): Array(sections.joined())
            }
        }
    }

    @MainActor
    init(kind: Kind, point: ViewPoint, interaction: CanvasInteraction) {
        self.kind = kind
        self.point = point
        switch kind {
        case .emoji:
            // R2's align and distribute verbs, which need two or three things, in a submenu.
            let arrange = Item.submenu(
                label: localized("Arrange"),
                sections: [Array(CanvasCommand.arrangeCommands.prefix(6)), [.distributeHorizontally, .distributeVertically]])
            var grouping = [CanvasCommand.group, .ungroup].filter(interaction.canPerform)
            if grouping.isEmpty { grouping = [.group] }
            sections = [
                [.cut, .copy, .paste, .duplicate, .delete].map(Item.command),
                [.bringToFront, .bringForward, .sendBackward, .sendToBack].map(Item.command) + [arrange],
                [.rotateLeft, .rotateRight, .flipHorizontally].map(Item.command),
                (grouping + [.lock]).map(Item.command),
            ]
        case .lockedEmoji:
            var unlocking: [CanvasCommand] = [.unlock]
            if interaction.document.model.emojis.count(where: \.locked) > 1 { unlocking.append(.unlockAll) }
            sections = [unlocking.map(Item.command), [.paste, .selectAll].map(Item.command)]
        case .canvas:
            var background: [CanvasCommand] = [.setBackgroundFromFile, .setBackgroundFromURL]
            if interaction.canPerform(.removeBackground) { background.append(.removeBackground) }
            var view: [CanvasCommand] = [.zoomToFit]
            if interaction.canPerform(.unlockAll) { view.append(.unlockAll) }
            sections = [[.paste, .selectAll], background, view].map { $0.map(Item.command) }
        }
    }
}
