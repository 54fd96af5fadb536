import Foundation

extension Localization {
    /// Overrides where the compiled catalogs are looked for (DIR/LANG/LC_MESSAGES/emojiart.mo).
    public static let catalogDirectoryVariable = "EMOJIART_LOCALEDIR"

    /// Where a program's compiled catalogs are: `$EMOJIART_LOCALEDIR`; else, for a binary run from
    /// a checkout (a path inside `.build`), the catalogs `scripts/compile-translations` writes to
    /// `.build/locale`; else the installed ones, `PREFIX/share/locale` beside `PREFIX/bin/`.
    /// (The relay binds its catalogs by this rule; the app's `Translations` follows the same one.)
    public static func catalogDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let directory = environment[catalogDirectoryVariable], !directory.isEmpty {
            return URL(fileURLWithPath: directory)
        }
        guard let executable = runningExecutable() else { return nil }
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            if folder.lastPathComponent == ".build" { return folder.appendingPathComponent("locale") }
            folder = folder.deletingLastPathComponent()
        }
        return executable.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/locale")
    }

    private static func runningExecutable() -> URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return Bundle.main.executableURL
        }
        return URL(fileURLWithPath: path)
    }
}
