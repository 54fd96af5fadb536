/// How the keyboard reaches every action the app offers (SPEC A2): one list, so an action
/// without a keyboard path is caught where it is added. The app installs its accelerators from
/// it, the canvas's context menu shows its keys from it, the app warns on stderr when it adds an
/// action missing here (the GUI tests fail on that warning), and Core's tests check that every
/// accelerator and canvas key is listed in the Keyboard Shortcuts window.
public enum KeyboardAccess {
    /// One way the keyboard reaches an action.
    public enum Path: Hashable, Sendable {
        /// GTK accelerators, working whatever widget of the window has the focus (U4).
        case accelerators([String])
        /// A key of the focused canvas (`CanvasView+Input`), with a selection.
        case canvasKey(String)
        /// An item of the primary menu, which F10 opens.
        case mainMenu
        /// An item of the canvas's context menu, which Menu or Shift+F10 opens.
        case contextMenu
        /// An item of the palette menu: Tab to the Palette Menu button, Enter (P2).
        case paletteMenu
        /// The button of the toast that offers it: Tab reaches the toast's button, Enter.
        case toastButton
        /// A pointer's shortcut to part of what another action does from the keyboard: Unlock,
        /// on a locked emoji's context menu, is Unlock All's for one emoji a click cannot select.
        case keyboardEquivalent(String)
    }

    /// Every action by its detailed name ("win.save"), with each way the keyboard reaches it.
    public static let actions: [String: [Path]] = {
        var actions: [String: [Path]] = [
            "app.new": [.accelerators(["<Control>n"]), .mainMenu],
            "app.open": [.accelerators(["<Control>o"]), .mainMenu],
            "app.quit": [.accelerators(["<Control>q"])],
            "app.shortcuts": [.accelerators(["<Control>question"]), .mainMenu],
            "app.about": [.mainMenu],
            "app.snap-to-objects": [.mainMenu],
            "app.join": [.mainMenu],
            "win.share": [.mainMenu],
            "win.stop-sharing": [.mainMenu],
            "win.save": [.accelerators(["<Control>s"]), .mainMenu],
            "win.save-as": [.accelerators(["<Control><Shift>s"]), .mainMenu, .toastButton],
            "win.export": [.accelerators(["<Control><Shift>e"]), .mainMenu],
            "win.print": [.accelerators(["<Control>p"]), .mainMenu],
            "win.browse-versions": [.mainMenu],
            "win.close": [.accelerators(["<Control>w"])],
            "win.zoom-in": [.accelerators(["<Control>equal", "<Control>plus", "<Control>KP_Add"]), .mainMenu],
            "win.zoom-out": [.accelerators(["<Control>minus", "<Control>KP_Subtract"]), .mainMenu],
            "win.retry-background": [.toastButton],
            "win.open-export": [.toastButton],
            "win.edit-palette": [.paletteMenu],
            "win.new-palette": [.paletteMenu],
            "win.delete-palette": [.paletteMenu],
            "win.manage-palettes": [.paletteMenu],
            "win.go-to-palette": [.paletteMenu],
            "win.find-emoji": [.accelerators(["<Control>f"])],
        ]
        for command in CanvasCommand.allCases {
            actions["win." + command.actionName] = paths(of: command)
        }
        return actions
    }()

