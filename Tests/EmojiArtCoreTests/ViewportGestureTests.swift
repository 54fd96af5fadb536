import PropertyBased
import Testing

@testable import EmojiArtCore

/// SPEC G2 and G3: a live pinch and drag on top of the steady viewport, and committing it.
@Suite struct ViewportGestureTests {
    let view = ViewSize(width: 800, height: 600)

    static var gesture: Generator<ViewportGesture, some SendableSequenceType> {
        zip(ViewportGen.factor, ViewportGen.viewPoint, ViewportGen.translation)
            .map { values in ViewportGesture(scale: values.0, anchor: values.1, translation: values.2) }
    }

    @Test("after committing, the canvas shows exactly the last live frame")
    func commitEqualsApplying() async {
        await propertyCheck(input: ViewportGen.viewport, ViewportGen.size, Self.gesture) {
            steady, size, gesture in
            let live = steady.applying(gesture, in: size)
            let committed = live
            #expect(committed.applying(.identity, in: size) == live)
        }
    }

    @Test("the point under the pinch's start follows the fingers, and zoom is steady × scale")
    func gestureFollowsFingers() async {
        await propertyCheck(input: ViewportGen.viewport, ViewportGen.size, Self.gesture) {
            steady, size, gesture in
            let grabbed = steady.documentPoint(for: gesture.anchor, in: size)
            let live = steady.applying(gesture, in: size)
            #expect(isClose(live.viewPoint(for: grabbed, in: size), gesture.anchor.offset(by: gesture.translation)))
            #expect(live.zoom == Viewport.clampedZoom(steady.zoom * gesture.scale))
        }
    }

    @Test("no gesture leaves the viewport exactly as it is")
    func identityGesture() async {
        await propertyCheck(input: ViewportGen.viewport, ViewportGen.size) { steady, size in
            #expect(steady.applying(.identity, in: size) == steady)
        }
    }

    @Test("a pinch of 2 at (100, 100) dragged 10 px right doubles the zoom around the fingers")
    func pinchAndDragExample() {
        let steady = Viewport(zoom: 1.5)
        let gesture = ViewportGesture(scale: 2, anchor: ViewPoint(x: 100, y: 100), translation: ViewVector(dx: 10, dy: 0))
        let grabbed = steady.documentPoint(for: gesture.anchor, in: view)
        let live = steady.applying(gesture, in: view)
        #expect(live.zoom == 3)
        #expect(isClose(live.viewPoint(for: grabbed, in: view), ViewPoint(x: 110, y: 100)))
    }

    @Test("a pinch past the zoom limit stops at the limit")
    func pinchClamps() {
        let live = Viewport(zoom: 15).applying(ViewportGesture(scale: 2, anchor: ViewPoint(x: 5, y: 5)), in: view)
        #expect(live.zoom == 20)
    }

    @Test(
        "a pinch scale that is not a positive finite number is ignored, the drag still applies",
        arguments: [0, -2, .nan, .infinity] as [Double])
    func badScaleIgnored(scale: Double) {
        let steady = Viewport(zoom: 2, pan: ViewVector(dx: 1, dy: 1))
        let gesture = ViewportGesture(scale: scale, anchor: ViewPoint(x: 9, y: 9), translation: ViewVector(dx: 3, dy: 4))
        #expect(steady.applying(gesture, in: view) == Viewport(zoom: 2, pan: ViewVector(dx: 4, dy: 5)))
    }

    @Test("a drag alone pans by its translation and keeps the zoom")
    func dragAlone() {
        let steady = Viewport(zoom: 0.5, pan: ViewVector(dx: -7, dy: 0))
        let live = steady.applying(ViewportGesture(translation: ViewVector(dx: 20, dy: -30)), in: view)
        #expect(live == Viewport(zoom: 0.5, pan: ViewVector(dx: 13, dy: -30)))
    }
}
