import Foundation

/// Where the running program's own files are: a binary built in a checkout (a path inside
/// `.build`) uses the checkout's, one installed as `PREFIX/bin/NAME` those under `PREFIX/share`.
/// The app and the relay find their catalogs by it, the app its icon and the relay the web client.
public enum ProgramFiles: Hashable, Sendable {
    case checkout(root: URL)
    case installed(prefix: URL)

    /// Where `executable` lives.
    public init(executable: URL) {
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            if folder.lastPathComponent == ".build" {
                self = .checkout(root: folder.deletingLastPathComponent())
                return
            }
            folder = folder.deletingLastPathComponent()
        }
        self = .installed(prefix: executable.deletingLastPathComponent().deletingLastPathComponent())
    }

    /// The running program's, from `/proc/self/exe`; nil when it cannot be told.
    public static var current: ProgramFiles? {
        let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        guard let executable = path.map({ URL(fileURLWithPath: $0) }) ?? Bundle.main.executableURL else { return nil }
        return ProgramFiles(executable: executable)
    }

    /// The compiled catalogs: `.build/locale`, which `scripts/compile-translations` writes, or
    /// `PREFIX/share/locale`.
    public var catalogDirectory: URL {
        switch self {
        case .checkout(let root): root.appendingPathComponent(".build/locale")
        case .installed(let prefix): prefix.appendingPathComponent("share/locale")
        }
    }

    /// An icon theme folder the desktop does not know of: the checkout's `data/icons`. Installed
    /// icons are found through XDG_DATA_DIRS and ~/.local/share, as the desktop finds them.
    public var unlistedIconDirectory: URL? {
        switch self {
        case .checkout(let root): root.appendingPathComponent("data/icons")
        case .installed: nil
        }
    }

    /// The browser client the relay serves (SPEC C11): the checkout's `web/client`, or
    /// `PREFIX/share/emojiart-relay/web`, where the relay's package installs it.
    public var webClientDirectory: URL {
        switch self {
        case .checkout(let root): root.appendingPathComponent("web/client", isDirectory: true)
        case .installed(let prefix): prefix.appendingPathComponent("share/emojiart-relay/web", isDirectory: true)
        }
    }

    /// Overrides where the relay looks for the web client (a folder of its files).
    public static let webClientDirectoryVariable = "EMOJIART_WEB_CLIENT_DIR"

    /// Where the running relay's web client is: `$EMOJIART_WEB_CLIENT_DIR`, else its own
    /// (`webClientDirectory`); nil when neither can be told.
    public static func webClientDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let directory = environment[webClientDirectoryVariable], !directory.isEmpty {
            return URL(fileURLWithPath: directory, isDirectory: true)
        }
        return current?.webClientDirectory
    }
}
