import Foundation

/// Where EmojiArt keeps per-user files, following the XDG Base Directory specification
/// (DESIGN "Data and format"): palettes in the data folder, window state and drafts in the state folder.
///
/// Built from an environment dictionary rather than the process's own, so tests can try any
/// environment without `setenv`, which would leak into tests running in parallel.
public struct StorageLocations: Hashable, Sendable {
    /// The folder inside each XDG base folder.
    public static let applicationFolderName = "emojiart"

    /// `$XDG_DATA_HOME/emojiart`, by default `~/.local/share/emojiart`: palettes (SPEC P5).
    public var dataDirectory: URL
    /// `$XDG_STATE_HOME/emojiart`, by default `~/.local/state/emojiart`: window state (SPEC W4), drafts (W2).
    public var stateDirectory: URL

    /// Reads `XDG_DATA_HOME`, `XDG_STATE_HOME` and `HOME` from `environment`. Values that are
    /// empty or relative are ignored, as the XDG specification requires; without a usable
    /// `HOME` the user's home folder comes from the system.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home =
            Self.absolutePath(environment["HOME"])
            .map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        func base(_ variable: String, default relativePath: String) -> URL {
            if let path = Self.absolutePath(environment[variable]) {
                return URL(fileURLWithPath: path, isDirectory: true)
            }
            return home.appendingPathComponent(relativePath, isDirectory: true)
        }
        self.init(
            dataDirectory: base("XDG_DATA_HOME", default: ".local/share")
                .appendingPathComponent(Self.applicationFolderName, isDirectory: true),
            stateDirectory: base("XDG_STATE_HOME", default: ".local/state")
                .appendingPathComponent(Self.applicationFolderName, isDirectory: true)
        )
    }

    /// Uses the given folders as they are (for tests, or a `--data-dir` style override).
    public init(dataDirectory: URL, stateDirectory: URL) {
        self.dataDirectory = dataDirectory.standardizedFileURL
        self.stateDirectory = stateDirectory.standardizedFileURL
    }

    private static func absolutePath(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        return value
    }
}
