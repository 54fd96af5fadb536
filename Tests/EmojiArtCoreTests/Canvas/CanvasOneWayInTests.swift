import Foundation
import Testing

@testable import EmojiArtCore

/// Every input returns what the UI must do, and the audit's interaction bugs stay fixed
/// (U3, U4, X3, S8, B2, B4).
@MainActor @Suite struct CanvasOneWayInTests {
    @Test("the menus' verbs go through one table: Rotate uses the canvas's own step; the clipboard and dialogs are requests")
    func commandTable() {
        let canvas = makeCanvas()
        _ = canvas.selectAll()
        _ = canvas.perform(.rotateLeft)
        #expect(canvas.emoji("😀")?.rotation == -CanvasInteraction.rotationStep)
        _ = canvas.perform(.rotateRight)
        #expect(canvas.emoji("😀")?.rotation == 0)
        #expect(canvas.perform(.copy).request == .putOnClipboard(ClipboardEmojis(copying: canvas.selectedEmojis)))
        #expect(canvas.perform(.setBackgroundFromFile).request == .chooseBackgroundFile)
        #expect(canvas.perform(.setBackgroundFromURL).request == .askForBackgroundURL)
        #expect(canvas.perform(.paste).request == nil, "nothing on the clipboard: Paste cannot act")
        _ = canvas.clipboardChanged(offering: ContentOffer([.emojis, .text]))
        #expect(canvas.perform(.paste).request == .readClipboard)
        let cut = canvas.perform(.cut)
        #expect(cut.request.map { if case .putOnClipboard = $0 { true } else { false } } == true)
        #expect(canvas.document.model.emojis.isEmpty)
        #expect(canvas.document.undoStack.undoActionName == "Cut")
        _ = canvas.perform(.undo)
        #expect(canvas.document.model.emojis.count == 3)
    }

