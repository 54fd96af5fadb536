import CPNGEncoding
import CPangoCairo
import EmojiArtCore
import Foundation

/// Writes a cairo ARGB32 image surface as PNG bytes, at the compressor's speed, so a large
/// export waits on compression alone.
///
/// cairo's own writer (`cairo_surface_write_to_png_stream`) uses libpng's defaults: zlib level 6
/// and adaptive row filters. On the 10k art (1920 × 1103) it took 247 ms for 3.11 MB; every
/// choice was measured on that picture (filter, level → time, size):
///
/// | encoder | filter | level | time | size |
/// |---|---|---|---|---|
/// | libpng (cairo) | adaptive | 6 | 247 ms | 3.11 MB |
/// | libpng | none | 1 | 71 ms | 3.06 MB |
/// | libpng | none, Z_RLE | 1 | 60 ms | 5.28 MB |
/// | libpng | sub / up / paeth | 1 | 84 / 86 / 121 ms | 3.33 / 3.41 / 3.40 MB |
/// | libdeflate | none | 1 | 34 ms + 7 ms to unpack pixels | 2.93 MB |
/// | libdeflate | none | 2 / 6 | 43 / 63 ms | 2.87 / 2.80 MB |
/// | libdeflate | sub / up / paeth | 1 | 48 / 47 / 63 ms | 3.12 / 3.21 / 3.18 MB |
///
/// Emoji art is mostly flat paper and bitmap glyphs copied pixel for pixel, which row filters
/// only make harder to compress; so: no filter, libdeflate at level 1 — six times as fast as
/// cairo's writer and a smaller file. libdeflate compresses a whole buffer at once, so a picture
/// over `oneShotLimitInPixels` streams through zlib at level 1 instead, row by row, to keep its
/// memory near the surface's own.
///
/// The pixels are exactly cairo's: premultiplied ARGB is unpremultiplied with cairo's rounding,
/// and an opaque picture is written as RGB, as cairo does.
enum PNGEncoder {
    /// Above this many pixels the rows stream through zlib: one-shot compression holds the
    /// unpacked rows and the compressed bytes in memory at once (about 7 bytes a pixel more).
    static let defaultOneShotLimitInPixels = 16 * 1024 * 1024

    /// zlib's and libdeflate's fastest level with real compression (see the table above).
    static let compressionLevel: Int32 = 1

    /// Bytes of compressed data per IDAT chunk when streaming.
    private static let streamingChunkBytes = 256 * 1024

    /// The PNG file of `surface`, an ARGB32 image surface.
    static func encode(
        _ surface: OpaquePointer, oneShotLimitInPixels: Int = defaultOneShotLimitInPixels
    ) throws(ExportError) -> Data {
        cairo_surface_flush(surface)
        guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
            let pixels = cairo_image_surface_get_data(surface)
        else { throw .renderingFailed(reason: localized("the picture is not an ARGB32 image")) }
        let image = SurfacePixels(
            base: UnsafeRawPointer(pixels), width: Int(cairo_image_surface_get_width(surface)),
            height: Int(cairo_image_surface_get_height(surface)), stride: Int(cairo_image_surface_get_stride(surface)))
        var file = PNGFileWriter()
        file.writeHeader(width: image.width, height: image.height, hasAlpha: !image.isOpaque)
        if image.width * image.height <= oneShotLimitInPixels {
            try compressAtOnce(image, into: &file)
        } else {
            try compressStreaming(image, into: &file)
        }
        file.writeChunk("IEND", data: UnsafeRawBufferPointer(start: nil, count: 0))
        return file.data
    }

    /// Unpacks every row, then compresses them in one call to libdeflate into one IDAT chunk.
    private static func compressAtOnce(_ image: SurfacePixels, into file: inout PNGFileWriter) throws(ExportError) {
        let rowBytes = image.filteredRowBytes
        let rawCount = rowBytes * image.height
        let raw = UnsafeMutablePointer<UInt8>.allocate(capacity: rawCount)
        defer { raw.deallocate() }
        for row in 0..<image.height { image.unpackRow(row, into: raw + row * rowBytes) }
        guard let compressor = libdeflate_alloc_compressor(compressionLevel) else {
            throw .renderingFailed(reason: localized("there is not enough memory"))
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, rawCount)
        let compressed = UnsafeMutableRawPointer.allocate(byteCount: bound, alignment: 16)
        defer { compressed.deallocate() }
        let count = libdeflate_zlib_compress(compressor, raw, rawCount, compressed, bound)
        guard count > 0 else { throw .renderingFailed(reason: localized("the PNG compressor failed")) }
        file.writeChunk("IDAT", data: UnsafeRawBufferPointer(start: compressed, count: count))
    }

