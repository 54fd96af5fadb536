import Foundation

/// The CPU an app's threads use, read from /proc: what a step costs, and when the app is idle.
enum AppCPU {
    /// How long the app must use (almost) no CPU to count as idle, and how much it may use then.
    static let quietPeriod: useconds_t = 200_000
    static let idleAllowance: UInt64 = 300_000

    /// Waits (`timeout` seconds at most) until `pid`'s threads used under `allowance` nanoseconds
    /// of CPU in a quiet period.
    static func waitUntilIdle(_ pid: Int32, timeout: TimeInterval = 10, allowance: UInt64 = idleAllowance) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let before = threadCPU(of: pid)
            usleep(quietPeriod)
            if cpuUsed(since: before, by: pid) < allowance { return }
        }
        throw BenchmarkError(description: "the app did not become idle within \(Int(timeout)) s")
    }

    /// CPU nanoseconds used so far by each of `pid`'s threads (their schedstat), by thread id.
    static func threadCPU(of pid: Int32) -> [String: UInt64] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var times: [String: UInt64] = [:]
        for task in tasks {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)) ?? ""
            times[task] = stat.split(separator: " ").first.flatMap { UInt64($0) }
        }
        return times
    }

    /// The CPU nanoseconds `pid`'s threads used since `before` was read: a thread that ended
    /// meanwhile is not counted (GLib's and Dispatch's idle workers end after seconds of nothing).
    static func cpuUsed(since before: [String: UInt64], by pid: Int32) -> UInt64 {
        threadCPU(of: pid).reduce(0) { sum, thread in
            sum + (thread.value >= (before[thread.key] ?? 0) ? thread.value - (before[thread.key] ?? 0) : 0)
        }
    }
}
