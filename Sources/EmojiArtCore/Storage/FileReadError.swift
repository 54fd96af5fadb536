import Foundation

/// Why `AtomicFile.read(_:maxBytes:)` refused or failed to read a file. `description` is a
/// sentence the app or the CLI can show as it is.
public enum FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing at the path (ENOENT), or a part of it is not a folder.
    case notFound(path: String)
    /// A folder, device, pipe or socket: reading it could block forever or never end (`/dev/zero`).
    case notARegularFile(path: String)
    /// The file holds more than `limit` bytes.
    case tooLarge(path: String, limit: Int)
    /// Any other failure; `reason` is the system's text, e.g. "Permission denied".
    case unreadable(path: String, reason: String)

    /// The path the caller asked to read.
    public var path: String {
        switch self {
        case .notFound(let path), .notARegularFile(let path), .tooLarge(let path, _),
            .unreadable(let path, _):
            path
        }
    }

    public var description: String {
        let name = PathResolution.split(path).name
        return switch self {
        case .notFound:
            localized("“{name}” couldn’t be found. It may have been moved, renamed or deleted.", ["name": name])
        case .notARegularFile:
            localized("“{name}” can’t be opened: it is a folder, a device or a pipe, not a file.", ["name": name])
        case .tooLarge(_, let limit):
            localized(
                "“{name}” can’t be opened: it is larger than {limit}, the most EmojiArt reads.",
                ["name": name, "limit": Self.formatted(byteCount: limit)])
        case .unreadable(_, let reason):
            localized(
                "“{name}” couldn’t be read: the system reported “{reason}”. Check that you may read it.", ["name": name, "reason": reason])
        }
    }

    /// The problem as a clause, for `CorruptFileWarning.problem`: "it is not a regular file".
    var clause: String {
        switch self {
        case .notFound: localized("it has disappeared")
        case .notARegularFile: localized("it is a folder, a device or a pipe, not a file")
        case .tooLarge(_, let limit): localized("it is larger than {limit}", ["limit": Self.formatted(byteCount: limit)])
        case .unreadable(_, let reason): localized("the system reported “{reason}” reading it", ["reason": reason])
        }
    }

    /// "64 MB", "1.5 MB", "512 KB" or "300 bytes" (binary units, like `ls -h`).
    public static func formatted(byteCount: Int) -> String {
        for size in [1_048_576.0, 1_024.0] where Double(byteCount) >= size {
            let value = Double(byteCount) / size
            let number = value == value.rounded() ? "\(Int(value))" : String(format: "%.1f", value)
            // French writes "Mo" and "Ko": the unit is translated with its number.
            return size > 1_024 ? localized("{size} MB", ["size": number]) : localized("{size} KB", ["size": number])
        }
        return localizedPlural("{count} byte", "{count} bytes", count: byteCount)
    }
}
