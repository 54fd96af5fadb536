import Foundation

/// Runs a command and returns its standard output (benchmark workloads and reference tools).
enum ChildRun {
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.contains("/") ? executable : "/usr/bin/env")
        process.arguments = executable.contains("/") ? arguments : [executable] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The median wall-clock time of `runs` runs of a command, in milliseconds.
    static func medianMilliseconds(runs: Int, _ executable: String, _ arguments: [String]) throws -> Double {
        try (0..<runs).map { _ in try milliseconds(executable, arguments) }.median
    }

    /// The wall-clock time of one run of a command, from spawning it to its exit, in milliseconds.
    static func milliseconds(_ executable: String, _ arguments: [String]) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try run(executable, arguments)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}

extension Array where Element == Double {
    /// The middle sample (the upper one of an even count); 0 when empty.
    var median: Double { isEmpty ? 0 : sorted()[count / 2] }
}
