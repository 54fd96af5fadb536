import CPangoCairo
import EmojiArtCore
import EmojiArtRenderTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

/// A scene written to /tmp/render-check.png so a person can look at it: colour emojis at their
/// sizes over a centred background, with selection marks.
@Suite struct RenderSnapshotTests {
    static let path = "/tmp/render-check.png"

    @Test("a sample scene renders and is written for inspection")
    func sampleScene() throws {
        let backgroundPNG = TestImages.png(width: 400, height: 240) { cr in
            let gradient = cairo_pattern_create_linear(0, 0, 400, 0)
            cairo_pattern_add_color_stop_rgb(gradient, 0, 0.95, 0.95, 0.85)
            cairo_pattern_add_color_stop_rgb(gradient, 1, 0.10, 0.15, 0.30)
            cairo_set_source(cr, gradient)
            cairo_paint(cr)
            cairo_pattern_destroy(gradient)
        }
        let background = try BackgroundImage(pngData: backgroundPNG)
        let model = TestImages.model([
            ("😀", -120, 0, 120), ("\u{2600}", 40, -60, 80), ("🐶", 150, 60, 40), ("\u{2764}", 40, 60, 60),
            ("🐻‍❄️", -200, -90, 30), ("🇫🇷", 190, -90, 20), ("🌵", 300, 0, 40),
        ])
        let viewSize = ViewSize(width: 480, height: 320)
        let image = RenderedImage(width: 480, height: 320, pngPath: Self.path) { cr in
            cairo_set_source_rgb(cr, 0.5, 0.5, 0.5)
            cairo_paint(cr)
            DocumentRenderer().draw(
                model, background: background, viewport: Viewport(), viewSize: viewSize, deviceScale: 1,
                selection: [1, 3], into: cr)
        }
        #expect(image.count(where: \.isColourful) > 5_000)
        #expect(FileManager.default.fileExists(atPath: Self.path))
    }
}
