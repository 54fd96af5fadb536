import EmojiArtTestSupport

/// The palette bar of a window as a screen reader finds it (AT-SPI, SPEC A2), placed on the
/// screen: the chooser's two halves and the emoji buttons wholly in view, in the palette's order
/// (left to right; right to left in Arabic and Hebrew, X9) — found by their roles and names, so a theme's paddings or colours can change without breaking a test.
struct PaletteStrip: Sendable {
    /// The chooser's name (activates the next palette) and its menu arrow.
    var chooserName: ScreenRect
    var chooserMenu: ScreenRect
    /// The emoji buttons the strip shows in full, and their spoken names.
    var emojiButtons: [ScreenRect]
    var emojiNames: [String]

    /// Reads it from `tree` for the window called `title` at `windowFrame` (GTK 4 gives frames in
    /// the window's coordinates; its surface has an even margin around them); nil while the
    /// window or its strip is not in the tree yet. `chooserPrefix` begins the chooser's name in
    /// the app's language.
    init?(tree: AccessibleNode, title: String, windowFrame: ScreenRect, chooserPrefix: String = "Palette: ") {
        // By its title only: GTK 4.8 reports a window opened later (Ctrl+N) as a "filler".
        guard let window = tree.children.first(where: { $0.name == title }),
            let windowSize = window.frame, windowSize.count == 4,
            let toChooser = window.path(to: { $0.role == "panel" && $0.name.hasPrefix(chooserPrefix) }),
            toChooser.count >= 2
        else { return nil }
        let margin = (x: (windowFrame.width - windowSize[2]) / 2, y: (windowFrame.height - windowSize[3]) / 2)
        func onScreen(_ node: AccessibleNode) -> ScreenRect? {
            guard let frame = node.frame, frame.count == 4 else { return nil }
            return ScreenRect(
                x: windowFrame.minX + margin.x + frame[0], y: windowFrame.minY + margin.y + frame[1], width: frame[2], height: frame[3])
        }
        let chooser = toChooser[toChooser.count - 1]
        let bar = toChooser[toChooser.count - 2]
        let halves = chooser.children.filter { $0.role == "push button" }
        guard halves.count == 2, let name = onScreen(halves[0]), let menu = onScreen(halves[1]),
            let scroller = bar.children.first(where: { $0.role == "scroll pane" }), let view = onScreen(scroller)
        else { return nil }
        chooserName = name
        chooserMenu = menu
        let inView = scroller.allNodes.filter { $0.role == "push button" }.compactMap { node in
            onScreen(node).flatMap { $0.minX >= view.minX && $0.maxX <= view.maxX ? (node.name, $0) : nil }
        }
        emojiButtons = inView.map(\.1)
        emojiNames = inView.map(\.0)
    }
}

extension OpenDocument {
    /// The window's palette strip, once the app's tree has it with at least `minimumButtons`
    /// emoji buttons. The app must have been launched `accessible`.
    func paletteStrip(minimumButtons: Int = 1, chooserPrefix: String = "Palette: ", timeout: Duration = .seconds(20)) async throws
        -> PaletteStrip
    {
        try await paletteStrip(chooserPrefix: chooserPrefix, timeout: timeout) { $0.emojiButtons.count >= minimumButtons ? $0 : nil }
    }

    /// Waits until the palette strip satisfies `probe` (returns non-nil) and returns its value.
    func paletteStrip<Value>(
        _ awaited: String = "the palette strip shows", chooserPrefix: String = "Palette: ", timeout: Duration = .seconds(20),
        _ probe: (PaletteStrip) throws -> Value?
    ) async throws -> Value {
        guard let bus = app.accessibilityBus else {
            throw ExternalCommand.Failure(description: "the palette strip is read through AT-SPI: launch the app with `accessible: true`")
        }
        return try await waitFor(awaited, timeout: timeout) {
            let title = try await title()
            let tree = try await AccessibleTree.read(app, on: bus)
            guard let strip = PaletteStrip(tree: tree, title: title, windowFrame: windowFrame, chooserPrefix: chooserPrefix) else {
                throw NotYet("no palette strip in the window “\(title)” of the accessible tree, which has \(tree.children.map(\.summary))")
            }
            guard let value = try probe(strip) else { throw NotYet("the strip shows \(strip.emojiNames)") }
            return value
        }
    }

    /// A point on the first emoji button of the palette strip.
    func firstPaletteEmojiButton() async throws -> ScreenPoint {
        try await paletteStrip().emojiButtons[0].center
    }

    /// Clicks the palette chooser's arrow and returns once its menu shows: a popover is a window
    /// of its own on X11, taller than any tooltip. Keys typed then go to the menu (its items'
    /// mnemonics: "e" Edit…, "n" New, "d" Delete…, "m" Manage…).
    func openPaletteMenu() async throws {
        let chooser = try await paletteStrip()
        let windowsBefore = Set(try await app.visibleWindows())
        try await input.click(at: chooser.chooserMenu.center)
        try await waitUntil("the palette menu opens") {
            for window in try await app.visibleWindows() where !windowsBefore.contains(window) {
                if try await app.frame(of: window).height > 100 { return true }
            }
            return false
        }
    }
}
