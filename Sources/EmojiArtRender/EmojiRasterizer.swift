import CPangoCairo

/// Renders one emoji with Pango into a new square ARGB32 image surface, sized so that the glyph's
/// laid-out box is `pixelSize` device pixels tall (SPEC M3: an emoji of size 120 at zoom 1 is about
/// 120 px tall — not 160 as Pango's 96-dpi points would make it).
///
/// It owns a scratch image surface, context and layout that it reuses for every raster, so like its
/// cache it belongs to one thread.
final class EmojiRasterizer {
    /// Named explicitly: with a generic family, text-presentation characters such as ☀ or ❤
    /// without U+FE0F come out as black DejaVu glyphs (DESIGN "Fonts, sizes, geometry").
    static let fontFamily = "Noto Color Emoji"

    /// Laid-out (logical) height of an emoji line per pixel of absolute font size, used when the
    /// measurement at start-up fails. Measured with Noto Color Emoji 2.042 (Debian 12) and metrics
    /// hinting off: 1.171875, its ascent + descent (1900 + 500) over 2048 units per em. So an emoji
    /// 120 px tall gets an absolute font size of 102.4 px; its laid-out box is then 127 × 120 px and
    /// the visible face of 😀 about 111 × 106 px of ink (☀ about 118 × 118). With cairo's default
    /// hinted metrics an absolute 120 px description lays out 149 × 142 px instead, rounded
    /// differently at each size.
    static let fallbackLineHeightPerFontPixel = 1.171875

    /// Font size at which the line height is measured: large, so Pango's rounding to whole units
    /// does not matter.
    private static let measuringFontPixels = 1000.0

    /// Text wider than this many times its height (a ZWJ sequence the font lacks falls back to
    /// several glyphs side by side) is scaled down to fit, so a raster stays within a known bound.
    static let maximumWidthPerHeight = 2.0

    /// The most of an emoji's text that is laid out, in UTF-8 bytes, cut at a scalar boundary.
    /// A document may hold any text for an emoji (SPEC M4 keeps what the original wrote), so a
    /// hostile file can hold one of ~60 MB, which Pango would take minutes to lay out, every
    /// frame it shows; the longest real emoji sequence (a kiss with two skin tones, 10 scalars)
    /// is 35 bytes, and even an unknown one shows as glyphs side by side scaled to fit twice its
    /// height (`maximumWidthPerHeight`), so nothing past this much would be visible anyway.
    static let maximumLaidOutBytes = 128

