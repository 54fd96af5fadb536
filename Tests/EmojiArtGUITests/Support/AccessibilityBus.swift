import EmojiArtTestSupport
import Foundation

/// A private D-Bus session bus with the AT-SPI accessibility bus on it, for reading an app's
/// accessible tree as Orca does (SPEC A2; DESIGN "AT-SPI under Xvfb"). The usual test
/// environment turns accessibility off (`GTK_A11Y=none`, no session bus); an app launched with
/// `environment` talks to this bus instead, and `AccessibleTree` reads it through pyatspi.
final class AccessibilityBus: Sendable {
    /// The session bus's address: DBUS_SESSION_BUS_ADDRESS for the app and the reader.
    let address: String
    private let daemon: ChildProcess
    private let launcher: ChildProcess
    private let folder: URL

    private init(address: String, daemon: ChildProcess, launcher: ChildProcess, folder: URL) {
        self.address = address
        self.daemon = daemon
        self.launcher = launcher
        self.folder = folder
    }

    /// What an app needs to publish its tree here: the bus, and GTK's AT-SPI backend.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": address, "GTK_A11Y": "atspi", "NO_AT_BRIDGE": "0"]
    }

    /// Starts `dbus-daemon --session` (printing its address once it listens) and
    /// `at-spi-bus-launcher` on it, which starts the accessibility bus and its registry.
    static func start() async throws -> AccessibilityBus {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("emojiart-a11y-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let addressFile = folder.appendingPathComponent("address")
        let basicEnvironment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_RUNTIME_DIR": folder.path]
        let daemon = try ChildProcess.launch(
            URL(fileURLWithPath: "/usr/bin/dbus-daemon"), arguments: ["--session", "--nofork", "--print-address=1"],
            environment: basicEnvironment, standardOutput: addressFile,
            standardError: folder.appendingPathComponent("dbus-daemon.stderr"))
        let address: String
        do {
            address = try await waitFor("dbus-daemon prints its address", timeout: .seconds(10)) {
                guard daemon.isRunning else { throw ExternalCommand.Failure(description: "dbus-daemon exited at start") }
                let text = (try? String(contentsOf: addressFile, encoding: .utf8)) ?? ""
                return text.hasSuffix("\n") ? text.trimmingCharacters(in: .whitespacesAndNewlines) : nil
            }
        } catch {
            daemon.stop()
            throw error
        }
        // No DISPLAY: the launcher then publishes the accessibility bus on this session bus
        // only, not on the X server's root window, which other tests' apps also read.
        let launcher = try ChildProcess.launch(
            URL(fileURLWithPath: "/usr/libexec/at-spi-bus-launcher"), arguments: ["--launch-immediately"],
            environment: basicEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 },
            standardError: folder.appendingPathComponent("at-spi-bus-launcher.stderr"))
        return AccessibilityBus(address: address, daemon: daemon, launcher: launcher, folder: folder)
    }

    func stop() {
        launcher.stop()
        daemon.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Runs `body` with a fresh accessibility bus, stopped afterwards, also when `body` fails.
func withAccessibilityBus(_ body: (AccessibilityBus) async throws -> Void) async throws {
    let bus = try await AccessibilityBus.start()
    defer { bus.stop() }
    try await body(bus)
}
