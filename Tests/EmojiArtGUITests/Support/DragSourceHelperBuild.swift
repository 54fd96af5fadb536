import Foundation

/// Compiles the drag-source helper with cc against GTK 4 once per test run, into a temporary
/// folder named after a hash of its source, so later runs reuse it until the source changes;
/// concurrent runs each write a file of their own and rename it into place, which is atomic.
actor DragSourceHelperBuild {
    static let shared = DragSourceHelperBuild()

    private var built: URL?

    static let source = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DragSourceHelper/drag-source.c")

    func executable() async throws -> URL {
        if let built { return built }
        let code = try Data(contentsOf: Self.source)
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("emojiart-gui-drag-source-\(Self.fnv1a(code))", isDirectory: true)
        let executable = folder.appendingPathComponent("drag-source")
        if !FileManager.default.isExecutableFile(atPath: executable.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let flags = try await ExternalCommand.runChecked("pkg-config", ["--cflags", "--libs", "gtk4"]).text
                .split(whereSeparator: \.isWhitespace).map(String.init)
            let partial = folder.appendingPathComponent("drag-source.\(UUID().uuidString)")
            try await ExternalCommand.runChecked(
                "cc", ["-O1", "-o", partial.path, Self.source.path] + flags, timeout: .seconds(120))
            if rename(partial.path, executable.path) != 0 {
                try? FileManager.default.removeItem(at: partial)
                throw ExternalCommand.Failure(description: "could not move the drag-source helper into \(folder.path)")
            }
        }
        built = executable
        return executable
    }

    /// A stable hash of the source (Swift's `hashValue` changes from run to run).
    private static func fnv1a(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
