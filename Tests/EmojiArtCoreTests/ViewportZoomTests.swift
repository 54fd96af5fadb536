import Foundation
import PropertyBased
import Testing

@testable import EmojiArtCore

/// SPEC G1, G2 and G5: zooming around a point, and zooming to fit.
@Suite struct ViewportZoomTests {
    let view = ViewSize(width: 800, height: 600)

    // MARK: Zoom

    @Test("zooming keeps the document point under the anchor where it was, even at a limit")
    func zoomKeepsAnchorFixed() async {
        await propertyCheck(
            input: ViewportGen.viewport, ViewportGen.size, ViewportGen.viewPoint, ViewportGen.factor
        ) { viewport, size, anchor, factor in
            let underAnchor = viewport.documentPoint(for: anchor, in: size)
            let zoomed = viewport.zoomed(by: factor, around: anchor, in: size)
            #expect(isClose(zoomed.viewPoint(for: underAnchor, in: size), anchor))
        }
    }

    @Test("zoom never leaves its range, however many factors are applied")
    func zoomStaysInRange() async {
        await propertyCheck(
            input: ViewportGen.viewport, ViewportGen.viewPoint, ViewportGen.factor.array(of: 1...30)
        ) { start, anchor, factors in
            let end = factors.reduce(start) { $0.zoomed(by: $1, around: anchor, in: view) }
            #expect(Viewport.zoomRange.contains(end.zoom))
        }
    }

    @Test("zooming multiplies the zoom by the factor when it stays in range")
    func zoomMultiplies() {
        let zoomed = Viewport(zoom: 2).zoomed(by: 1.5, around: ViewPoint(x: 10, y: 10), in: view)
        #expect(zoomed.zoom == 3)
    }

    @Test(
        "a zoom beyond the range is clamped to its nearest limit",
        arguments: [(2.0, 100.0, 20.0), (2.0, 0.001, 0.05), (20.0, 1.1, 20.0), (0.05, 0.5, 0.05)])
    func zoomClamps(start: Double, factor: Double, expected: Double) {
        let zoomed = Viewport(zoom: start).zoomed(by: factor, around: ViewPoint(x: 0, y: 0), in: view)
        #expect(zoomed.zoom == expected)
    }

    @Test("zooming further at a limit changes nothing, not even the pan by rounding")
    func zoomAtLimitIsStable() {
        let atMax = Viewport(zoom: 20, pan: ViewVector(dx: 0.1, dy: 1234.567))
        let anchor = ViewPoint(x: 333.3, y: 17.01)
        #expect(atMax.zoomed(by: Viewport.wheelZoomStep, around: anchor, in: view) == atMax)
    }

    @Test(
        "a zoom factor that is not a positive finite number is ignored",
        arguments: [0, -1, -.infinity, .infinity, .nan, -.nan] as [Double])
    func badFactorsIgnored(factor: Double) {
        let viewport = Viewport(zoom: 2, pan: ViewVector(dx: 5, dy: 6))
        #expect(viewport.zoomed(by: factor, around: ViewPoint(x: 1, y: 2), in: view) == viewport)
    }

    @Test("an anchor that is not finite is ignored")
    func badAnchorIgnored() {
        let viewport = Viewport(zoom: 2)
        #expect(viewport.zoomed(by: 2, around: ViewPoint(x: .nan, y: 0), in: view) == viewport)
        #expect(viewport.zoomed(by: 2, around: ViewPoint(x: 0, y: .infinity), in: view) == viewport)
    }

    @Test("ten wheel notches in and ten out come back to the start")
    func wheelNotchesReverse() {
        let anchor = ViewPoint(x: 123, y: 456)
        let start = Viewport(zoom: 1, pan: ViewVector(dx: 30, dy: -40))
        let zoomedIn = (0..<10).reduce(start) { viewport, _ in
            viewport.zoomed(by: Viewport.wheelZoomStep, around: anchor, in: view)
        }
        #expect(abs(zoomedIn.zoom - pow(1.1, 10)) < 1e-12)
        let back = (0..<10).reduce(zoomedIn) { viewport, _ in
            viewport.zoomed(by: 1 / Viewport.wheelZoomStep, around: anchor, in: view)
        }
        #expect(abs(back.zoom - 1) < 1e-12)
        #expect(abs(back.pan.dx - 30) < 1e-9 && abs(back.pan.dy + 40) < 1e-9)
    }

    // MARK: Fit