    /// The paths of a canvas verb (U4, S4–S9, B7): the primary menu's Edit and Background
    /// sections, the context menu, accelerators and the canvas's own keys.
    private static func paths(of command: CanvasCommand) -> [Path] {
        switch command {
        case .undo: [.accelerators(["<Control>z"]), .mainMenu]
        case .redo: [.accelerators(["<Control><Shift>z", "<Control>y"]), .mainMenu]
        case .cut: [.accelerators(["<Control>x"]), .mainMenu, .contextMenu]
        case .copy: [.accelerators(["<Control>c"]), .mainMenu, .contextMenu]
        case .paste: [.accelerators(["<Control>v"]), .mainMenu, .contextMenu]
        case .duplicate: [.accelerators(["<Control>d"]), .mainMenu, .contextMenu]
        case .delete: [.accelerators(["Delete", "KP_Delete", "BackSpace"]), .mainMenu, .contextMenu]
        case .selectAll: [.accelerators(["<Control>a"]), .mainMenu, .contextMenu]
        case .bringToFront: [.canvasKey("Home"), .contextMenu]
        case .bringForward: [.canvasKey("Page_Up"), .contextMenu]
        case .sendBackward: [.canvasKey("Page_Down"), .contextMenu]
        case .sendToBack: [.canvasKey("End"), .contextMenu]
        case .rotateLeft: [.canvasKey("bracketleft"), .contextMenu]
        case .rotateRight: [.canvasKey("bracketright"), .contextMenu]
        case .flipHorizontally: [.canvasKey("h"), .contextMenu]
        case .setBackgroundFromFile, .setBackgroundFromURL, .removeBackground: [.mainMenu, .contextMenu]
        case .zoomToFit: [.accelerators(["<Control>0"]), .mainMenu, .contextMenu]
        // R2–R4: Excalidraw's and Figma's keys, not Ctrl+Alt+arrows (GNOME's workspaces).
        case .alignLeft: [.accelerators(["<Control><Shift>Left"]), .mainMenu, .contextMenu]
        case .alignRight: [.accelerators(["<Control><Shift>Right"]), .mainMenu, .contextMenu]
        case .alignTop: [.accelerators(["<Control><Shift>Up"]), .mainMenu, .contextMenu]
        case .alignBottom: [.accelerators(["<Control><Shift>Down"]), .mainMenu, .contextMenu]
        case .alignCenter: [.accelerators(["<Alt>h"]), .mainMenu, .contextMenu]
        case .alignMiddle: [.accelerators(["<Alt>v"]), .mainMenu, .contextMenu]
        case .distributeHorizontally: [.accelerators(["<Control><Alt>h"]), .mainMenu, .contextMenu]
        case .distributeVertically: [.accelerators(["<Control><Alt>v"]), .mainMenu, .contextMenu]
        case .group: [.accelerators(["<Control>g"]), .mainMenu, .contextMenu]
        case .ungroup: [.accelerators(["<Control><Shift>g"]), .mainMenu, .contextMenu]
        case .lock: [.accelerators(["<Control>l"]), .mainMenu, .contextMenu]
        case .unlock: [.keyboardEquivalent("win.unlock-all")]
        case .unlockAll: [.accelerators(["<Control><Shift>l"]), .mainMenu, .contextMenu]
        }
    }

    /// The accelerators to install, action by action.
    public static var accelerators: [(action: String, keys: [String])] {
        actions.keys.sorted().compactMap { action in
            for case .accelerators(let keys) in actions[action] ?? [] { return (action, keys) }
            return nil
        }
    }

    /// The canvas key that performs `command` on the selection, for its menu item.
    public static func canvasKey(for command: CanvasCommand) -> String? {
        for case .canvasKey(let key) in actions["win." + command.actionName] ?? [] { return key }
        return nil
    }

    /// Keys a focused text field needs for itself: deleting, selecting, the clipboard, its own
    /// undo, and selecting by words.
    static let textFieldKeys: Set<String> = [
        "Delete", "KP_Delete", "BackSpace", "<Control>a", "<Control>x", "<Control>c", "<Control>v",
        "<Control>z", "<Control><Shift>z", "<Control>y", "<Control><Shift>Left", "<Control><Shift>Right",
    ]

    /// The window actions to turn off while a text field of the window has the focus (the
    /// strip's emoji search, F1). GTK 4 runs a window's accelerators before the focused widget
    /// sees the key, so without this BackSpace in the search entry would delete the selected
    /// emojis; a disabled action's accelerator lets the key through to the field.
    public static var actionsSharingKeysWithTextFields: Set<String> {
        Set(accelerators.filter { !textFieldKeys.isDisjoint(with: $0.keys) }.map(\.action))
    }

    /// Whether the keyboard reaches the action `name` ("save") of a window or the application.
    public static func reaches(action name: String) -> Bool {
        !(actions["win." + name] ?? actions["app." + name] ?? []).isEmpty
    }
}
