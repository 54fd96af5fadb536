import EmojiArtCore

/// Where the canvas (the white drawing area) is on the screen, and where document points show
/// in the view a document opens with: zoom 1, no pan, so the document origin is the canvas
/// centre and one point is one pixel (SPEC M1, M3).
struct CanvasGeometry: Sendable, CustomStringConvertible {
    /// The drawing area's pixels.
    let frame: ScreenRect

    /// Where the zoom controls float over the canvas's bottom-right corner (G2), with a margin:
    /// a measurement of what is drawn must not count them.
    var zoomControlsArea: ScreenRect {
        ScreenRect(minX: frame.maxX - 180, minY: frame.maxY - 60, maxX: frame.maxX, maxY: frame.maxY)
    }

    /// The view centre, where the document origin shows. Half a pixel when the width or height is
    /// odd: the canvas measures positions from its pixels' corners, as xdotool does.
    var centerX: Double { Double(frame.minX) + Double(frame.width) / 2 }
    var centerY: Double { Double(frame.minY) + Double(frame.height) / 2 }

    /// The pixel showing `point` at `zoom` with no pan.
    func screenPoint(for point: DocumentPoint, zoom: Double = 1) -> ScreenPoint {
        ScreenPoint(x: Int((centerX + point.x * zoom).rounded()), y: Int((centerY + point.y * zoom).rounded()))
    }

    /// The document point under the pixel `point` at zoom 1 with no pan.
    func documentPoint(for point: ScreenPoint) -> DocumentPoint {
        DocumentPoint(x: Double(point.x) - centerX, y: Double(point.y) - centerY)
    }

    /// The pixels of `emoji`'s square at zoom 1, grown by `margin` on each side: a region that
    /// holds all of its glyph and its selection mark.
    func screenRect(around emoji: Emoji, margin: Int = 12) -> ScreenRect {
        let topLeft = screenPoint(for: DocumentPoint(x: emoji.frame.minX, y: emoji.frame.minY))
        let bottomRight = screenPoint(for: DocumentPoint(x: emoji.frame.maxX, y: emoji.frame.maxY))
        return ScreenRect(
            minX: topLeft.x - margin, minY: topLeft.y - margin, maxX: bottomRight.x + margin, maxY: bottomRight.y + margin)
    }

    /// A pixel on the canvas's left edge, inside the accent outline the canvas draws while
    /// something is dragged over it.
    var dropHighlightProbe: ScreenPoint {
        ScreenPoint(x: frame.minX + 2, y: frame.center.y)
    }

    /// Finds the canvas in a screenshot of `window`: the white paper runs from the header bar
    /// down to the palette bar (both grey), and across the window inside its border. Scans
    /// from the window's edges inwards, along a row and a column that emojis near the middle
    /// cannot block (or, on a drawing that covers the canvas, `locateInsideChrome`). Nil until
    /// the canvas has been drawn.
    static func locate(in shot: Screenshot, window: ScreenRect) -> CanvasGeometry? {
        locateOnPaper(in: shot, window: window) ?? locateInsideChrome(in: shot, window: window)
    }

    private static func locateOnPaper(in shot: Screenshot, window: ScreenRect) -> CanvasGeometry? {
        let row = window.center.y
        guard let left = (window.minX..<window.maxX).first(where: { shot[$0, row].isWhite }),
            let right = (window.minX..<window.maxX).last(where: { shot[$0, row].isWhite })
        else { return nil }
        let column = left + 2
        guard let top = (window.minY..<window.maxY).first(where: { shot[column, $0].isWhite }),
            let bottom = (window.minY..<window.maxY).last(where: { shot[column, $0].isWhite })
        else { return nil }
        let frame = ScreenRect(minX: left, minY: top, maxX: right + 1, maxY: bottom + 1)
        // Most of the window is canvas; anything smaller is not drawn yet or not a canvas.
        guard frame.width > window.width / 2, frame.height > window.height / 2 else { return nil }
        return CanvasGeometry(frame: frame)
    }

    /// Finds a canvas whose emojis cover it edge to edge, so no paper shows: inside the window's
    /// chrome — the neutral greys of its border, header bar and palette bar — along the same row
    /// and column, once colour fills most of that row (a canvas not drawn yet is not colourful).
    private static func locateInsideChrome(in shot: Screenshot, window: ScreenRect) -> CanvasGeometry? {
        func isChrome(_ pixel: RGB) -> Bool {
            pixel.red == pixel.green && pixel.green == pixel.blue && (200...252).contains(pixel.red)
        }
        let row = window.center.y
        guard let left = (window.minX..<window.maxX).first(where: { !isChrome(shot[$0, row]) }),
            let right = (window.minX..<window.maxX).last(where: { !isChrome(shot[$0, row]) }),
            left - window.minX < 16, window.maxX - right < 16
        else { return nil }
        let column = left + 2
        guard let top = (window.minY..<window.maxY).first(where: { !isChrome(shot[column, $0]) }),
            let bottom = (window.minY..<window.maxY).last(where: { !isChrome(shot[column, $0]) })
        else { return nil }
        let frame = ScreenRect(minX: left, minY: top, maxX: right + 1, maxY: bottom + 1)
        let colourful = (left...right).count { shot[$0, row].chroma > 40 }
        guard frame.width > window.width / 2, frame.height > window.height / 2, colourful > frame.width / 2 else { return nil }
        return CanvasGeometry(frame: frame)
    }

    var description: String { "canvas \(frame)" }
}
