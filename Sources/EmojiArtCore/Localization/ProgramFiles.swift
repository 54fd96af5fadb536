import Foundation

/// Where the running program's own files are: a binary built in a checkout (a path inside
/// `.build`) uses the checkout's, one installed as `PREFIX/bin/NAME` those under `PREFIX/share`.
/// The app and the relay find their catalogs by it, and the app its icon.
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
}
