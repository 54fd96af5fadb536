import PropertyBased
import Testing

@testable import EmojiArtCore

/// SPEC M1, G3 and G5: the transform between document and view, and panning.
@Suite struct ViewportTests {
    let view = ViewSize(width: 800, height: 600)

    // MARK: Conversions

    @Test("view to document to view is the identity")
    func viewDocumentViewRoundTrip() async {
        await propertyCheck(input: ViewportGen.viewport, ViewportGen.size, ViewportGen.viewPoint) {
            viewport, size, point in
            let document = viewport.documentPoint(for: point, in: size)
            #expect(isClose(viewport.viewPoint(for: document, in: size), point))
        }
    }

    @Test("document to view to document is the identity")
    func documentViewDocumentRoundTrip() async {
        await propertyCheck(input: ViewportGen.viewport, ViewportGen.size, ViewportGen.documentPoint) {
            viewport, size, point in
            let shown = viewport.viewPoint(for: point, in: size)
            #expect(isClose(viewport.documentPoint(for: shown, in: size), point))
        }
    }

    @Test("the document origin is drawn at the view's centre moved by the pan")
    func originAtCenterPlusPan() {
        #expect(Viewport().viewPoint(for: .zero, in: view) == ViewPoint(x: 400, y: 300))
        let viewport = Viewport(zoom: 2, pan: ViewVector(dx: 10, dy: -20))
        #expect(viewport.viewPoint(for: .zero, in: view) == ViewPoint(x: 410, y: 280))
        #expect(viewport.documentOrigin(in: view) == ViewPoint(x: 410, y: 280))
    }

    @Test("a document point is drawn at centre + pan + point × zoom")
    func conversionExample() {
        let viewport = Viewport(zoom: 2, pan: ViewVector(dx: 10, dy: -20))
        let point = DocumentPoint(x: 5, y: -5)
        #expect(viewport.viewPoint(for: point, in: view) == ViewPoint(x: 420, y: 270))
        #expect(viewport.documentPoint(for: ViewPoint(x: 420, y: 270), in: view) == point)
    }

    // MARK: Creation

    @Test(
        "a new viewport's zoom is clamped, and one that is not a positive finite number is 1",
        arguments: [
            (1.0, 1.0), (0.05, 0.05), (20.0, 20.0), (100.0, 20.0), (0.001, 0.05),
            (0.0, 1.0), (-3.0, 1.0), (.infinity, 1.0), (.nan, 1.0),
        ])
    func initClampsZoom(zoom: Double, expected: Double) {
        #expect(Viewport(zoom: zoom).zoom == expected)
    }

    @Test("the tuning constants match SPEC G1 and G5")
    func constants() {
        #expect(Viewport.zoomRange == 0.05...20)
        #expect(Viewport.wheelZoomStep == 1.1)
        #expect(Viewport.arrowKeyPanStep == 40)
    }

    // MARK: Pan

    @Test("panning moves every document point by the translation on screen")
    func panMovesEverything() async {
        await propertyCheck(
            input: ViewportGen.viewport, ViewportGen.size, ViewportGen.documentPoint, ViewportGen.translation
        ) { viewport, size, point, translation in
            let before = viewport.viewPoint(for: point, in: size)
            let after = viewport.panned(by: translation).viewPoint(for: point, in: size)
            #expect(isClose(after, before.offset(by: translation)))
        }
    }

    @Test("an arrow key press pans by 40 pixels and keeps the zoom")
    func arrowKeyPan() {
        let viewport = Viewport(zoom: 3).panned(by: ViewVector(dx: -Viewport.arrowKeyPanStep, dy: 0))
        #expect(viewport.pan == ViewVector(dx: -40, dy: 0))
        #expect(viewport.zoom == 3)
    }

    @Test("a translation that is not finite is ignored")
    func badTranslationIgnored() {
        let viewport = Viewport(zoom: 2, pan: ViewVector(dx: 5, dy: 6))
        #expect(viewport.panned(by: ViewVector(dx: .nan, dy: 1)) == viewport)
        #expect(viewport.panned(by: ViewVector(dx: 1, dy: -.infinity)) == viewport)
    }
}
