import Foundation

/// Runs a short helper command (xdotool, import, convert, cc, pkg-config) to the end, with a
/// deadline: a command that hangs (say, `xdotool windowfocus --sync` on a window that never
/// maps) is killed and reported instead of stalling the whole test run.
enum ExternalCommand {
    struct Output: Sendable {
        var status: Int32
        var standardOutput: Data
        var standardError: String

        /// Standard output as text, without the trailing newline.
        var text: String {
            String(decoding: standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// A command that could not run, timed out or failed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The program called `name` on PATH, or at `name` when it is an absolute path (Debian's
    /// /usr/bin/python3 for pyatspi, which a python3 earlier on PATH may lack).
    static func locate(_ name: String) throws -> URL {
        if name.hasPrefix("/") { return URL(fileURLWithPath: name) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(description: "\(name) is not installed (scripts/install-dependencies installs what the GUI tests need)")
    }

    /// Runs `name` with `arguments` in this process's environment plus `extraEnvironment`, and
    /// returns its output whatever its exit status.
    static func run(
        _ name: String, _ arguments: [String], extraEnvironment: [String: String] = [:],
        timeout: Duration = .seconds(20)
    ) async throws -> Output {
        let executable = try locate(name)
        // Output goes to files rather than pipes: a screenshot is megabytes, more than a pipe
        // holds, and nothing has to drain it while the command runs.
        let stem = FileManager.default.temporaryDirectory
            .appendingPathComponent("emojiart-gui-command-\(UUID().uuidString)")
        let outputFile = stem.appendingPathExtension("out")
        let errorFile = stem.appendingPathExtension("err")
        defer {
            try? FileManager.default.removeItem(at: outputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        let environment = ProcessInfo.processInfo.environment.merging(extraEnvironment) { $1 }
        let child = try ChildProcess.launch(
            executable, arguments: arguments, environment: environment,
            standardOutput: outputFile, standardError: errorFile)
        let finished: Bool
        do {
            finished = try await child.waitForExit(timeout: timeout)
        } catch {
            child.stop(gracePeriod: .zero)
            throw error
        }
        guard finished else {
            child.stop(gracePeriod: .zero)
            throw Failure(description: "\(name) \(arguments.joined(separator: " ")) did not finish within \(timeout)")
        }
        return Output(
            status: child.exitStatus ?? -1,
            standardOutput: (try? Data(contentsOf: outputFile)) ?? Data(),
            standardError: String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self))
    }

    /// Like `run`, but a non-zero exit status is an error that quotes the command's stderr.
    @discardableResult
    static func runChecked(
        _ name: String, _ arguments: [String], extraEnvironment: [String: String] = [:],
        timeout: Duration = .seconds(20)
    ) async throws -> Output {
        let output = try await run(name, arguments, extraEnvironment: extraEnvironment, timeout: timeout)
        guard output.status == 0 else {
            throw Failure(
                description: """
                    \(name) \(arguments.joined(separator: " ")) exited with status \(output.status): \
                    \(output.standardError.trimmingCharacters(in: .whitespacesAndNewlines))
                    """)
        }
        return output
    }
}
