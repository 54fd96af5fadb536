import Foundation
import Testing

@testable import EmojiArtCore

/// One classifier for drops and pastes (D1–D5), and what accepting each kind does.
@MainActor @Suite struct CanvasContentTests {
    @Test(
        "text is classified as a URL, local files, an emoji or nothing (D1, D2, D4)",
        arguments: [
            ("https://example.com/cat.jpg", CanvasContent.imageURL(URL(string: "https://example.com/cat.jpg")!)),
            (
                "  https://www.google.com/imgres?imgurl=https%3A%2F%2Fa.b%2Fc.png&x=1 ",
                .imageURL(URL(string: "https://a.b/c.png")!)
            ),
            ("file:///tmp/photo.png", .imageFile(URL(string: "file:///tmp/photo.png")!)),
            (
                "file:///tmp/a.emojiart\r\nfile:///tmp/b.emojiart",
                .documents([URL(string: "file:///tmp/a.emojiart")!, URL(string: "file:///tmp/b.emojiart")!])
            ),
            (" 🐶", .emoji("🐶")),
            ("🐻‍❄️ and friends", .emoji("🐻‍❄️")),
            ("hello", .unusable),
            ("ftp://example.com/a.png", .unusable),
        ])
    func classifyText(text: String, expected: CanvasContent) {
        #expect(CanvasContent.classify(text: text) == expected)
    }

    @Test(
        "a file list: the first decides — a web link, documents, or a local image (D2)",
        arguments: [
            ([URL(string: "https://example.com/x.png")!], CanvasContent.imageURL(URL(string: "https://example.com/x.png")!)),
            (
                [URL(fileURLWithPath: "/tmp/a.EmojiArt"), URL(fileURLWithPath: "/tmp/b.png")],
                .documents([URL(fileURLWithPath: "/tmp/a.EmojiArt")])
            ),
            ([URL(fileURLWithPath: "/tmp/b.png")], .imageFile(URL(fileURLWithPath: "/tmp/b.png"))),
            ([], .unusable),
        ])
    func classifyFiles(files: [URL], expected: CanvasContent) {
        #expect(CanvasContent.classify(files: files) == expected)
    }

    @Test("a dropped emoji lands under the pointer at the default size on screen, at any zoom (D1, G4)", arguments: [0.5, 1, 3])
    func dropEmoji(zoom: Double) {
        let canvas = makeCanvas([])
        _ = canvas.zoomViewAroundCenter(by: zoom)
        _ = canvas.pan(by: ViewVector(dx: 30, dy: -20))
        let point = ViewPoint(x: 123, y: 456)
        _ = canvas.accept(.emoji("🐶"), at: point, from: .drop)
        let emoji = canvas.document.model.emojis.first!
        let drawn = canvas.effectiveViewport.viewPoint(for: emoji.position, in: canvas.viewSize)
        #expect(close(drawn.x, 123) && close(drawn.y, 456))
        #expect(close(emoji.size * canvas.viewport.zoom, 40))
    }

    @Test("what the canvas cannot do itself becomes a request; a refusal names how it came (D2, D3, D5)")
    func requests() {
        let canvas = makeCanvas([])
        let file = URL(fileURLWithPath: "/tmp/p.png")
        #expect(canvas.accept(.imageFile(file), at: nil, from: .drop).request == .embedImageFile(file))
        #expect(canvas.accept(.imageBytes(Data([1])), at: nil, from: .paste).request == .embedImageBytes(Data([1])))
        #expect(canvas.accept(.documents([file]), at: nil, from: .drop).request == .openDocuments([file]))
        #expect(
            canvas.accept(.unusable, at: nil, from: .paste).request
                == .showMessage("Only emojis, images and image links can be pasted here."))
        #expect(
            canvas.accept(.unusable, at: nil, from: .drop).request
                == .showMessage("Only emojis, images and image links can be dropped here."))
    }

    @Test(
        "the background URL entry takes http(s) only, unwrapping imgurl=, and says why otherwise (B7)",
        arguments: [
            ("https://example.com/a.png", true), (" http://example.com/a.png ", true),
            ("file:///etc/passwd", false), ("example.com/a.png", false), ("", false), ("javascript:alert(1)", false),
        ])
    func backgroundURLInput(text: String, accepted: Bool) {
        switch BackgroundURLInput.validate(text) {
        case .success(let url): #expect(accepted && url.isWebURL)
        case .failure(let refusal): #expect(!accepted && !refusal.description.isEmpty)
        }
    }
}

/// B5 in one place: when an arriving background is fitted.
@MainActor @Suite struct CanvasBackgroundPolicyTests {
    private let frame = DocumentRect(minX: -500, minY: -250, maxX: 500, maxY: 250)
    private let url = Background.url(URL(string: "https://example.com/a.png")!)

