import EmojiArtCore
import Testing

/// Every verb the app offers is reachable without a pointer (SPEC A2): each action has a
/// keyboard path, and every key that performs one is listed in the Keyboard Shortcuts window.
@Suite struct KeyboardAccessTests {
    @Test("every action has at least one keyboard path")
    func everyActionHasAPath() {
        #expect(KeyboardAccess.actions.count >= 35)
        for (action, paths) in KeyboardAccess.actions {
            #expect(!paths.isEmpty, "\(action) has no keyboard path")
            #expect(action.hasPrefix("win.") || action.hasPrefix("app."), "\(action)")
        }
    }

    @Test("every canvas verb of the menus (S4–S9, B7, U4) has a key or a menu item the keyboard opens")
    func everyCanvasCommandIsReachable() {
        for command in CanvasCommand.allCases {
            let paths = KeyboardAccess.actions["win." + command.actionName] ?? []
            let hasKey = paths.contains { if case .accelerators = $0 { true } else if case .canvasKey = $0 { true } else { false } }
            let inMenu = paths.contains(.mainMenu) || paths.contains(.contextMenu)
            let equivalent = paths.compactMap { if case .keyboardEquivalent(let other) = $0 { other } else { nil } }
            #expect(hasKey || inMenu || !equivalent.isEmpty, "\(command) has neither a key nor a menu item")
            for other in equivalent {
                #expect(KeyboardAccess.actions[other]?.contains(.mainMenu) == true, "\(command)'s equivalent \(other) is in the main menu")
            }
            #expect(KeyboardAccess.reaches(action: command.actionName))
        }
    }

    @Test("every accelerator and canvas key of an action is listed in the Keyboard Shortcuts window")
    func everyKeyIsListed() {
        let listed = KeyboardShortcutsList.listedAccelerators
        for (action, paths) in KeyboardAccess.actions {
            for path in paths {
                switch path {
                case .accelerators(let keys):
                    #expect(!keys.isEmpty, "\(action)")
                    // Every alternative too (Ctrl+Y beside Ctrl+Shift+Z), except the keypad's twins of listed keys.
                    for key in keys where !key.contains("KP_") {
                        #expect(listed.contains(key), "\(action)'s \(key) is not in the Keyboard Shortcuts window")
                    }
                case .canvasKey(let key):
                    #expect(listed.contains(key), "\(action)'s canvas key \(key) is not in the Keyboard Shortcuts window")
                default:
                    break
                }
            }
        }
        // The keys that open the menus the other paths go through are listed too.
        for key in ["F10", "Menu", "<Shift>F10", "Tab", "<Control>Tab", "Return"] {
            #expect(listed.contains(key), "\(key) is not in the Keyboard Shortcuts window")
        }
    }

    @Test("each page of the Keyboard Shortcuts window fits two of GTK's columns of 15 rows, a title row per section")
    func pagesFitTwoColumns() {
        for page in KeyboardShortcutsList.pages {
            let rows = page.sections.map { 1 + $0.shortcuts.count }.reduce(0, +)
            #expect(rows <= 30, "“\(page.title)” needs \(rows) rows: GTK would page it, and warn")
        }
        #expect(Set(KeyboardShortcutsList.pages.flatMap(\.sections).map(\.title)).count == KeyboardShortcutsList.sections.count)
    }

    @Test("accelerators are installed from the list, each key for one action only")
    func acceleratorsAreUnique() {
        let keys = KeyboardAccess.accelerators.flatMap(\.keys)
        #expect(Set(keys).count == keys.count, "\(keys)")
        #expect(KeyboardAccess.accelerators.contains { $0.action == "win.print" && $0.keys == ["<Control>p"] })
        #expect(KeyboardAccess.canvasKey(for: .bringToFront) == "Home")
        #expect(KeyboardAccess.canvasKey(for: .copy) == nil)
        #expect(!KeyboardAccess.reaches(action: "no-such-action"))
    }

    @Test("the Keyboard Shortcuts window names every shortcut")
    func shortcutsHaveTitles() {
        for section in KeyboardShortcutsList.sections {
            #expect(!section.title.isEmpty)
            for shortcut in section.shortcuts {
                #expect(!shortcut.title.isEmpty && !shortcut.accelerator.isEmpty, "\(shortcut)")
            }
        }
    }

    @Test("the actions whose keys a text field needs are turned off while one has the focus; Save and Find stay on (F1)")
    func textFieldKeys() {
        let yielding = KeyboardAccess.actionsSharingKeysWithTextFields
        for action in [
            "win.delete", "win.select-all", "win.cut", "win.copy", "win.paste", "win.undo", "win.redo",
            "win.align-left", "win.align-right",
        ] {
            #expect(yielding.contains(action), "\(action)")
        }
        for action in ["win.save", "win.find-emoji", "win.duplicate", "win.align-top", "app.quit"] {
            #expect(!yielding.contains(action), "\(action)")
        }
    }
}
