import Foundation

/// The programs the whole-process benchmarks run, found or built once.
enum Tools {
    /// The repository's root (Benchmarks/ is inside it).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The release `emojiart` binary: EMOJIART_BINARY, or the repository's `.build/release/emojiart`
    /// (build it first as `scripts/install` builds the binary it installs:
    /// `swift build -c release --static-swift-stdlib --product emojiart`).
    static func emojiart() throws -> String {
        try releaseBinary("emojiart", overriddenBy: "EMOJIART_BINARY")
    }

    /// The release `emojiart-relay` binary: EMOJIART_RELAY_BINARY, or the repository's
    /// `.build/release/emojiart-relay` (`swift build -c release --product emojiart-relay`).
    static func relay() throws -> String {
        try releaseBinary("emojiart-relay", overriddenBy: "EMOJIART_RELAY_BINARY")
    }

    private static func releaseBinary(_ product: String, overriddenBy variable: String) throws -> String {
        let path =
            ProcessInfo.processInfo.environment[variable]
            ?? repositoryRoot.appendingPathComponent(".build/release/\(product)").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkError(
                description:
                    "No \(product) binary at \(path): run `swift build -c release --product \(product)` in the repository first, or set \(variable)."
            )
        }
        return path
    }

    /// The bare GTK 4 + libadwaita window (Benchmarks/BareWindow/bare-window.c), compiled into
    /// `folder` against the system's libraries with -O2.
    static func bareWindow(in folder: URL) throws -> String {
        let source = repositoryRoot.appendingPathComponent("Benchmarks/BareWindow/bare-window.c").path
        let output = folder.appendingPathComponent("bare-window").path
        let flags = try ChildRun.run("pkg-config", ["--cflags", "--libs", "libadwaita-1"])
            .split(whereSeparator: \.isWhitespace).map(String.init)
        _ = try ChildRun.run("cc", ["-O2", source, "-o", output] + flags)
        guard FileManager.default.isExecutableFile(atPath: output) else {
            throw BenchmarkError(description: "could not compile \(source)")
        }
        return output
    }

    static func isAvailable(_ command: String) -> Bool {
        (try? ChildRun.run("sh", ["-c", "command -v \(command)"]))?.isEmpty == false
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
}
