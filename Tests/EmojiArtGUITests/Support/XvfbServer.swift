import EmojiArtTestSupport
import Foundation

/// A private X server for one suite (DESIGN "Tests and CI"): a virtual 1280×900 screen with no
/// window manager, so windows appear where GTK puts them (a new window at 0,0) and nothing else
/// moves them.
final class XvfbServer: Sendable {
    /// The server a suite with the `.ownXvfbDisplay` trait runs its tests on.
    @TaskLocal static var current: XvfbServer?

    /// The value of DISPLAY for programs that should use this server, e.g. ":3".
    let display: String
    private let process: ChildProcess
    private let folder: URL

    static let screenWidth = 1280
    static let screenHeight = 900

    private init(display: String, process: ChildProcess, folder: URL) {
        self.display = display
        self.process = process
        self.folder = folder
    }

    /// The current suite's server, or an error naming the missing trait.
    static func requireCurrent() throws -> XvfbServer {
        guard let current else {
            throw ExternalCommand.Failure(description: "this suite has no X server: add the .ownXvfbDisplay trait")
        }
        return current
    }

    /// Starts a server on a free display and returns once it accepts connections.
    ///
    /// `-displayfd` lets Xvfb pick the display number itself: it takes the first number whose
    /// lock file it can create, which is atomic, whereas checking /tmp/.X11-unix/X<n> and
    /// /tmp/.X<n>-lock first and starting Xvfb after is a race between suites (and other
    /// programs) starting servers at the same moment. Xvfb writes the number once it listens.
    /// `-noreset`: by default Xvfb resets itself whenever its last client disconnects, and a
    /// client connecting during that reset is refused — seen here as the app saying "no display
    /// found" right after the readiness probe (the last client) had disconnected.
    static func start() async throws -> XvfbServer {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("emojiart-gui-xvfb-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let numberFile = folder.appendingPathComponent("display")
        let logFile = folder.appendingPathComponent("xvfb.log")
        let process = try ChildProcess.launch(
            try ExternalCommand.locate("Xvfb"),
            arguments: ["-displayfd", "1", "-screen", "0", "\(screenWidth)x\(screenHeight)x24", "-nolisten", "tcp", "-noreset"],
            environment: ProcessInfo.processInfo.environment,
            standardOutput: numberFile, standardError: logFile)
        do {
            let number = try await waitFor("Xvfb reports its display number", timeout: .seconds(30)) { () -> Int? in
                guard process.isRunning else {
                    let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
                    throw ExternalCommand.Failure(description: "Xvfb exited with status \(process.exitStatus ?? -1): \(log)")
                }
                let text = (try? String(contentsOf: numberFile, encoding: .utf8)) ?? ""
                guard text.hasSuffix("\n") else { return nil }
                return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            let server = XvfbServer(display: ":\(number)", process: process, folder: folder)
            try await waitUntil("the X server on \(server.display) accepts connections", timeout: .seconds(30)) {
                let probe = try await ExternalCommand.run("xdotool", ["getmouselocation"], extraEnvironment: server.environment)
                return probe.status == 0
            }
            return server
        } catch {
            process.stop()
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// What a program needs in its environment to talk to this server.
    var environment: [String: String] { ["DISPLAY": display] }

    /// Ends the server (and so every window still on it).
    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