    @Test("a background the user sets is fitted when it arrives")
    func userSetBackgroundIsFitted() {
        let canvas = makeCanvas([])
        _ = canvas.setBackgroundByUser(url)
        #expect(canvas.documentChanged(.background, loadedBackground: .blank).contains(.startLoading))
        _ = canvas.backgroundArrived(frame: frame)
        #expect(canvas.viewport == Viewport().fitting(frame, in: canvas.viewSize))
    }

    @Test("a background that arrives before the window’s first layout is fitted into the canvas's real size")
    func arrivesBeforeFirstLayout() {
        let canvas = CanvasInteraction(document: EmojiArtDocument(model: EmojiArtModel()))
        _ = canvas.fitBackgroundWhenItArrives()
        _ = canvas.backgroundArrived(frame: frame)
        #expect(canvas.viewport == Viewport(), "nothing to fit into yet")
        let size = ViewSize(width: 800, height: 600)
        #expect(canvas.resized(to: size).contains(.redraw))
        #expect(canvas.viewport == Viewport().fitting(frame, in: size))
        _ = canvas.zoom(by: 2, around: ViewPoint(x: 400, y: 300), time: 0)
        let zoomed = canvas.viewport
        _ = canvas.resized(to: ViewSize(width: 900, height: 600))
        #expect(canvas.viewport == zoomed, "only the first layout fits")
    }

    @Test("a fitted view stays fitted when the window shrinks or grows; a view the user zoomed stays as it is (G1)")
    func fittedViewFollowsTheWindow() {
        let canvas = makeCanvas([])
        _ = canvas.backgroundArrived(frame: frame)
        _ = canvas.zoomToFit()
        for size in [ViewSize(width: 400, height: 500), ViewSize(width: 1200, height: 300)] {
            #expect(canvas.resized(to: size).contains(.viewportChanged))
            #expect(canvas.viewport == Viewport().fitting(frame, in: size), "fitted at \(size)")
        }
        _ = canvas.zoomViewAroundCenter(by: 2)
        let zoomed = canvas.viewport
        #expect(!canvas.resized(to: ViewSize(width: 700, height: 700)).contains(.viewportChanged))
        #expect(canvas.viewport == zoomed)
    }

    @Test("a zoom or pan while it loads keeps the user's view")
    func userMovedViewIsKept() {
        let canvas = makeCanvas([])
        _ = canvas.setBackgroundByUser(url)
        _ = canvas.documentChanged(.background, loadedBackground: .blank)
        _ = canvas.pan(by: ViewVector(dx: 10, dy: 0))
        _ = canvas.backgroundArrived(frame: frame)
        #expect(canvas.viewport.pan == ViewVector(dx: 10, dy: 0))
        #expect(canvas.viewport.zoom == 1)
    }

    @Test("a reopened document keeps its saved view; one never opened here is fitted")
    func reopenedDocument() {
        let reopened = makeCanvas([])
        _ = reopened.restore(viewport: Viewport(zoom: 2, pan: ViewVector(dx: 5, dy: 5)))
        _ = reopened.backgroundArrived(frame: frame)
        #expect(reopened.viewport == Viewport(zoom: 2, pan: ViewVector(dx: 5, dy: 5)))
        let fresh = makeCanvas([])
        _ = fresh.fitBackgroundWhenItArrives()
        _ = fresh.backgroundArrived(frame: frame)
        #expect(fresh.viewport == Viewport().fitting(frame, in: fresh.viewSize))
    }

    @Test("a failed background fits nothing; Retry fits it when it then arrives (B4)")
    func retryFits() {
        let canvas = makeCanvas([])
        _ = canvas.setBackgroundByUser(url)
        _ = canvas.documentChanged(.background, loadedBackground: .blank)
        canvas.backgroundFailed()
        _ = canvas.backgroundArrived(frame: frame)
        #expect(canvas.viewport == Viewport())
        #expect(canvas.retryBackground().contains(.startLoading))
        _ = canvas.backgroundArrived(frame: frame)
        #expect(canvas.viewport == Viewport().fitting(frame, in: canvas.viewSize))
    }

    @Test("Remove Background is its own step (B7); double-click then fits the emojis (G1)")
    func removeBackground() {
        let canvas = makeCanvas()
        _ = canvas.setBackgroundByUser(url)
        _ = canvas.backgroundArrived(frame: frame)
        _ = canvas.setBackgroundByUser(.blank, named: ActionName.removeBackground)
        _ = canvas.backgroundArrived(frame: nil)
        #expect(canvas.document.undoStack.undoActionName == "Remove Background")
        _ = canvas.zoomToFit()
        #expect(canvas.viewport == Viewport().fitting(canvas.document.model.emojiBounds!, in: canvas.viewSize))
    }
}
