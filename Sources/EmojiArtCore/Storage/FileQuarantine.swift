import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Moves an unusable store file aside as `NAME.corrupt-<UTC timestamp>` in the same folder, never
/// deleting it and never overwriting an earlier one, so the user (or a bug report) still has it.
enum FileQuarantine {
    /// Renames `url` and returns its new location. Throws the system's error when it cannot.
    static func moveAside(_ url: URL, now: Date = Date()) throws(SystemError) -> URL {
        let path = url.standardizedFileURL.path
        let base = "\(path).corrupt-\(timestamp(now))"
        for attempt in 1...100 {
            let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
            // link + unlink fails instead of replacing an existing file, which rename would do.
            if link(path, candidate) == 0 {
                unlink(path)
                return URL(fileURLWithPath: candidate)
            }
            let failure = SystemError.current
            if failure.code == EEXIST { continue }
            // No hard links here (some file systems, or a folder): fall back to rename after
            // checking the name is free; only another process racing us could reuse it.
            guard
                failure.code == EPERM || failure.code == EXDEV || failure.code == ENOTSUP
                    || failure.code == EOPNOTSUPP || failure.code == EMLINK
            else { throw failure }
            if (try? FileStatus.ofLink(path: candidate)) != nil { continue }
            guard rename(path, candidate) == 0 else { throw .current }
            return URL(fileURLWithPath: candidate)
        }
        throw SystemError(code: EEXIST)
    }

    /// Moves `url` aside and describes what happened; if it cannot be moved, the warning says so
    /// (the file will then be replaced by the next save, and the user has been told).
    static func setAside(_ url: URL, problem: String, consequence: String) -> CorruptFileWarning {
        do {
            let keptAs = try moveAside(url)
            return CorruptFileWarning(file: url, problem: problem, consequence: consequence, keptAs: keptAs)
        } catch {
            return CorruptFileWarning(
                file: url, problem: problem, consequence: consequence, keptAs: nil, moveFailure: error.text)
        }
    }

    /// "20250314T092653Z": sorts by time, and has no colons (awkward in file names on macOS).
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
    }
}
