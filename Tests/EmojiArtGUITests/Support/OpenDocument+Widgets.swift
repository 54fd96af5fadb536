import EmojiArtTestSupport
/// Where the window's widgets are, found in a screenshot rather than assumed, so a theme's
/// paddings can change without breaking the tests.
extension OpenDocument {
    /// The palette bar's middle row, through its emojis and the chooser's label.
    var paletteBarRow: Int { (canvas.frame.maxY + windowFrame.maxY) / 2 }

    /// A point on the first emoji button of the palette bar: along the bar's middle row, the
    /// first colourful pixel right of the (grey) palette chooser, moved a little into the glyph.
    func firstPaletteEmojiButton(in shot: Screenshot) -> ScreenPoint? {
        let y = paletteBarRow
        guard let x = (windowFrame.minX..<windowFrame.maxX).first(where: { shot[$0, y].chroma > 80 }) else { return nil }
        return ScreenPoint(x: x + 6, y: y)
    }

    /// The palette chooser (P2), a split button: its name, which goes to the next palette, then
    /// a dark down-arrow that opens its menu, left of the first (colourful) emoji of the strip.
    /// Across the bar's middle rows the name's letters and the arrow are clusters of columns
    /// holding dark pixels (the small arrow sits a little above the middle row, so one row is
    /// not enough); the last cluster before the first emoji — or, for an empty palette, before
    /// a wide empty gap — is the arrow, the ones before it the name. Returns a point on each.
    func paletteChooser(in shot: Screenshot) -> (name: ScreenPoint, menuArrow: ScreenPoint)? {
        let y = paletteBarRow
        let end = firstPaletteEmojiButton(in: shot)?.x ?? min(windowFrame.maxX, windowFrame.minX + 400)
        func isDark(_ x: Int) -> Bool {
            ((y - 8)...(y + 8)).contains { shot[x, $0].luminance < 110 && shot[x, $0].chroma < 30 }
        }
        var clusters: [ClosedRange<Int>] = []
        for x in windowFrame.minX..<end where isDark(x) {
            if let last = clusters.last, x - last.upperBound <= 3 {
                clusters[clusters.count - 1] = last.lowerBound...x
            } else if let last = clusters.last, x - last.upperBound > 40 {
                break  // past the chooser, in an empty strip
            } else {
                clusters.append(x...x)
            }
        }
        guard clusters.count >= 2, let first = clusters.first, let arrow = clusters.last else { return nil }
        let nameEnd = clusters[clusters.count - 2].upperBound
        return (ScreenPoint(x: (first.lowerBound + nameEnd) / 2, y: y), ScreenPoint(x: (arrow.lowerBound + arrow.upperBound) / 2, y: y - 3))
    }

    /// Clicks the palette chooser's arrow and returns once its menu shows: a popover is a window
    /// of its own on X11, taller than any tooltip. Keys typed then go to the menu (its items'
    /// mnemonics: "e" Edit…, "n" New, "d" Delete…, "m" Manage…).
    func openPaletteMenu() async throws {
        let shot = try await settledScreenshot()
        let chooser = try await waitFor("the palette chooser is found") { paletteChooser(in: shot) }
        let windowsBefore = Set(try await app.visibleWindows())
        try await input.click(at: chooser.menuArrow)
        try await waitUntil("the palette menu opens") {
            for window in try await app.visibleWindows() where !windowsBefore.contains(window) {
                if try await app.frame(of: window).height > 100 { return true }
            }
            return false
        }
    }

    /// How many emoji buttons the palette strip shows between `minX` and `maxX` (the part of
    /// the bar not covered by another window): clusters of colourful pixels along the bar's
    /// middle row. Neighbouring buttons' glyphs are about 15 px apart, while the gaps inside
    /// one glyph (an eye, a white patch) are narrower than 12 px.
    func paletteStripEmojiCount(in shot: Screenshot, fromX minX: Int? = nil, toX maxX: Int? = nil) -> Int {
        let y = paletteBarRow
        var count = 0
        var lastInk: Int?
        for x in (minX ?? windowFrame.minX)..<(maxX ?? windowFrame.maxX) where shot[x, y].chroma > 80 {
            if lastInk.map({ x - $0 > 12 }) ?? true { count += 1 }
            lastInk = x
        }
        return count
    }
}
