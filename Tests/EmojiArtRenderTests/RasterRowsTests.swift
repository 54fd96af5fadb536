import CPangoCairo
import CRenderKernels
import EmojiArtRenderTestSupport
import EmojiArtTestSupport
import Testing

@testable import EmojiArtRender

/// A raster's rows keep only its ink: the rows from the first to the last with ink, runs counted
/// from the leftmost ink column, and (packed, as turned rasters are) the pixels run after run.
/// Painted by the C loop, both forms give the frame the raster's own pixels over it.
@Suite struct RasterRowsTests {
    /// A 64 px raster of 😀 at an odd angle, through the same image a turned raster is sampled into.
    private static func turnedImage() throws -> (surface: OpaquePointer, side: Int) {
        let raster = try #require(EmojiRasterCache().raster(for: "😀", pixelSize: 48))
        let side = 72
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side)))
        let cr = try #require(cairo_create(surface))
        cairo_translate(cr, Double(side) / 2, Double(side) / 2)
        cairo_rotate(cr, 0.61)
        cairo_translate(cr, -Double(raster.side) / 2, -Double(raster.side) / 2)
        let image = try #require(raster.makeSurface())
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_surface_destroy(image)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return (surface, side)
    }

    /// `rows` painted by `emojiart_paint_runs` over a grey frame, the raster's corner at (3, 5).
    private static func painted(_ rows: RasterRows, frameSide: Int) -> [UInt32] {
        var frame = [UInt32](repeating: 0xFF80_8080, count: frameSide * frameSide)
        frame.withUnsafeMutableBufferPointer { pixels in
            emojiart_paint_runs(
                rows.pixels, Int32(rows.rowCount), rows.runs.baseAddress, rows.rowFirstRun.baseAddress,
                pixels.baseAddress, Int32(frameSide * 4), Int32(frameSide),
                3 + rows.inkColumns.start, Int32(5 + rows.firstRow), 0, Int32(frameSide))
        }
        return frame
    }

    @Test("the rows kept are the ink's bounding box, and packing changes no painted pixel")
    func cropAndPackKeepThePixels() throws {
        let (surface, side) = try Self.turnedImage()
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try #require(cairo_image_surface_get_data(surface))
        func alpha(_ x: Int, _ y: Int) -> UInt8 { data[y * stride + x * 4 + 3] }
        let inkRows = (0..<side).filter { y in (0..<side).contains { alpha($0, y) != 0 } }
        let inkColumns = (0..<side).filter { x in (0..<side).contains { alpha(x, $0) != 0 } }
        let first = try #require(inkRows.first)
        let last = try #require(inkRows.last)
        #expect(first > 0 && last < side - 1, "a turned emoji leaves empty rows to crop")

        let plain = RasterRows(surface: surface, side: side)
        let packed = RasterRows(surface: surface, side: side, packing: true)
        for rows in [plain, packed] {
            #expect(rows.firstRow == first)
            #expect(rows.rowCount == last - first + 1)
            #expect(rows.inkColumns.start == Int32(try #require(inkColumns.first)))
            #expect(rows.inkColumns.end == Int32(try #require(inkColumns.last)) + 1)
        }
        #expect(packed.byteCount < side * side * 4 / 2, "packed, it takes less than half its image")

        // The reference: cairo painting the whole image over the same frame.
        let frameSide = side + 10
        var expected = [UInt32](repeating: 0xFF80_8080, count: frameSide * frameSide)
        expected.withUnsafeMutableBytes { bytes in
            let target = cairo_image_surface_create_for_data(
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                Int32(frameSide), Int32(frameSide), Int32(frameSide * 4))
            let cr = cairo_create(target)
            cairo_set_source_surface(cr, surface, 3, 5)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_destroy(target)
        }
        #expect(Self.painted(plain, frameSide: frameSide) == expected)
        #expect(Self.painted(packed, frameSide: frameSide) == expected)
    }

    @Test("each row is one run, its gaps included, and paints as cairo does over any frame")
    func oneRunPerRow() throws {
        // Two opaque blocks and a translucent one with transparent gaps between them on each row.
        let side = 24
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side)))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        cairo_set_source_rgba(cr, 0.9, 0.2, 0.1, 1)
        cairo_rectangle(cr, 2, 3, 5, 12)
        cairo_rectangle(cr, 15, 3, 4, 12)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 0.1, 0.3, 0.8, 0.4)
        cairo_rectangle(cr, 9.5, 6, 3, 15)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)

        for packing in [false, true] {
            let rows = RasterRows(surface: surface, side: side, packing: packing)
            #expect(rows.rowCount == 18)
            for row in 0..<rows.rowCount {
                #expect(rows.rowFirstRun[row + 1] - rows.rowFirstRun[row] == 1, "one run for row \(row)")
            }
            // A row of the two opaque blocks and the gap between them is blended, not copied.
            #expect(rows.runs[0].opaque == 0)
            #expect(rows.runs[0].length == 17)
            // Over a frame of varied pixels (each channel ≤ alpha, premultiplied), bit for bit cairo's.
            let frameSide = side + 10
            let backdrop = (0..<(frameSide * frameSide)).map { index -> UInt32 in
                let alpha = UInt32(index * 37 % 256)
                let colour = UInt32(index * 11 % 256) * alpha / 255
                return alpha << 24 | colour << 16 | (alpha - colour) << 8 | colour / 2
            }
            var expected = backdrop
            expected.withUnsafeMutableBytes { bytes in
                let target = cairo_image_surface_create_for_data(
                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                    Int32(frameSide), Int32(frameSide), Int32(frameSide * 4))
                let cr = cairo_create(target)
                cairo_set_source_surface(cr, surface, 3, 5)
                cairo_paint(cr)
                cairo_destroy(cr)
                cairo_surface_destroy(target)
            }
            var frame = backdrop
            frame.withUnsafeMutableBufferPointer { pixels in
                emojiart_paint_runs(
                    rows.pixels, Int32(rows.rowCount), rows.runs.baseAddress, rows.rowFirstRun.baseAddress,
                    pixels.baseAddress, Int32(frameSide * 4), Int32(frameSide),
                    3 + rows.inkColumns.start, Int32(5 + rows.firstRow), 0, Int32(frameSide))
            }
            #expect(frame == expected, "packing: \(packing)")
        }
    }

    @Test("a blank raster keeps no rows and paints nothing")
    func blankRaster() throws {
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 16, 16))
        defer { cairo_surface_destroy(surface) }
        let rows = RasterRows(surface: surface, side: 16, packing: true)
        #expect(rows.rowCount == 0)
        #expect(rows.runs.isEmpty)
        #expect(Self.painted(rows, frameSide: 24).allSatisfy { $0 == 0xFF80_8080 })
    }

    /// What `emojiart_scan_rect` must find in a row, pixel by pixel.
    private static func referenceScan(_ row: ArraySlice<UInt32>) -> emojiart_row_scan {
        let alphas = row.map { $0 >> 24 }
        guard let first = alphas.firstIndex(where: { $0 != 0 }), let last = alphas.lastIndex(where: { $0 != 0 }) else {
            return emojiart_row_scan(ink_start: 0, ink_end: 0, opaque_start: 0, opaque_end: 0, all_opaque: 1)
        }
        var best = (start: 0, end: 0)
        var x = first
        while x <= last {
            guard alphas[x] == 255 else {
                x += 1
                continue
            }
            let start = x
            while x <= last, alphas[x] == 255 { x += 1 }
            if x - start > best.end - best.start { best = (start, x) }
        }
        let allOpaque = alphas[first...last].allSatisfy { $0 == 255 }
        return emojiart_row_scan(
            ink_start: Int32(first), ink_end: Int32(last + 1), opaque_start: Int32(best.start), opaque_end: Int32(best.end),
            all_opaque: allOpaque ? 1 : 0)
    }

    @Test(
        "the row scan finds each row's ink, its first longest opaque run and whether it is all opaque, at any width",
        arguments: [1, 3, 4, 63, 64, 65, 130, 300, 2_049, 2_300])
    func rowScanMatchesPixelByPixel(width: Int) {
        var sequence = SeededSequence(seed: UInt64(width) &* 0x9E37_79B9)
        let rowCount = 60
        var pixels: [UInt32] = []
        for row in 0..<rowCount {
            // Runs of transparent, translucent and opaque pixels, some rows all one kind.
            var x = 0
            while x < width {
                let kind = row % 10 == 0 ? row / 10 % 3 : Int(sequence.next() * 3)
                let length = row % 10 == 0 ? width : 1 + Int(sequence.next() * Double(row % 5 == 1 ? 3 : 90))
                let pixel: UInt32 = [0, 0x8040_2010, 0xFF12_3456][kind]
                pixels += Array(repeating: pixel, count: min(length, width - x))
                x += length
            }
        }
        var scans = [emojiart_row_scan](repeating: emojiart_row_scan(), count: rowCount)
        emojiart_scan_rect(pixels, Int32(width * 4), Int32(width), Int32(rowCount), &scans)
        for row in 0..<rowCount {
            let expected = Self.referenceScan(pixels[(row * width)..<((row + 1) * width)])
            let scan = scans[row]
            #expect(
                [scan.ink_start, scan.ink_end, scan.opaque_start, scan.opaque_end, scan.all_opaque]
                    == [expected.ink_start, expected.ink_end, expected.opaque_start, expected.opaque_end, expected.all_opaque],
                "row \(row)")
        }
    }
}
