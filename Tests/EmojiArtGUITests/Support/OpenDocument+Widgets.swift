/// Where the window's widgets are, found in a screenshot rather than assumed, so a theme's
/// paddings can change without breaking the tests.
extension OpenDocument {
    /// A point on the first emoji button of the palette bar: along the bar's middle row, the
    /// first colourful pixel right of the (grey) palette chooser, moved a little into the glyph.
    func firstPaletteEmojiButton(in shot: Screenshot) -> ScreenPoint? {
        let y = (canvas.frame.maxY + windowFrame.maxY) / 2
        guard let x = (windowFrame.minX..<windowFrame.maxX).first(where: { shot[$0, y].chroma > 80 }) else { return nil }
        return ScreenPoint(x: x + 6, y: y)
    }

    /// The undo and redo buttons' icons: the first two clusters of pixels unlike the header
    /// bar's background along its middle row, each grown into a box the height of the bar.
    func historyButtons(in shot: Screenshot) -> (undo: ScreenRect, redo: ScreenRect)? {
        let top = windowFrame.minY + 6
        let bottom = canvas.frame.minY - 6
        let y = (top + bottom) / 2
        let background = shot[windowFrame.minX + 8, y]
        var clusters: [ClosedRange<Int>] = []
        for x in (windowFrame.minX + 8)..<(windowFrame.minX + windowFrame.width / 3)
        where !shot[x, y].isClose(to: background, tolerance: 8) {
            if let last = clusters.last, x - last.upperBound <= 4 {
                clusters[clusters.count - 1] = last.lowerBound...x
            } else {
                clusters.append(x...x)
            }
        }
        guard clusters.count >= 2 else { return nil }
        func box(_ cluster: ClosedRange<Int>) -> ScreenRect {
            ScreenRect(minX: cluster.lowerBound - 6, minY: top, maxX: cluster.upperBound + 7, maxY: bottom)
        }
        return (box(clusters[0]), box(clusters[1]))
    }
}
