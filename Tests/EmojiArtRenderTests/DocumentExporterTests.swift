import CPangoCairo
import EmojiArtCore
import EmojiArtRenderTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

@Suite struct DocumentExporterTests {
    private let model = TestImages.model([("😀", -100, 0, 40), ("🐶", 100, 50, 40), ("😀", 0, -60, 80)])

    @Test("the area both covers the background and every emoji with its margin")
    func geometryBoth() throws {
        let geometry = try ExportGeometry(
            model: model, backgroundSize: DocumentSize(width: 100, height: 100), options: ExportOptions(format: .png))
        // Emojis reach x from -100-26 to 100+26, y from -60-52 to 50+26 (margin 0.15 × size each side).
        #expect(geometry.rect == DocumentRect(minX: -126, minY: -112, maxX: 126, maxY: 76))
        #expect(geometry.pixelWidth == 252)
        #expect(geometry.pixelHeight == 188)
    }

    @Test("--area background is the image's rectangle; content is the emojis'; empty is small and blank")
    func geometryAreas() throws {
        let background = try ExportGeometry(
            model: model, backgroundSize: DocumentSize(width: 320, height: 200),
            options: ExportOptions(format: .png, area: .background))
        #expect((background.pixelWidth, background.pixelHeight) == (320, 200))
        let empty = try ExportGeometry(model: EmojiArtModel(), backgroundSize: nil, options: ExportOptions(format: .png))
        #expect((empty.pixelWidth, empty.pixelHeight) == (64, 64))
    }

    @Test("--width gives exactly N pixels and the scale that goes with it")
    func geometryWidth() throws {
        let geometry = try ExportGeometry(
            model: model, backgroundSize: nil, options: ExportOptions(format: .png, size: .width(126), area: .content))
        #expect(geometry.pixelWidth == 126)
        #expect(geometry.scale == 0.5)
        #expect(geometry.pixelHeight == 94)
    }

    @Test("pictures over 32,767 px a side or 200 megapixels are refused, naming --width")
    func geometryLimits() {
        #expect(throws: ExportError.tooLarge(width: 40_000, height: 29_842)) {
            try ExportGeometry(model: model, backgroundSize: nil, options: ExportOptions(format: .png, size: .width(40_000)))
        }
        #expect(ExportError.tooLarge(width: 1, height: 1).description.contains("--width"))
        #expect(throws: ExportError.self) {
            try ExportGeometry(model: model, backgroundSize: nil, options: ExportOptions(format: .png, size: .scale(100)))
        }
    }

    @Test("a PNG export has colour emojis on white, or on transparency when asked")
    func pngExport() throws {
        let exporter = DocumentExporter()
        let opaque = try exporter.export(model, background: nil, options: ExportOptions(format: .png))
        let transparent = try exporter.export(model, background: nil, options: ExportOptions(format: .png, isTransparent: true))
        let opaqueImage = try image(ofPNG: opaque)
        let transparentImage = try image(ofPNG: transparent)
        #expect(opaqueImage.width == 252)
        #expect(opaqueImage.pixel(x: 2, y: 2) == Pixel(0xFFFF_FFFF))
        #expect(transparentImage.pixel(x: 2, y: 2).alpha == 0)
        // The big 😀 at (0, -60) sits at (126, 52) in the picture: a yellow face.
        let face = opaqueImage.pixel(x: 126, y: 52)
        #expect(face.red > 200 && face.green > 150 && face.blue < 120)
    }

    /// The pixels of PNG bytes, read back through cairo.
    private func image(ofPNG data: Data) throws -> RenderedImage {
        let png = try BackgroundImage(pngData: data)
        return RenderedImage(width: png.pixelWidth, height: png.pixelHeight) { cr in
            cairo_set_source_surface(cr, png.surface, 0, 0)
            cairo_paint(cr)
        }
    }

    @Test("an SVG export embeds each distinct emoji once, however many sizes it has")
    func svgDeduplicates() throws {
        var many = EmojiArtModel()
        for index in 0..<50 {
            many.addEmoji(index.isMultiple(of: 2) ? "😀" : "🐶", at: DocumentPoint(x: Double(index * 10), y: 0), size: Double(10 + index))
        }
        let svg = try DocumentExporter().export(many, background: nil, options: ExportOptions(format: .svg))
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains("<svg"))
        #expect(text.components(separatedBy: "<image").count - 1 == 2)
        let pdf = try DocumentExporter().export(many, background: nil, options: ExportOptions(format: .pdf))
        #expect(pdf.prefix(5) == Data("%PDF-".utf8))
    }
}
