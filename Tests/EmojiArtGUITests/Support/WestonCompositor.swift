import EmojiArtTestSupport
import Foundation

/// A headless Wayland compositor for one test (SPEC X6; DESIGN "Wayland"): Debian's weston with
/// its headless backend and the pixman renderer (no GPU), `--debug` so `weston-screenshooter`
/// may take screenshots. Weston headless offers no input injection, so input tests stay on X11;
/// this one proves the app starts natively on Wayland and draws its document.
final class WestonCompositor: Sendable {
    /// The socket's full path: WAYLAND_DISPLAY for clients (an absolute path needs no
    /// XDG_RUNTIME_DIR to match).
    let socket: URL
    private let process: ChildProcess
    private let folder: URL

    /// The output's size unless a test asks for another (a phone's, say).
    static let width = 1280
    static let height = 800

    private init(socket: URL, process: ChildProcess, folder: URL) {
        self.socket = socket
        self.process = process
        self.folder = folder
    }

    /// Starts weston with one output of this size and returns once its socket exists.
    static func start(width: Int = width, height: Int = height) async throws -> WestonCompositor {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("emojiart-weston-\(UUID().uuidString)", isDirectory: true)
        // Wayland wants a private runtime folder.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let name = "wayland-emojiart"
        let process = try ChildProcess.launch(
            try ExternalCommand.locate("weston"),
            arguments: [
                "--backend=headless-backend.so", "--use-pixman", "--socket=\(name)", "--width=\(width)",
                "--height=\(height)", "--debug", "--idle-time=0",
            ],
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_RUNTIME_DIR": folder.path],
            standardOutput: folder.appendingPathComponent("weston.log"),
            standardError: folder.appendingPathComponent("weston.stderr"))
        let compositor = WestonCompositor(socket: folder.appendingPathComponent(name), process: process, folder: folder)
        do {
            try await waitUntil("weston listens on its socket", timeout: .seconds(20)) {
                guard process.isRunning else {
                    let log = (try? String(contentsOf: folder.appendingPathComponent("weston.stderr"), encoding: .utf8)) ?? ""
                    throw ExternalCommand.Failure(description: "weston exited at start: \(log)")
                }
                return FileManager.default.fileExists(atPath: compositor.socket.path)
            }
        } catch {
            compositor.stop()
            throw error
        }
        return compositor
    }

    /// The environment a client needs to use this compositor and nothing else: no DISPLAY, so
    /// GTK cannot fall back to X11.
    func clientEnvironment(_ base: [String: String]) -> [String: String] {
        var environment = base
        environment["DISPLAY"] = nil
        environment["XAUTHORITY"] = nil
        environment["WAYLAND_DISPLAY"] = socket.path
        environment["GDK_BACKEND"] = "wayland"
        return environment
    }

    /// The whole output, taken by `weston-screenshooter` (which writes a PNG into its working
    /// folder), converted to PPM for `Screenshot`.
    func screenshot() async throws -> Screenshot {
        let shots = folder.appendingPathComponent("shots-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: shots) }
        // It writes into its working folder, which only a shell can set for ExternalCommand.
        try await ExternalCommand.runChecked(
            "sh", ["-c", "cd \"$1\" && exec weston-screenshooter", "sh", shots.path],
            extraEnvironment: ["WAYLAND_DISPLAY": socket.path, "XDG_RUNTIME_DIR": folder.path])
        guard
            let png = try FileManager.default.contentsOfDirectory(at: shots, includingPropertiesForKeys: nil)
                .first(where: { $0.pathExtension == "png" })
        else { throw ExternalCommand.Failure(description: "weston-screenshooter wrote no PNG") }
        let ppm = try await ExternalCommand.runChecked("convert", [png.path, "-depth", "8", "ppm:-"])
        return try Screenshot(ppm: ppm.standardOutput)
    }

    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
