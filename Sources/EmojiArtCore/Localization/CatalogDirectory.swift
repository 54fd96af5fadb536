import Foundation

extension Localization {
    /// Overrides where the compiled catalogs are looked for (DIR/LANG/LC_MESSAGES/emojiart.mo).
    public static let catalogDirectoryVariable = "EMOJIART_LOCALEDIR"

    /// Where a program's compiled catalogs are: `$EMOJIART_LOCALEDIR`, else its own
    /// (`ProgramFiles.catalogDirectory`). The app and the relay bind their catalogs by this rule.
    public static func catalogDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let directory = environment[catalogDirectoryVariable], !directory.isEmpty {
            return URL(fileURLWithPath: directory)
        }
        return ProgramFiles.current?.catalogDirectory
    }
}
