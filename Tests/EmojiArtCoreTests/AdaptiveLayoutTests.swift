import Testing

@testable import EmojiArtCore

/// X8: what a window keeps at its width, and how big its dialogs open.
@Suite struct AdaptiveLayoutTests {
    @Test("a phone-sized window leaves Redo to the menu and cuts the sharing status short; a desktop one shows them")
    func headerBar() {
        for width in [360, 480, 599] {
            let layout = AdaptiveLayout(windowWidth: width)
            #expect(layout.isNarrow)
            #expect(!layout.showsRedoButton)
            #expect(!layout.showsSharingStatusInFull)
        }
        for width in [600, 960, 3840] {
            let layout = AdaptiveLayout(windowWidth: width)
            #expect(!layout.isNarrow)
            #expect(layout.showsRedoButton)
            #expect(layout.showsSharingStatusInFull)
        }
    }

    @Test("a dialog opens at its own size, cut to the window that opens it, never below 360 × 294")
    func dialogSize() {
        func size(_ preferred: (Int, Int), _ window: (Int, Int)?) -> [Int] {
            let size = AdaptiveLayout.dialogSize(preferred: preferred, window: window)
            return [size.width, size.height]
        }
        #expect(size((760, 520), (960, 720)) == [760, 520])
        #expect(size((760, 520), (360, 640)) == [360, 520])
        #expect(size((420, 560), (360, 400)) == [360, 400])
        #expect(size((520, 600), (200, 100)) == [360, 294])
        #expect(size((520, 600), nil) == [520, 600])
        #expect(size((520, 600), (0, 0)) == [520, 600])
    }
}
