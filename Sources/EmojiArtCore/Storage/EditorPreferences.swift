import Foundation

/// The editor's own settings, the same in every window and remembered across launches, in
/// `<state directory>/preferences.json`. A missing or damaged file gives the defaults: losing
/// a preference is not worth a dialog, and the next change writes a good file.
public struct EditorPreferences: Codable, Hashable, Sendable {
    /// R1: a dragged or corner-scaled selection snaps to the lines of other things ("Snap to
    /// Objects" in the View section).
    public var snapsToObjects = true
    /// C5: the name others see in a shared document, as the user gave it in Share… or Join…;
    /// nil for the system's real name.
    public var displayName: String?

    public init(snapsToObjects: Bool = true, displayName: String? = nil) {
        self.snapsToObjects = snapsToObjects
        self.displayName = displayName
    }

    /// The most characters a display name keeps: a name, not a message.
    public static let maximumDisplayNameLength = 64

    /// The name others see: the one the user gave, trimmed and cut to a name's length, or
    /// `systemName` when they gave none.
    public func participantName(systemName: String) -> String {
        let given = (displayName ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return given.isEmpty ? systemName : String(given.prefix(Self.maximumDisplayNameLength))
    }

    public static let fileName = "preferences.json"
    /// A few dozen bytes; anything much larger is not ours.
    static let maximumFileBytes = 64 * 1024

    /// Reads the preferences kept in `stateDirectory`, or the defaults.
    public static func load(from stateDirectory: URL) -> EditorPreferences {
        let file = stateDirectory.appendingPathComponent(fileName)
        guard let data = try? AtomicFile.read(file, maxBytes: maximumFileBytes),
            let preferences = try? JSONDecoder().decode(EditorPreferences.self, from: data)
        else { return EditorPreferences() }
        return preferences
    }

    /// Writes them atomically into `stateDirectory`.
    public func save(to stateDirectory: URL) throws {
        let file = stateDirectory.appendingPathComponent(Self.fileName)
        try PrivateDirectory.create(stateDirectory, forSaving: file.path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(encoder.encode(self), to: file)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        snapsToObjects = (try? container.decodeIfPresent(Bool.self, forKey: .snapsToObjects)) ?? true
        displayName = try? container.decodeIfPresent(String.self, forKey: .displayName)
    }
}
