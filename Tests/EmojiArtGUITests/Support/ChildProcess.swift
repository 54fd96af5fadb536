import EmojiArtTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program the tests started and must stop again: Xvfb, the app, the drag-source helper, or a
/// short command such as xdotool.
///
/// Foundation's `Process` is not `Sendable`; this wrapper touches only its thread-safe parts (the
/// pid, `isRunning`, the exit status, which Foundation updates from its own child-watching queue)
/// and sends signals by pid, so one instance can be shared by the async test code.
final class ChildProcess: @unchecked Sendable {
    /// The program's name, for messages.
    let name: String
    private let process: Process

    private init(name: String, process: Process) {
        self.name = name
        self.process = process
    }

    /// Starts `executable` with exactly `environment`. Standard input is /dev/null; standard
    /// output and error go to the given files (created or truncated), or to /dev/null.
    static func launch(
        _ executable: URL, arguments: [String], environment: [String: String],
        standardOutput: URL? = nil, standardError: URL? = nil
    ) throws -> ChildProcess {
        let process = Process()
        // Foundation starts the child with the signal mask of the calling thread, and Swift
        // concurrency's threads block almost every signal: Xvfb and the app then ignored SIGTERM
        // (each stop waited for the SIGKILL). `env --default-signal` unblocks all signals and
        // resets their handling before it runs the program.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal", executable.path] + arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = try standardOutput.map(Self.truncatedFileHandle) ?? FileHandle.nullDevice
        let error = try standardError.map(Self.truncatedFileHandle) ?? FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        defer {
            // The child has its own copies now.
            if standardOutput != nil { try? output.close() }
            if standardError != nil { try? error.close() }
        }
        try process.run()
        return ChildProcess(name: executable.lastPathComponent, process: process)
    }

    var processIdentifier: Int32 { process.processIdentifier }

    var isRunning: Bool { process.isRunning }

    /// The exit status, or the signal number when it was killed; nil while it runs.
    var exitStatus: Int32? { process.isRunning ? nil : process.terminationStatus }

    /// Waits for the program to end on its own; false if it is still running at the deadline.
    func waitForExit(timeout: Duration) async throws -> Bool {
        do {
            try await waitUntil("\(name) exits", timeout: timeout, poll: .milliseconds(5)) { !process.isRunning }
            return true
        } catch is WaitTimeout {
            return false
        }
    }

    /// Asks the program to end (SIGTERM) and kills it (SIGKILL) if it is still there after
    /// `gracePeriod`. Blocks instead of awaiting, so that it also runs to the end in a cancelled
    /// task (a test that hit its time limit must not leave an X server behind).
    func stop(gracePeriod: Duration = .seconds(3)) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        if !blockUntil(timeout: gracePeriod, { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    private static func truncatedFileHandle(_ url: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return try FileHandle(forWritingTo: url)
    }
}