    /// Feeds zlib one unpacked row at a time and writes an IDAT chunk whenever its buffer fills.
    private static func compressStreaming(_ image: SurfacePixels, into file: inout PNGFileWriter) throws(ExportError) {
        var stream = z_stream()
        guard emojiart_deflate_init(&stream, compressionLevel) == Z_OK else {
            throw .renderingFailed(reason: localized("there is not enough memory"))
        }
        defer { deflateEnd(&stream) }
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: image.filteredRowBytes)
        defer { row.deallocate() }
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: streamingChunkBytes)
        defer { chunk.deallocate() }
        stream.next_out = chunk
        stream.avail_out = UInt32(streamingChunkBytes)
        func drain(_ flush: Int32) throws(ExportError) -> Int32 {
            while true {
                let status = deflate(&stream, flush)
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                    throw .renderingFailed(
                        reason: localized("the PNG compressor failed (zlib status {status})", ["status": String(status)]))
                }
                if stream.avail_out == 0 || (status == Z_STREAM_END && stream.avail_out < UInt32(streamingChunkBytes)) {
                    file.writeChunk("IDAT", data: UnsafeRawBufferPointer(start: chunk, count: streamingChunkBytes - Int(stream.avail_out)))
                    stream.next_out = chunk
                    stream.avail_out = UInt32(streamingChunkBytes)
                }
                if status == Z_STREAM_END { return status }
                if stream.avail_in == 0 && stream.avail_out > 0 { return status }
            }
        }
        for index in 0..<image.height {
            image.unpackRow(index, into: row)
            stream.next_in = row
            stream.avail_in = UInt32(image.filteredRowBytes)
            _ = try drain(Z_NO_FLUSH)
        }
        while try drain(Z_FINISH) != Z_STREAM_END {}
    }
}

/// The pixels of a cairo ARGB32 surface: native-endian 32-bit words, premultiplied alpha.
private struct SurfacePixels {
    let base: UnsafeRawPointer
    let width: Int
    let height: Int
    let stride: Int

    /// Whether every pixel is fully opaque: then the file is RGB, as cairo writes it.
    let isOpaque: Bool

    init(base: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
        self.base = base
        self.width = width
        self.height = height
        self.stride = stride
        var opaque = true
        rows: for row in 0..<height {
            let words = (base + row * stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for column in 0..<width { all &= words[column] }
            if all & 0xFF00_0000 != 0xFF00_0000 {
                opaque = false
                break rows
            }
        }
        isOpaque = opaque
    }

    /// Bytes of one row in the PNG data stream: the filter-type byte, then RGB or RGBA.
    var filteredRowBytes: Int { 1 + width * (isOpaque ? 3 : 4) }

    /// Writes row `row` as filter type 0 (none) followed by straight RGB(A) bytes.
    func unpackRow(_ row: Int, into target: UnsafeMutablePointer<UInt8>) {
        let words = (base + row * stride).assumingMemoryBound(to: UInt32.self)
        target[0] = 0
        var out = target + 1
        if isOpaque {
            for column in 0..<width {
                let pixel = words[column]
                out[0] = UInt8(truncatingIfNeeded: pixel >> 16)
                out[1] = UInt8(truncatingIfNeeded: pixel >> 8)
                out[2] = UInt8(truncatingIfNeeded: pixel)
                out += 3
            }
            return
        }
        for column in 0..<width {
            let pixel = words[column]
            let alpha = pixel >> 24
            switch alpha {
            case 0:
                out[0] = 0
                out[1] = 0
                out[2] = 0
                out[3] = 0
            case 255:
                out[0] = UInt8(truncatingIfNeeded: pixel >> 16)
                out[1] = UInt8(truncatingIfNeeded: pixel >> 8)
                out[2] = UInt8(truncatingIfNeeded: pixel)
                out[3] = 255
            default:
                // cairo's rounding (cairo-png.c, unpremultiply_data), so the pixels match its writer.
                let half = alpha / 2
                out[0] = UInt8(truncatingIfNeeded: (((pixel >> 16) & 0xFF) * 255 + half) / alpha)
                out[1] = UInt8(truncatingIfNeeded: (((pixel >> 8) & 0xFF) * 255 + half) / alpha)
                out[2] = UInt8(truncatingIfNeeded: ((pixel & 0xFF) * 255 + half) / alpha)
                out[3] = UInt8(truncatingIfNeeded: alpha)
            }
            out += 4
        }
    }
}

/// The bytes of a PNG file, chunk by chunk, each with its CRC.
private struct PNGFileWriter {
    private(set) var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    mutating func writeHeader(width: Int, height: Int, hasAlpha: Bool) {
        var header = [UInt8]()
        header.reserveCapacity(13)
        Self.appendBigEndian(UInt32(width), to: &header)
        Self.appendBigEndian(UInt32(height), to: &header)
        // Bit depth 8; colour type 6 (RGBA) or 2 (RGB); deflate; adaptive filtering; no interlace.
        header += [8, hasAlpha ? 6 : 2, 0, 0, 0]
        header.withUnsafeBytes { writeChunk("IHDR", data: $0) }
        // A white background colour, as cairo writes (bKGD: three 16-bit samples).
        [UInt8](repeating: 0xFF, count: 6).withUnsafeBytes { writeChunk("bKGD", data: $0) }
    }

    mutating func writeChunk(_ type: StaticString, data chunkData: UnsafeRawBufferPointer) {
        var length = [UInt8]()
        Self.appendBigEndian(UInt32(chunkData.count), to: &length)
        data.append(contentsOf: length)
        let typeBytes = UnsafeRawBufferPointer(start: type.utf8Start, count: 4)
        data.append(contentsOf: typeBytes)
        var crc = libdeflate_crc32(0, typeBytes.baseAddress, 4)
        if let base = chunkData.baseAddress, chunkData.count > 0 {
            data.append(base.assumingMemoryBound(to: UInt8.self), count: chunkData.count)
            crc = libdeflate_crc32(crc, base, chunkData.count)
        }
        var crcBytes = [UInt8]()
        Self.appendBigEndian(crc, to: &crcBytes)
        data.append(contentsOf: crcBytes)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
