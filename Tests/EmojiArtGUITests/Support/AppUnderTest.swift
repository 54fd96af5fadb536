import EmojiArtTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One running `emojiart` process on a test X server, with its own workspace (HOME, XDG
/// folders, documents) and its standard error kept in a file for failure messages.
final class AppUnderTest: Sendable {
    let server: XvfbServer
    let workspace: TestWorkspace
    private let process: ChildProcess
    private let standardErrorFile: URL
    private let killRecord = KillRecord()
    /// The private AT-SPI bus the app publishes its accessible tree on, when launched with one.
    let accessibilityBus: AccessibilityBus?

    /// The `emojiart` binary, built beside this test bundle (the test target depends on it).
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("emojiart")
    }

    private init(
        server: XvfbServer, workspace: TestWorkspace, process: ChildProcess, standardErrorFile: URL, accessibilityBus: AccessibilityBus?
    ) {
        self.accessibilityBus = accessibilityBus
        self.server = server
        self.workspace = workspace
        self.process = process
        self.standardErrorFile = standardErrorFile
    }

    /// Starts `emojiart ARGUMENTS…`; returns at once, before any window shows. Its output goes
    /// to `NAME.stdout` and `NAME.stderr` in the workspace, so several launches in one workspace
    /// (a relaunch, a second process) each keep their own. `extraEnvironment` adds to or
    /// overrides the workspace's (a language); an empty value removes the variable (GSK_RENDERER,
    /// to run on GTK's default renderer). With `accessibilityBus` the app publishes its
    /// accessible tree there (the caller stops the bus after the app).
    static func launch(
        _ arguments: [String], in workspace: TestWorkspace, on server: XvfbServer, name: String = "emojiart",
        extraEnvironment: [String: String] = [:], accessibilityBus: AccessibilityBus? = nil
    ) throws -> AppUnderTest {
        let standardErrorFile = workspace.root.appendingPathComponent("\(name).stderr")
        // Any GTK or GLib critical aborts the app, so the test that caused it fails (and names
        // it in the status) instead of printing a line nobody reads: a widget touched after its
        // window was destroyed, a signal connected with the wrong handler (DESIGN "GTK criticals").
        let checked = ["G_DEBUG": "fatal-criticals"]
        let process = try ChildProcess.launch(
            executable, arguments: arguments,
            environment: workspace.environment(on: server).merging(checked) { $1 }
                .merging(accessibilityBus?.environment ?? [:]) { $1 }.merging(extraEnvironment) { $1 }.filter { !$0.value.isEmpty },
            standardOutput: workspace.root.appendingPathComponent("\(name).stdout"),
            standardError: standardErrorFile)
        return AppUnderTest(
            server: server, workspace: workspace, process: process, standardErrorFile: standardErrorFile, accessibilityBus: accessibilityBus
        )
    }

    var isRunning: Bool { process.isRunning }

    var processIdentifier: Int32 { process.processIdentifier }

    /// Kills the app with SIGKILL, as a crash or a power cut would end it: no handler runs, so
    /// only what it had already written survives (W2, W4). Returns once it is gone.
    func crash() async throws {
        killRecord.markKilled()
        kill(process.processIdentifier, SIGKILL)
        guard try await process.waitForExit(timeout: .seconds(10)) else {
            throw ExternalCommand.Failure(description: "emojiart did not end after SIGKILL")
        }
    }

    /// Whether the test ended the app with `crash()`, so its signal status is no failure.
    var wasCrashedByTest: Bool { killRecord.isKilled }

    var exitStatus: Int32? { process.exitStatus }

    /// What the app wrote to standard error so far.
    var standardError: String {
        (try? String(contentsOf: standardErrorFile, encoding: .utf8)) ?? ""
    }

    /// Waits for the app to end on its own and returns its exit status, or nil at the deadline.
    func waitForExit(timeout: Duration = .seconds(20)) async throws -> Int32? {
        try await process.waitForExit(timeout: timeout) ? process.exitStatus : nil
    }

    func stop() {
        process.stop()
    }

    /// The ids of this process's mapped windows (GTK sets _NET_WM_PID on each). The unmapped
    /// 1×1 leader window GDK makes is left out.
    func visibleWindows() async throws -> [String] {
        let output = try await ExternalCommand.run(
            "xdotool", ["search", "--onlyvisible", "--pid", "\(process.processIdentifier)"],
            extraEnvironment: server.environment)
        // xdotool exits with 1 when it finds nothing.
        return output.status == 0 ? output.text.split(separator: "\n").map(String.init) : []
    }

    func title(of window: String) async throws -> String {
        try await ExternalCommand.runChecked("xdotool", ["getwindowname", window], extraEnvironment: server.environment).text
    }

    /// Where `window` is on the screen (no window manager, so this is where GTK put it).
    func frame(of window: String) async throws -> ScreenRect {
        let output = try await ExternalCommand.runChecked(
            "xdotool", ["getwindowgeometry", "--shell", window], extraEnvironment: server.environment)
        var values: [String: Int] = [:]
        for line in output.text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] else {
            throw ExternalCommand.Failure(description: "xdotool getwindowgeometry said “\(output.text)”")
        }
        return ScreenRect(x: x, y: y, width: width, height: height)
    }

    /// Moves `window` so its top-left corner is at `point`. GTK 4 cannot place its windows; with
    /// no window manager, xdotool can, so two apps' windows can sit side by side.
    func move(_ window: String, to point: ScreenPoint) async throws {
        try await ExternalCommand.runChecked(
            "xdotool", ["windowmove", "--sync", window, "\(point.x)", "\(point.y)"], extraEnvironment: server.environment)
    }

    /// Resizes `window` (no window manager, so nothing else decides its size).
    func resize(_ window: String, width: Int, height: Int) async throws {
        try await ExternalCommand.runChecked(
            "xdotool", ["windowsize", "--sync", window, "\(width)", "\(height)"], extraEnvironment: server.environment)
    }

    /// Waits until a window titled exactly `title` shows and returns its id. `xdotool search
    /// --sync` would wait forever, so this polls with a deadline, and gives up at once, quoting
    /// stderr, if the app has exited.
    func waitForWindow(titled title: String, timeout: Duration = .seconds(30)) async throws -> String {
        try await waitFor("a window titled “\(title)” shows", timeout: timeout, poll: .milliseconds(100)) {
            try requireRunning()
            var titles: [String] = []
            for window in try await visibleWindows() {
                // A window listed a moment ago may be gone already (a dialog that just closed):
                // it is not the one awaited.
                guard let windowTitle = try? await self.title(of: window) else { continue }
                if windowTitle == title { return window }
                titles.append("“\(windowTitle)”")
            }
            throw NotYet(titles.isEmpty ? "no window" : "windows \(titles.joined(separator: ", "))")
        }
    }

    /// Throws, quoting stderr, if the app is no longer running.
    func requireRunning() throws {
        guard let status = process.exitStatus else { return }
        throw ExternalCommand.Failure(description: "emojiart exited with status \(status); stderr: \(standardError)")
    }
}

/// Remembers that a test killed the app on purpose; read and written from any task.
private final class KillRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var killed = false

    func markKilled() {
        lock.withLock { killed = true }
    }

    var isKilled: Bool { lock.withLock { killed } }
}
