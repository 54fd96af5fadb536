import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's file-creation mask, read without changing it.
///
/// `umask(2)` can only be read by setting it, which races with every thread creating a file
/// (tests run in parallel in one process). Linux shows the mask in /proc/self/status; elsewhere
/// the usual 022 is assumed.
enum ProcessUmask {
    static let fallback: mode_t = 0o022

    static var current: mode_t {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return fallback
        }
        for line in status.split(separator: "\n") where line.hasPrefix("Umask:") {
            let digits = line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces)
            if let mask = mode_t(digits, radix: 8) { return mask }
        }
        return fallback
    }
}
