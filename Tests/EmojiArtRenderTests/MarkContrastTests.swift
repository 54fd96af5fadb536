import CPangoCairo
import EmojiArtCore
import EmojiArtRenderTestSupport
import Testing

@testable import EmojiArtRender

/// X10 in pixels: drawn in high contrast's colours, every mark the canvas draws over a picture —
/// the selection mark, the frame and its handles, the rubber band, a snap guide, a group outline,
/// another's selection — has, where each of its lines passes (within a dash's length), a pixel
/// contrasting at least 4.5:1 (WCAG AA) with the canvas under it, on white, mid-grey and black.
@Suite struct MarkContrastTests {
    static let canvases: [(name: String, colour: RGBColour)] = [
        ("white", .white), ("mid-grey", RGBColour(red: 0.46, green: 0.46, blue: 0.46)), ("black", .black),
    ]
    static let colours = MarkColours.forStyle(accent: .gnomeBlue, highContrast: true, foreground: nil, background: nil)
    static let size = ViewSize(width: 200, height: 200)

    /// Each mark, drawn in `colours`, with points its lines pass through.
    nonisolated(unsafe) static let marks: [(name: String, draw: (MarkColours, OpaquePointer) -> Void, crossings: [(x: Int, y: Int)])] = [
        (
            "selection mark",
            { colours, cr in SelectionMark.draw(around: ViewPoint(x: 100, y: 100), side: 60, colours: colours, into: cr) },
            [(67, 100), (133, 100)]
        ),
        (
            "selection frame",
            { colours, cr in
                let frame = SelectionFrame(
                    around: DocumentRect(minX: -50, minY: -40, maxX: 50, maxY: 60), viewport: Viewport(), viewSize: size)
                SelectionFrameOverlay.draw(frame, colours: colours, into: cr)
            },
            [(50, 130), (150, 130)]
        ),
        (
            "rubber band",
            { colours, cr in
                SelectionFrameOverlay.drawRubberBand(ViewRect(minX: 40, minY: 40, maxX: 160, maxY: 160), colours: colours, into: cr)
            },
            [(40, 100), (160, 100)]
        ),
        (
            "snap guide",
            { colours, cr in
                let guide = SnapGuide(orientation: .vertical, position: 0, span: -80...80)
                SnapGuideOverlay.draw([guide], viewport: Viewport(), viewSize: size, colours: colours, into: cr)
            },
            [(100, 100)]
        ),
        (
            "group outline",
            { colours, cr in
                let marks = ArrangementMarks(groupOutlines: [ViewRect(minX: 30, minY: 30, maxX: 170, maxY: 170)], lockBadge: nil)
                ArrangementMarksOverlay.draw(marks, colours: colours, into: cr)
            },
            [(30, 100), (170, 100)]
        ),
        (
            "another's selection",
            { colours, cr in
                let other = PresenceOverlay.Participant(
                    name: "Ann", colour: (0.9, 0.8, 0.1), pointer: nil, selection: [DocumentRect(minX: -40, minY: -40, maxX: 40, maxY: 40)])
                PresenceOverlay.draw([other], viewport: Viewport(), viewSize: size, colours: colours, into: cr)
            },
            [(57, 100), (143, 100)]
        ),
    ]

    @Test("every mark stands out 4.5:1 across each of its lines, on white, grey and black", arguments: 0..<marks.count)
    func standsOut(mark index: Int) {
        let mark = Self.marks[index]
        for canvas in Self.canvases {
            let image = RenderedImage(width: 200, height: 200) { cr in
                cairo_set_source_rgb(cr, canvas.colour.red, canvas.colour.green, canvas.colour.blue)
                cairo_paint(cr)
                mark.draw(Self.colours, cr)
            }
            for crossing in mark.crossings {
                // Around the crossing: across the line, and along it past a dash's gap.
                var best = 1.0
                for y in crossing.y - 6...crossing.y + 6 {
                    for x in crossing.x - 6...crossing.x + 6 {
                        best = max(best, Self.colour(of: image.pixel(x: x, y: y)).contrastRatio(with: canvas.colour))
                    }
                }
                #expect(best >= 4.5, "the \(mark.name) on \(canvas.name) at \(crossing): at most \(best):1")
            }
        }
    }

    @Test("the usual colours are lighter: GNOME's blue alone does not reach 4.5:1 on white")
    func usualColoursAreNotEnough() {
        let image = RenderedImage(width: 200, height: 200) { cr in
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            SelectionFrameOverlay.drawRubberBand(ViewRect(minX: 40, minY: 40, maxX: 160, maxY: 160), colours: .standard, into: cr)
        }
        let best = (34...46).map { Self.colour(of: image.pixel(x: $0, y: 100)).contrastRatio(with: .white) }.max() ?? 1
        #expect(best < 4.5)
    }

    /// A pixel of an opaque image as a colour (the canvas was painted first, so every pixel is).
    static func colour(of pixel: Pixel) -> RGBColour {
        RGBColour(red: Double(pixel.red) / 255, green: Double(pixel.green) / 255, blue: Double(pixel.blue) / 255)
    }
}
