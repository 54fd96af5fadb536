import CPangoCairo
import EmojiArtCore
import EmojiArtRenderTestSupport
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

/// A drag, resize or turn of the selection repaints only the rectangle the selection covers,
/// over the frame without it made when the selection was; each such frame is the whole frame,
/// pixel for pixel.
@Suite struct StillLayerTests {
    /// A user's drawing (sizes of their own, some turned and mirrored) crowded into the view,
    /// so the selection moves under and over emojis that are not selected.
    private static let model = UserShapedArt.model(emojiCount: 500, kinds: 24)
    private static let viewport = Viewport(zoom: 0.3, pan: ViewVector(dx: 9, dy: -5))
    private static let viewSize = ViewSize(width: 520, height: 400)

    /// A dozen emojis close together from the middle of the stack, so some lie above them and
    /// some below.
    private static var selection: Set<Int> {
        let middle = model.emojis[250].position
        func distance(_ emoji: Emoji) -> Double { hypot(emoji.position.x - middle.x, emoji.position.y - middle.y) }
        let nearest = model.emojis.dropFirst(100).dropLast(100).sorted { distance($0) < distance($1) }
        return Set(nearest.prefix(12).map(\.id))
    }

    private func frame(
        of layer: ContentLayer, _ model: EmojiArtModel, background: BackgroundImage? = nil, selection: Set<Int>,
        deviceScale: Double
    ) -> RenderedImage {
        RenderedImage(
            width: Int(Self.viewSize.width), height: Int(Self.viewSize.height), deviceScale: deviceScale
        ) { cr in
            layer.draw(
                model, background: background, viewport: Self.viewport, viewSize: Self.viewSize, deviceScale: deviceScale,
                selection: selection, into: cr, isInteractive: false)
        }
    }

    /// The whole frame, as a layer at a zoom it painted before paints it, and how many emojis
    /// it paints.
    private func wholeFrame(
        _ model: EmojiArtModel, background: BackgroundImage? = nil, selection: Set<Int>, deviceScale: Double
    ) -> (image: RenderedImage, paintedCount: Int) {
        let renderer = DocumentRenderer()
        let image = RenderedImage(
            width: Int(Self.viewSize.width), height: Int(Self.viewSize.height), deviceScale: deviceScale
        ) { cr in
            renderer.drawDirectly(
                model, background: background, viewport: Self.viewport, viewSize: Self.viewSize, deviceScale: deviceScale,
                selection: selection, intoImage: cairo_get_target(cr))
        }
        return (image, renderer.lastPaintedEmojiCount)
    }

    /// `model` with the selected emojis changed by `change`.
    private func changing(_ model: EmojiArtModel, _ selection: Set<Int>, _ change: (Emoji) -> Emoji) -> EmojiArtModel {
        var changed = model
        changed.update(model.emojis(withIDs: selection).map(change))
        return changed
    }

    @Test(
        "frames of a selection moved, resized and turned over others are the whole frames, pixel for pixel, and paint only the selection's part",
        arguments: [1.0, 2.0])
    func selectionFramesAreWhole(deviceScale: Double) throws {
        let background = try BackgroundImage(pngData: TestImages.redBluePNG(width: 400, height: 300))
        let selection = Self.selection
        let layer = ContentLayer()
        _ = frame(of: layer, Self.model, selection: [], deviceScale: deviceScale)
        _ = frame(of: layer, Self.model, background: background, selection: selection, deviceScale: deviceScale)
        #expect(layer.paintsSelectionAlone)

        var model = Self.model
        let steps: [(Emoji) -> Emoji] = [
            { $0.moved(by: DocumentVector(dx: 40, dy: 25)) },
            { $0.moved(by: DocumentVector(dx: 130.5, dy: -60.25)) },
            { $0.resized(by: 1.7) },
            { $0.turned(by: 33) },
            { $0.moved(by: DocumentVector(dx: -400, dy: -300)) },
        ]
        for (number, step) in steps.enumerated() {
            model = changing(model, selection, step)
            let rendersBefore = layer.renderCount
            let shown = frame(of: layer, model, background: background, selection: selection, deviceScale: deviceScale)
            let painted = layer.renderer.lastPaintedEmojiCount
            let whole = wholeFrame(model, background: background, selection: selection, deviceScale: deviceScale)

            #expect(layer.renderCount == rendersBefore + 1, "step \(number)")
            #expect(shown.differingPixelCount(from: whole.image, tolerance: 0) == 0, "step \(number)")
            #expect(painted < whole.paintedCount / 2, "step \(number): only the emojis crossing the selection's part")
        }
    }

    @Test("a change to an emoji that is not selected, a new selection or another view paints the whole frame again")
    func otherChangesPaintWhole() {
        let selection = Self.selection
        let layer = ContentLayer()
        _ = frame(of: layer, Self.model, selection: [], deviceScale: 1)
        _ = frame(of: layer, Self.model, selection: selection, deviceScale: 1)
        #expect(layer.paintsSelectionAlone)

        let unselected = try! #require(Self.model.emojis.first { !selection.contains($0.id) })
        var othersMoved = changing(Self.model, selection) { $0.moved(by: DocumentVector(dx: 10, dy: 0)) }
        othersMoved.update([unselected.moved(by: DocumentVector(dx: 0, dy: 50))])
        let shown = frame(of: layer, othersMoved, selection: selection, deviceScale: 1)
        let whole = wholeFrame(othersMoved, selection: selection, deviceScale: 1)
        #expect(shown.differingPixelCount(from: whole.image, tolerance: 0) == 0)
        #expect(layer.paintsSelectionAlone, "the frame without the selection made again")

        let none = frame(of: layer, othersMoved, selection: [], deviceScale: 1)
        #expect(!layer.paintsSelectionAlone, "nothing selected: no frame kept without it")
        #expect(none.differingPixelCount(from: wholeFrame(othersMoved, selection: [], deviceScale: 1).image, tolerance: 0) == 0)

        let everything = Set(Self.model.emojis.map(\.id))
        _ = frame(of: layer, othersMoved, selection: everything, deviceScale: 1)
        #expect(!layer.paintsSelectionAlone, "all selected: the whole frame is as quick")
    }
}

extension Emoji {
    fileprivate func resized(by factor: Double) -> Emoji {
        var emoji = self
        emoji.size *= factor
        return emoji
    }

    fileprivate func turned(by degrees: Double) -> Emoji {
        var emoji = self
        emoji.rotation += degrees
        return emoji
    }
}
