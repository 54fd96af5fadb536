/// What the canvas shows about its background (SPEC B2, B4, B5), found in a screenshot: the
/// spinner in its centre, the failure toast at its bottom, the image's extent.
extension OpenDocument {
    /// The box at the canvas centre where the 48 px loading spinner (B2) is drawn, a little larger.
    var spinnerRegion: ScreenRect {
        let center = canvas.frame.center
        return ScreenRect(minX: center.x - 30, minY: center.y - 30, maxX: center.x + 30, maxY: center.y + 30)
    }

    /// Pixels of the spinner's grey strokes in `spinnerRegion`: dark and colourless, unlike the
    /// white paper, a red image or an emoji.
    func spinnerPixelCount(in shot: Screenshot) -> Int {
        shot.count(in: spinnerRegion) { $0.luminance < 200 && $0.chroma < 24 }
    }

    /// The failure message (B4): libadwaita's toast, a dark grey band across most of the canvas
    /// near its bottom edge. Rows where at least `share` of the pixels (40 %: its light text
    /// covers much of the rest; less for a short message's toast) are that dark grey make up
    /// the band; nil when there is none.
    func toastBand(in shot: Screenshot, share: Double = 0.4) -> ScreenRect? {
        let frame = canvas.frame
        let inner = (frame.minX + 30)..<(frame.maxX - 30)
        func isToastRow(_ y: Int) -> Bool {
            let dark = inner.filter { x in
                let colour = shot[x, y]
                return colour.luminance < 110 && colour.chroma < 16
            }.count
            return Double(dark) >= Double(inner.count) * share
        }
        let rows = ((frame.maxY - 120)..<frame.maxY).filter(isToastRow)
        guard let top = rows.first, let bottom = rows.last, bottom - top >= 24 else { return nil }
        let left = (frame.minX..<frame.maxX).first { shot[$0, top + 4].luminance < 110 } ?? frame.minX
        let right = (frame.minX..<frame.maxX).last { shot[$0, top + 4].luminance < 110 } ?? frame.maxX
        return ScreenRect(minX: left, minY: top, maxX: right + 1, maxY: bottom + 1)
    }

    /// The toast's button (B4's Retry, Export's Open): a shade lighter than the toast, found along a row
    /// just inside the band's top edge, above the text.
    func toastButton(in shot: Screenshot, toast: ScreenRect) -> ScreenPoint? {
        // The button is centred in the toast, which grows a line for each line of its wrapped
        // sentence: read a row a little above the middle, inside the button but above its label.
        let y = (toast.minY + toast.maxY) / 2 - 12
        // The toast's own grey: the commonest shade along the row (its ends are round, and the
        // sentence's glyphs cross the row).
        var shades: [Int: Int] = [:]
        for x in toast.minX..<toast.maxX { shades[Int(shot[x, y].luminance), default: 0] += 1 }
        let background = shades.max { $0.value < $1.value }?.key ?? 0
        func isLighter(_ x: Int) -> Bool {
            let colour = shot[x, y]
            let difference = Int(colour.luminance) - background
            return colour.chroma < 16 && difference > 6 && difference < 60
        }
        // The longest run of lighter pixels: the button's fill, not the edges of the text's glyphs.
        var best: ClosedRange<Int>?
        var start: Int?
        for x in toast.minX...toast.maxX {
            if x < toast.maxX, isLighter(x) {
                if start == nil { start = x }
            } else if let first = start {
                if (x - 1) - first > (best.map { $0.upperBound - $0.lowerBound } ?? -1) { best = first...(x - 1) }
                start = nil
            }
        }
        guard let run = best, run.upperBound - run.lowerBound >= 30 else { return nil }
        return ScreenPoint(x: (run.lowerBound + run.upperBound) / 2, y: (toast.minY + toast.maxY) / 2)
    }

    /// The bounding box of the pure red pixels on the canvas: where a red test image is drawn.
    func redBox(in shot: Screenshot) -> ScreenRect? {
        shot.boundingBox(in: canvas.frame) { $0.isClose(to: RGB(red: 255, green: 0, blue: 0), tolerance: 8) }
    }
}