    @Test("fitting centres the rect and shows all of it as large as the zoom range allows")
    func fitCentresAndContains() async {
        await propertyCheck(input: ViewportGen.viewport, ViewportGen.size, ViewportGen.rect) {
            start, size, rect in
            let fitted = start.fitting(rect, in: size)
            #expect(isClose(fitted.viewPoint(for: rect.center, in: size), size.center))
            let idealZoom = min(size.width / rect.width, size.height / rect.height)
            guard Viewport.zoomRange.contains(idealZoom) else {
                #expect(fitted.zoom == Viewport.clampedZoom(idealZoom))
                return
            }
            let topLeft = fitted.viewPoint(for: DocumentPoint(x: rect.minX, y: rect.minY), in: size)
            let bottomRight = fitted.viewPoint(for: DocumentPoint(x: rect.maxX, y: rect.maxY), in: size)
            let slack = 1e-6
            #expect(topLeft.x >= -slack && topLeft.y >= -slack)
            #expect(bottomRight.x <= size.width + slack && bottomRight.y <= size.height + slack)
            // As large as possible: it touches the view on at least one axis.
            let fillsWidth = abs((bottomRight.x - topLeft.x) - size.width) < slack
            let fillsHeight = abs((bottomRight.y - topLeft.y) - size.height) < slack
            #expect(fillsWidth || fillsHeight)
        }
    }

    @Test("an image centred on the origin fits with a zero pan (SPEC G1)")
    func fitImageAtOrigin() {
        let image = DocumentRect(center: .zero, size: DocumentSize(width: 1600, height: 600))
        let fitted = Viewport(zoom: 7, pan: ViewVector(dx: 99, dy: -99)).fitting(image, in: view)
        #expect(fitted.zoom == 0.5)
        #expect(fitted.pan.dx == 0 && fitted.pan.dy == 0)
    }

    @Test("an off-centre rect is moved to the view's centre")
    func fitOffCentre() {
        let rect = DocumentRect(minX: 100, minY: 100, maxX: 300, maxY: 200)
        let fitted = Viewport().fitting(rect, in: ViewSize(width: 400, height: 400))
        #expect(fitted.zoom == 2)
        #expect(fitted.pan == ViewVector(dx: -400, dy: -300))
    }

    @Test(
        "fitting clamps the zoom for tiny and huge rects",
        arguments: [(1.0, 20.0), (1_000_000.0, 0.05)])
    func fitClamps(side: Double, expected: Double) {
        let rect = DocumentRect(center: .zero, size: DocumentSize(width: side, height: side))
        #expect(Viewport().fitting(rect, in: ViewSize(width: 1000, height: 1000)).zoom == expected)
    }

    @Test(
        "fitting in a view with no room leaves the viewport unchanged",
        arguments: [
            ViewSize(width: 0, height: 0), ViewSize(width: 0, height: 600), ViewSize(width: 800, height: -1),
            ViewSize(width: .nan, height: 600), ViewSize(width: 800, height: .infinity),
        ])
    func fitNeedsRoom(size: ViewSize) {
        let viewport = Viewport(zoom: 3, pan: ViewVector(dx: 1, dy: 2))
        let rect = DocumentRect(minX: -10, minY: -10, maxX: 10, maxY: 10)
        #expect(viewport.fitting(rect, in: size) == viewport)
    }

    @Test("fitting a rect that is not finite leaves the viewport unchanged")
    func fitNeedsFiniteRect() {
        let viewport = Viewport(zoom: 3, pan: ViewVector(dx: 1, dy: 2))
        let rect = DocumentRect(minX: -.infinity, minY: 0, maxX: 10, maxY: .nan)
        #expect(viewport.fitting(rect, in: view) == viewport)
    }

    @Test("fitting a single point centres it at the current zoom")
    func fitPoint() {
        let point = DocumentRect(minX: 10, minY: 20, maxX: 10, maxY: 20)
        let fitted = Viewport(zoom: 3).fitting(point, in: view)
        #expect(fitted.zoom == 3)
        #expect(fitted.viewPoint(for: DocumentPoint(x: 10, y: 20), in: view) == view.center)
    }

    @Test("a line of emojis fits along its one dimension")
    func fitLine() {
        let line = DocumentRect(minX: -200, minY: 0, maxX: 200, maxY: 0)
        #expect(Viewport().fitting(line, in: view).zoom == 2)
    }
}

@Suite struct ZoomLevelTextTests {
    @Test("the zoom controls' level: whole percents, from the smallest zoom to the largest")
    func levels() {
        #expect(Viewport(zoom: 1).zoomLevelText == "100%")
        #expect(Viewport(zoom: 2.499).zoomLevelText == "250%")
        #expect(Viewport(zoom: Viewport.zoomRange.lowerBound).zoomLevelText == "5%")
        #expect(Viewport(zoom: Viewport.zoomRange.upperBound).zoomLevelText == "2000%")
    }
}
