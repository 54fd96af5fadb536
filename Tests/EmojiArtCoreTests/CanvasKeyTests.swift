import EmojiArtCore
import Testing

/// The canvas reads keys through one table (issue 50: the App's switch and the keyboard-access
/// list were two copies that could drift).
@Suite struct CanvasKeyTests {
    @Test("every canvas key the keyboard-access list names is a key the canvas reads, and does what the list says")
    func listedKeysAreRead() {
        let expected: [CanvasCommand: CanvasKey] = [
            .bringToFront: .home, .bringForward: .pageUp, .sendBackward: .pageDown, .sendToBack: .end,
            .rotateLeft: .rotateLeft, .rotateRight: .rotateRight, .flipHorizontally: .flip,
        ]
        for (command, key) in expected {
            let name = KeyboardAccess.canvasKey(for: command)
            #expect(name.flatMap { CanvasKey(keyName: $0, modifiers: []) } == key, "\(command): \(name ?? "no key")")
        }
        for (action, paths) in KeyboardAccess.actions {
            for case .canvasKey(let name) in paths {
                #expect(CanvasKey.byKeyName[name] != nil, "\(action)'s canvas key \(name) is not read by the canvas")
            }
        }
    }

    @Test("Ctrl and Alt leave every key to the window; Shift+F10 and Menu open the context menu; the keypad's twins work")
    func modifiersAndTwins() {
        #expect(CanvasKey(keyName: "Left", modifiers: [.control]) == nil)
        #expect(CanvasKey(keyName: "h", modifiers: [.alt]) == nil)
        #expect(CanvasKey(keyName: "Left", modifiers: [.shift]) == .left)
        #expect(CanvasKey(keyName: "F10", modifiers: [.shift]) == .menu)
        #expect(CanvasKey(keyName: "F10", modifiers: []) == nil)
        #expect(CanvasKey(keyName: "Menu", modifiers: []) == .menu)
        #expect(CanvasKey(keyName: "KP_Page_Up", modifiers: []) == .pageUp)
        #expect(CanvasKey(keyName: "braceright", modifiers: [.shift]) == .rotateRight)
        #expect(CanvasKey(keyName: "a", modifiers: []) == nil)
    }
}