    /// `text`, or its longest prefix of whole scalars within `maximumLaidOutBytes`: what the
    /// raster shows and is cached under. Free for ordinary texts (a native string knows its
    /// UTF-8 length).
    static func laidOutText(_ text: String) -> String {
        guard text.utf8.count > maximumLaidOutBytes else { return text }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= maximumLaidOutBytes else { break }
            kept.append(scalar)
        }
        return String(kept)
    }

    /// Logical line height per pixel of absolute font size, as measured on this machine's fonts.
    let lineHeightPerFontPixel: Double

    private let scratchSurface: OpaquePointer
    private let scratchContext: OpaquePointer
    let layout: OpaquePointer
    /// Lays out without rounding glyph positions, to measure widths exactly.
    private let unroundedLayout: OpaquePointer
    private let fontDescription: OpaquePointer

    /// The glyphs it resamples, and stores the ones it decodes in.
    let glyphs: EmojiGlyphStore
    /// What its rasters are resampled into before their ink is packed.
    private let scratch = RasterScratch()
    /// The bitmap strike of the emoji font, learnt from the first glyph decoded (Noto Color
    /// Emoji's only strike until then): laying out at it makes no new font size.
    private var strikePixels = 109

    init(glyphs: EmojiGlyphStore = .shared) {
        self.glyphs = glyphs
        // A layout made from an image-surface context, never a widget's Pango context: a widget's
        // resolution follows the text-scaling setting, which must not resize the artwork.
        scratchSurface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        scratchContext = cairo_create(scratchSurface)
        layout = pango_cairo_create_layout(scratchContext)
        // Metrics hinting (cairo's default on image surfaces) rounds the line height to whole
        // pixels at each size, so zoom 2 would not exactly double an emoji; off, it is linear.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        pango_layout_context_changed(layout)
        unroundedLayout = pango_cairo_create_layout(scratchContext)
        pango_cairo_context_set_font_options(pango_layout_get_context(unroundedLayout), options)
        pango_context_set_round_glyph_positions(pango_layout_get_context(unroundedLayout), 0)
        pango_layout_context_changed(unroundedLayout)
        cairo_font_options_destroy(options)
        fontDescription = pango_font_description_new()
        pango_font_description_set_family(fontDescription, Self.fontFamily)
        lineHeightPerFontPixel = Self.measureLineHeight(layout: layout, fontDescription: fontDescription)
    }

    deinit {
        pango_font_description_free(fontDescription)
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(unroundedLayout))
        cairo_destroy(scratchContext)
        cairo_surface_destroy(scratchSurface)
    }

    /// Absolute font size in pixels that makes an emoji's laid-out box `pixelSize` pixels tall.
    func fontPixels(forPixelSize pixelSize: Int) -> Double {
        Double(pixelSize) / lineHeightPerFontPixel
    }

    /// A new raster of `text` whose laid-out box is `pixelSize` pixels tall, centred in a square
    /// surface; nil when cairo cannot make the surface (out of memory). The caller owns it.
    ///
    /// An emoji drawn from a colour bitmap font is resampled from its glyph, decoded once for the
    /// process (`EmojiGlyphStore`); any other text is laid out and painted by Pango at this size.
    func makeRaster(of text: String, pixelSize: Int) -> EmojiRaster? {
        guard pixelSize >= 1 else { return nil }
        let laidOut = Self.laidOutText(text)
        if let glyph = glyphs.glyph(for: laidOut, make: { makeGlyph(of: $0) }) {
            return glyph.makeRaster(pixelSize: pixelSize, scratch: scratch)
        }
        return makeLaidOutRaster(of: laidOut, pixelSize: pixelSize)
    }

    /// `text` laid out and painted by Pango at `pixelSize`: the path of texts that are not
    /// colour bitmap glyphs, and the reference the resampled rasters are tested against.
    func makeLaidOutRaster(of text: String, pixelSize: Int) -> EmojiRaster? {
        guard pixelSize >= 1 else { return nil }
        setLayout(text: text, fontPixels: fontPixels(forPixelSize: pixelSize))
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let pangoScale = Double(PANGO_SCALE)
        let width = Double(logical.width) / pangoScale
        let height = Double(logical.height) / pangoScale
        let maximumWidth = Double(pixelSize) * Self.maximumWidthPerHeight
        let shrink = width > maximumWidth ? maximumWidth / width : 1
        let side = max(pixelSize, Int((max(width, height) * shrink).rounded(.up)))

        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side))
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        let cr = cairo_create(surface)
        // Whole-pixel offsets keep the glyph's bitmap on the pixel grid.
        cairo_translate(
            cr, ((Double(side) - width * shrink) / 2).rounded(), ((Double(side) - height * shrink) / 2).rounded())
        showLayout(in: cr, shrinkingBy: shrink, logical: logical)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return EmojiRaster(takingOwnershipOf: surface, pixelSize: pixelSize, side: side)
    }

    /// `text` painted at its font's bitmap strike, unscaled, with its halvings; nil when a
    /// glyph of it comes from an outline font or is missing (Pango then draws it at each size).
    /// With `decodingPNG` (tests turn it off to compare), a text of one colour glyph has its
    /// picture decoded from the font's PNG straight, where cairo puts it (`paintStrikePNG`).
    func makeGlyph(of text: String, decodingPNG: Bool = true) -> EmojiGlyphMipmap? {
        setLayout(text: text, fontPixels: Double(strikePixels))
        guard let strike = colourBitmapStrike() else { return nil }
        if strike != strikePixels {
            strikePixels = strike
            setLayout(text: text, fontPixels: Double(strike))
            guard colourBitmapStrike() == strike else { return nil }
        }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let pangoScale = Double(PANGO_SCALE)
        let fontUnits = Double(strike) * pangoScale
        let pixelSize = Double(strike) * lineHeightPerFontPixel
        // Pango rounds the box's width to whole pixels at each size; rasters round the width
        // scaled, as Pango would at their size.
        let width = unroundedWidth(of: text, fontPixels: Double(strike))
        let height = Double(logical.height) / pangoScale
        let maximumWidth = pixelSize * Self.maximumWidthPerHeight
        let shrink = width > maximumWidth ? maximumWidth / width : 1
        let metrics = EmojiGlyphMipmap.Metrics(
            lineHeightPerFontPixel: lineHeightPerFontPixel, strikeFontUnits: fontUnits,
            widthPerFontUnit: width * pangoScale / fontUnits, heightPerFontUnit: Double(logical.height) / fontUnits,
            baselinePerFontUnit: Double(pango_layout_get_baseline(layout) - logical.y) / fontUnits, shrink: shrink)
        // The picture as Pango lays it out at the strike.
        let imageWidth = Int((max(width, Double(logical.width) / pangoScale) * shrink).rounded(.up))
        let imageHeight = Int((height * shrink).rounded(.up))
        guard imageWidth >= 1, imageHeight >= 1,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(imageWidth), Int32(imageHeight)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        if !(decodingPNG && shrink == 1
            && paintStrikePNG(
                into: surface, layoutTop: Double(logical.y) / pangoScale,
                layoutLeft: Double(logical.x) / pangoScale))
        {
            let cr = cairo_create(surface)
            showLayout(in: cr, shrinkingBy: shrink, logical: logical)
            cairo_destroy(cr)
        }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: imageWidth * imageHeight)
        for row in 0..<imageHeight {
            (pixels + row * imageWidth).update(
                from: UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self), count: imageWidth)
        }
        return EmojiGlyphMipmap(strikePixels: pixels, width: imageWidth, height: imageHeight, metrics: metrics)
    }

    /// Shows the layout in `cr` with its logical box's top-left corner at the origin, scaled by `shrink`.
    private func showLayout(in cr: OpaquePointer?, shrinkingBy shrink: Double, logical: PangoRectangle) {
        cairo_scale(cr, shrink, shrink)
        cairo_translate(cr, -Double(logical.x) / Double(PANGO_SCALE), -Double(logical.y) / Double(PANGO_SCALE))
        pango_cairo_update_layout(cr, layout)
        pango_cairo_show_layout(cr, layout)
    }

    /// The laid-out width of `text` with glyph advances not rounded to whole pixels.
    private func unroundedWidth(of text: String, fontPixels: Double) -> Double {
        pango_font_description_set_absolute_size(fontDescription, fontPixels * Double(PANGO_SCALE))
        pango_layout_set_font_description(unroundedLayout, fontDescription)
        pango_layout_set_text(unroundedLayout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(unroundedLayout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }

    /// The bitmap strike shared by every glyph of the current layout, when each comes from a
    /// colour bitmap font and none is missing; nil otherwise.
    private func colourBitmapStrike() -> Int? {
        guard let iterator = pango_layout_get_iter(layout) else { return nil }
        defer { pango_layout_iter_free(iterator) }
        var strike: Int?
        repeat {
            // nil at the end of a line: no run there.
            guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
            let runStrike = Int(emojiart_colour_bitmap_strike(run.pointee.item.pointee.analysis.font))
            guard runStrike > 0, strike == nil || strike == runStrike else { return nil }
            strike = runStrike
            let glyphString = run.pointee.glyphs.pointee
            for index in 0..<Int(glyphString.num_glyphs) where glyphString.glyphs[index].glyph & Self.unknownGlyphFlag != 0 {
                return nil
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return strike
    }

    /// PANGO_GLYPH_UNKNOWN_FLAG: a character no font has, drawn as a hex box.
    private static let unknownGlyphFlag: PangoGlyph = 0x1000_0000

    private func setLayout(text: String, fontPixels: Double) {
        pango_font_description_set_absolute_size(fontDescription, fontPixels * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, fontDescription)
        pango_layout_set_text(layout, Self.laidOutText(text), -1)
    }

    private static func measureLineHeight(layout: OpaquePointer, fontDescription: OpaquePointer) -> Double {
        pango_font_description_set_absolute_size(fontDescription, measuringFontPixels * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, fontDescription)
        pango_layout_set_text(layout, "😀", -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let ratio = Double(logical.height) / Double(PANGO_SCALE) / measuringFontPixels
        // A missing emoji font still lays out with some fallback; only nonsense is replaced.
        return ratio.isFinite && ratio > 0.5 && ratio < 3 ? ratio : fallbackLineHeightPerFontPixel
    }
}
