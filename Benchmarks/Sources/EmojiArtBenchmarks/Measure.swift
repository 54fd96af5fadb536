import CMallocInfo
import Foundation

/// Timing and memory helpers for the benchmark table.
enum Measure {
    /// The wall-clock time of one call, in milliseconds.
    static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// The median wall-clock time of `runs` calls, in milliseconds, after one warm-up call.
    static func medianMilliseconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        try body()
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return samples.sorted()[samples.count / 2]
    }

    /// The fastest of `runs` calls, in milliseconds, after one warm-up call: on a machine shared
    /// with other work, the run that nothing interrupted is the figure that repeats.
    static func bestMilliseconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        try body()
        var best = Double.infinity
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return best
    }

    /// Bytes currently allocated through malloc (glibc's mallinfo2), or nil where unavailable.
    static func allocatedBytes() -> Int? {
        let bytes = emojiart_allocated_bytes()
        return bytes == 0 ? nil : Int(bytes)
    }

    /// Peak resident memory of this process so far, in MiB (Linux: VmHWM).
    static func peakResidentMiB() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes / 1024
    }
}
