/// What a dragged selection can snap to (R1): the left, centre and right (x) and top, middle
/// and bottom (y) lines of the other emojis in view, of the background image's frame and the
/// document's origin. Built once when a drag starts — the targets do not move during it, since
/// snapping never moves anything that is not dragged — and asked once per frame of the drag.
public struct SnapTargets: Sendable {
    /// How close a frame's line must come to a target's to snap, in view pixels (R1): the same
    /// reach on screen at every zoom.
    public static let toleranceInPixels = 6.0

    /// `toleranceInPixels` in document points at `zoom`: what `snap` takes.
    public static func tolerance(atZoom zoom: Double) -> Double {
        toleranceInPixels / zoom
    }

    /// Lines x = c, each reaching along y as far as the frames it came from.
    let verticalLines: SnapLines
    /// Lines y = c, each reaching along x as far as the frames it came from.
    let horizontalLines: SnapLines

    /// Targets from the frames of the things that stay put: those meeting `visibleRect` (the
    /// document area the canvas shows), `background` (the image's frame, when there is one)
    /// whether in view or not, and the origin (0, 0).
    public init(frames: some Sequence<DocumentRect>, background: DocumentRect?, visibleRect: DocumentRect) {
        var vertical: [SnapLines.Line] = []
        var horizontal: [SnapLines.Line] = []
        func add(_ frame: DocumentRect) {
            guard frame.isSnappable else { return }
            let alongY = frame.minY...frame.maxY
            vertical.append(SnapLines.Line(position: frame.minX, extent: alongY))
            vertical.append(SnapLines.Line(position: frame.center.x, extent: alongY))
            vertical.append(SnapLines.Line(position: frame.maxX, extent: alongY))
            let alongX = frame.minX...frame.maxX
            horizontal.append(SnapLines.Line(position: frame.minY, extent: alongX))
            horizontal.append(SnapLines.Line(position: frame.center.y, extent: alongX))
            horizontal.append(SnapLines.Line(position: frame.maxY, extent: alongX))
        }
        for frame in frames where frame.intersects(visibleRect) {
            add(frame)
        }
        if let background { add(background) }
        add(DocumentRect(center: .zero, size: DocumentSize(width: 0, height: 0)))
        verticalLines = SnapLines(vertical)
        horizontalLines = SnapLines(horizontal)
    }

    /// Targets for dragging the emojis `moving` among `emojis`: every other emoji's box as it
    /// is drawn (turned emojis included), when it is in `visibleRect`.
    public init(emojis: [Emoji], moving: Set<Emoji.ID>, background: DocumentRect?, visibleRect: DocumentRect) {
        self.init(
            frames: emojis.lazy.filter { !moving.contains($0.id) }.map(\.boundingBox),
            background: background, visibleRect: visibleRect)
    }
}

extension DocumentRect {
    /// Whether the frame can take part in snapping: finite and not turned inside out, as every
    /// emoji's box is. Anything else is left alone rather than trapping on a range of NaN.
    var isSnappable: Bool {
        minX.isFinite && maxX.isFinite && minY.isFinite && maxY.isFinite && minX <= maxX && minY <= maxY
    }
}
