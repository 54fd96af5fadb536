import CPangoCairo
import CRenderKernels
import Dispatch
import Foundation

extension DocumentRenderer {
    /// Below this many emojis to paint, a second thread costs more than it saves.
    static let parallelPaintMinimumCount = 256

    /// Runs the C painter over `jobs`, in two bands of rows on two threads when it pays.
    static func paint(_ jobs: [emojiart_paint_job], into surface: OpaquePointer, width: Int, height: Int) {
        guard let data = cairo_image_surface_get_data(surface), !jobs.isEmpty else { return }
        let frame = FramePixels(
            pixels: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
            strideBytes: Int32(cairo_image_surface_get_stride(surface)), width: Int32(width), height: height)
        jobs.withUnsafeBufferPointer { buffer in
            let batch = JobBatch(jobs: buffer.baseAddress!, count: Int32(buffer.count))
            let bands = jobs.count >= parallelPaintMinimumCount && ProcessInfo.processInfo.activeProcessorCount > 1 ? 2 : 1
            if bands == 1 {
                frame.paint(batch, rows: 0..<height)
            } else {
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    frame.paint(batch, rows: (height * band / bands)..<(height * (band + 1) / bands))
                }
            }
        }
    }
}

/// A frame's pixels, shared by the painter threads: each writes only its own band of rows.
private struct FramePixels: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<UInt32>
    let strideBytes: Int32
    let width: Int32
    let height: Int

    func paint(_ batch: JobBatch, rows: Range<Int>) {
        emojiart_paint_batch(batch.jobs, batch.count, pixels, strideBytes, width, Int32(rows.lowerBound), Int32(rows.upperBound))
    }
}

/// Jobs the threads only read; the rasters they point into are kept alive by the caller's plan.
private struct JobBatch: @unchecked Sendable {
    let jobs: UnsafePointer<emojiart_paint_job>
    let count: Int32
}

/// Bytes at a fixed address for as long as the frame that paints with them.
final class HiddenCells {
    let bytes: UnsafeMutableBufferPointer<UInt8>

    init(_ cells: [UInt8]) {
        bytes = .allocate(capacity: max(1, cells.count))
        _ = bytes.initialize(from: cells)
    }

    deinit {
        bytes.deallocate()
    }
}
