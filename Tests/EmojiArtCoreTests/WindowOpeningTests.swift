import Testing

@testable import EmojiArtCore

/// W4, P6, B5: the view a document's window opens with.
@Suite struct WindowOpeningTests {
    @Test("a document opened here before comes back at its zoom, pan, palette and size")
    func remembered() {
        let state = WindowState(zoom: 2.5, panX: -40, panY: 12, paletteID: 7, windowWidth: 1200, windowHeight: 800)
        let opening = WindowOpening(remembered: state)
        let viewport = Viewport(zoom: 2.5, pan: ViewVector(dx: -40, dy: 12))
        #expect(opening.view == .remembered(viewport))
        #expect(opening.firstViewport == viewport)
        #expect(opening.paletteID == 7)
        #expect(opening.windowSize == ViewSize(width: 1200, height: 800))
        #expect(!opening.isMaximized)
        #expect(WindowOpening(remembered: WindowState(windowWidth: 360, windowHeight: 600, isMaximized: true)).isMaximized)
    }

    @Test("a size known in one direction only is a new window's")
    func halfASize() {
        let opening = WindowOpening(remembered: WindowState(zoom: 1, windowWidth: 1200, windowHeight: nil))
        #expect(opening.windowSize == nil)
        #expect(opening.paletteID == nil)
    }

    @Test("a document never opened here fits its background once loaded, from a new viewport, at a new window's size")
    func fresh() {
        let opening = WindowOpening(remembered: nil)
        #expect(opening.view == .fitBackgroundWhenItArrives)
        #expect(opening.firstViewport == Viewport())
        #expect(opening.paletteID == nil)
        #expect(opening.windowSize == nil)
        #expect(!opening.isMaximized)
    }
}
