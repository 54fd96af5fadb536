import Foundation

/// A fresh folder for one launch of the app: its own HOME and XDG folders, so no test sees
/// palettes, window state or drafts of another (or of the person running the tests), and a
/// `documents` folder for copies of fixtures, so the app never writes into the repository.
final class TestWorkspace: Sendable {
    let root: URL
    let documents: URL
    let home: URL

    /// The package's root folder, where `examples/` lives.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("emojiart-gui-\(UUID().uuidString)", isDirectory: true)
        documents = root.appendingPathComponent("documents", isDirectory: true)
        home = root.appendingPathComponent("home", isDirectory: true)
        for folder in [documents, home] + Self.xdgFolders.map({ home.appendingPathComponent($0.path) }) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        // GLib wants a private runtime folder.
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o700], ofItemAtPath: home.appendingPathComponent("runtime").path)
    }

    private static let xdgFolders: [(variable: String, path: String)] = [
        ("XDG_DATA_HOME", ".local/share"), ("XDG_STATE_HOME", ".local/state"),
        ("XDG_CONFIG_HOME", ".config"), ("XDG_CACHE_HOME", ".cache"), ("XDG_RUNTIME_DIR", "runtime"),
    ]

    /// The environment for a GTK program of the tests on `server`: this workspace's HOME and XDG
    /// folders; cairo rendering and the X11 backend (there is no GL under Xvfb); no session bus
    /// and no accessibility bus, which do not exist here and would only add warnings and delays.
    /// Where the app appends its launch milestones (EMOJIART_TRACE), one JSON object a line.
    var traceFile: URL { root.appendingPathComponent("trace.jsonl") }

    func environment(on server: XvfbServer) -> [String: String] {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "HOME": home.path,
            "GSK_RENDERER": "cairo",
            "GDK_BACKEND": "x11",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
            "NO_AT_BRIDGE": "1",
            "GTK_A11Y": "none",
            // Every launch writes its milestones; LaunchTraceTests reads them.
            "EMOJIART_TRACE": traceFile.path,
        ]
        for (variable, path) in Self.xdgFolders {
            environment[variable] = home.appendingPathComponent(path).path
        }
        return environment.merging(server.environment) { $1 }
    }

    /// Copies `examples/NAME.emojiart` into `documents` (as `newName` if given) and returns the copy.
    func copyExample(_ name: String, as newName: String? = nil) throws -> URL {
        let source = Self.packageRoot.appendingPathComponent("examples/\(name).emojiart")
        let copy = documents.appendingPathComponent("\(newName ?? name).emojiart")
        try FileManager.default.copyItem(at: source, to: copy)
        return copy
    }

    /// Writes `contents` to `documents/NAME` and returns its URL.
    func writeDocument(named name: String, contents: String) throws -> URL {
        let file = documents.appendingPathComponent(name)
        try Data(contents.utf8).write(to: file)
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