    @Test("Undo first ends the running drag, so the drag is a step of its own")
    func undoEndsDrag() {
        let canvas = makeCanvas()
        _ = canvas.press(count: 1, at: canvas.view(0, 0), modifiers: [])
        _ = canvas.dragBegan(at: canvas.view(0, 0), modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: 30, dy: 0), modifiers: [])
        _ = canvas.perform(.undo)
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 0, y: 0))
        #expect(canvas.document.canRedo)
    }

    @Test("Ctrl+scroll during a drag leaves the drag one Move step and the sizes as they were (U3, S8)")
    func ctrlScrollDuringDrag() {
        let canvas = makeCanvas()
        let start = canvas.view(0, 0)
        _ = canvas.press(count: 1, at: start, modifiers: [])
        _ = canvas.dragBegan(at: start, modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: 10, dy: 0), modifiers: [])
        _ = canvas.scrolled(dx: 0, dy: -1, isWheel: true, modifiers: .control, time: 1)
        _ = canvas.dragUpdated(offset: ViewVector(dx: 20, dy: 0), modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: 30, dy: 0), modifiers: [])
        _ = canvas.dragEnded(offset: ViewVector(dx: 40, dy: 0), modifiers: [])
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 40, y: 0))
        #expect(canvas.emoji("😀")?.size == 40)
        #expect(canvas.document.undoStack.undoCount == 1)
        #expect(canvas.document.undoStack.undoActionName == "Move")
    }

    @Test("a second finger during a drag leaves the drag be (U3)")
    func pinchDuringDrag() {
        let canvas = makeCanvas()
        let start = canvas.view(0, 0)
        _ = canvas.press(count: 1, at: start, modifiers: [])
        _ = canvas.dragBegan(at: start, modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: 10, dy: 0), modifiers: [])
        _ = canvas.pinchBegan(at: start)
        _ = canvas.pinchScaled(to: 2)
        _ = canvas.pinchEnded()
        _ = canvas.dragEnded(offset: ViewVector(dx: 20, dy: 0), modifiers: [])
        #expect(canvas.emoji("😀")?.size == 40)
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 20, y: 0))
        #expect(canvas.document.undoStack.undoCount == 1)
    }

    @Test("a nudge during a drag joins the drag's Move, and the drag's next frame keeps it")
    func nudgeDuringDrag() {
        let canvas = makeCanvas()
        let start = canvas.view(0, 0)
        _ = canvas.press(count: 1, at: start, modifiers: [])
        _ = canvas.dragBegan(at: start, modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: 10, dy: 0), modifiers: [])
        _ = canvas.key(.down, modifiers: .shift, time: 1)
        _ = canvas.dragEnded(offset: ViewVector(dx: 20, dy: 0), modifiers: [])
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 20, y: 10))
        #expect(canvas.document.undoStack.undoCount == 1)
        #expect(canvas.document.undoStack.undoActionName == "Move")
    }

    @Test("keyed turns and scales wait while a handle drag runs")
    func keysDuringHandleDrag() throws {
        let canvas = makeCanvas()
        _ = canvas.press(count: 1, at: canvas.view(0, 0), modifiers: [])
        let corner = try #require(canvas.selectionFrame).center(of: .bottomRight)
        _ = canvas.dragBegan(at: corner, modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: 20, dy: 20), modifiers: [])
        #expect(canvas.key(.rotateRight, modifiers: [], time: 1) == [])
        _ = canvas.dragEnded(offset: ViewVector(dx: 20, dy: 20), modifiers: [])
        #expect(canvas.emoji("😀")?.rotation == 0)
        #expect(canvas.document.undoStack.undoCount == 1)
        #expect(canvas.document.undoStack.undoActionName == "Scale")
    }

    @Test("a click or Tab ends a burst of nudges: the next nudge is a step of its own (U3)", arguments: [true, false])
    func clickOrTabEndsBurst(byClick: Bool) {
        let canvas = makeCanvas()
        _ = canvas.press(count: 1, at: canvas.view(0, 0), modifiers: [])
        _ = canvas.key(.right, modifiers: [], time: 1)
        if byClick {
            _ = canvas.press(count: 1, at: canvas.view(200, 0), modifiers: [])
        } else {
            _ = canvas.key(.tab, modifiers: [], time: 1.1)
        }
        _ = canvas.key(.right, modifiers: [], time: 1.2)
        #expect(canvas.document.undoStack.undoCount == 2)
    }

    @Test("empty canvas shows the grab cursor (a drag there pans); a selected emoji the move cursor (X3)")
    func cursors() {
        let canvas = makeCanvas()
        _ = canvas.pointerMoved(to: canvas.view(100, -200))
        #expect(canvas.cursor == .grab)
        _ = canvas.pointerMoved(to: canvas.view(0, 0))
        #expect(canvas.cursor == .standard)
        _ = canvas.press(count: 1, at: canvas.view(0, 0), modifiers: [])
        #expect(canvas.cursor == .move)
    }

    @Test("the loader's status: spinner while fetching, the failure kept for Retry, a broken embedded image said once (B2, B4)")
    func backgroundStatus() {
        let canvas = makeCanvas([])
        let url = URL(string: "https://example.com/a.png")!
        let fetching = canvas.backgroundLoaderChanged(status: .fetching(url), frame: nil, embeddedImageError: nil)
        #expect(fetching.effects.contains(.backgroundStatus) && canvas.isFetchingBackground)
        _ = canvas.backgroundLoaderChanged(status: .failed(url: url, error: .notFound), frame: nil, embeddedImageError: nil)
        #expect(!canvas.isFetchingBackground)
        #expect(canvas.backgroundFailure == FetchStatus.failed(url: url, error: .notFound).failureMessage)
        #expect(canvas.retryBackground() == .startLoading)
        let broken = canvas.backgroundLoaderChanged(status: .idle, frame: nil, embeddedImageError: .notAnImage)
        #expect(canvas.backgroundFailure == nil)
        #expect(broken.request.map { if case .showMessage = $0 { true } else { false } } == true)
    }

    @Test("the hint shows only on an empty canvas: no emojis and no background (X4)")
    func emptyHint() {
        #expect(makeCanvas([]).showsEmptyHint)
        #expect(!makeCanvas().showsEmptyHint)
        let withBackground = makeCanvas([])
        _ = withBackground.setBackgroundByUser(.url(URL(string: "https://example.com/a.png")!))
        #expect(!withBackground.showsEmptyHint)
    }

    @Test("a document change reported while an input runs is taken in at once: no deferral needed")
    func reentrantDocumentChange() {
        let canvas = makeCanvas()
        var effects: [CanvasEffects] = []
        canvas.document.onChange = { change in effects.append(canvas.documentChanged(change, loadedBackground: .blank)) }
        _ = canvas.press(count: 1, at: canvas.view(0, 0), modifiers: [])
        _ = canvas.perform(.delete)
        #expect(canvas.selection.isEmpty)
        #expect(effects.contains { $0.contains(.selection) }, "the deleted emoji left the selection as the change arrived")
        _ = canvas.paste(ClipboardEmojis(copying: [canvas.emoji("🌲")!]))
        #expect(canvas.selection.ids.count == 1, "the pasted emoji is selected after the change was taken in")
    }

    @Test("zoom steps keep the view settling until a quiet moment; then one crisp frame")
    func settling() {
        let canvas = makeCanvas([])
        #expect(canvas.scrolled(dx: 0, dy: -1, isWheel: true, modifiers: .control, time: 0).contains(.viewStepped))
        #expect(canvas.isInteractive)
        #expect(canvas.viewSettled() == .redraw)
        #expect(!canvas.isInteractive)
        #expect(canvas.viewSettled() == [], "settled once, nothing more to draw")
    }
}

/// D4 as one list, for drop and paste alike.
@Suite struct ContentOfferTests {
    @Test("formats are read in D4's order: our emojis, files, text, then an image")
    func order() {
        #expect(ContentOffer([.image, .text, .files, .emojis]).firstFormat == .emojis)
        #expect(ContentOffer([.image, .text]).firstFormat == .text)
        #expect(ContentOffer([.image]).firstFormat == .image)
        #expect(ContentOffer().firstFormat == nil)
    }

    @Test("a URL in text beats image bytes beside it; emoji text gives way to the image (D4)")
    func urlBeatsImage() {
        let offer = ContentOffer([.image, .text])
        let url = CanvasContent.classify(text: "https://example.com/cat.jpg")
        #expect(offer.format(after: .text, read: url) == nil)
        #expect(offer.format(after: .text, read: .classify(text: "🐶")) == .image)
        #expect(offer.format(after: .text, read: .unusable) == .image)
        #expect(ContentOffer([.text]).format(after: .text, read: .classify(text: "🐶")) == nil)
    }

    @Test("what cannot be used gives way to the next format offered, else stays unusable")
    func fallThrough() {
        let offer = ContentOffer([.files, .text])
        #expect(offer.format(after: .files, read: .unusable) == .text)
        #expect(offer.format(after: .text, read: .unusable) == nil)
    }
}
