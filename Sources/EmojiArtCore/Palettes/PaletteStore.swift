import Foundation

/// The user's palettes (SPEC P2–P5), kept in `<data directory>/palettes.json` and saved
/// atomically after every change.
///
/// A class, not a value: every window shows the same palettes, so one instance is shared and a
/// change made in one window is what the others read. It is not `Sendable` and not an actor: it
/// belongs to the main actor with the windows, and its file is a few kilobytes, so saving there
/// does not hold up a frame. A change from another EmojiArt process arrives through `reload()`.
/// Observers (`addObserver`) hear of every change to `palettes`, whichever way it came, so every
/// window's strip, editor and manager stay in step (SPEC P5).
public final class PaletteStore {
    /// The file inside the data directory (`StorageLocations.dataDirectory`).
    public static let fileName = "palettes.json"
    /// Far above any real set of palettes; a larger file is treated as damaged.
    public static let maximumFileBytes = 4 * 1_048_576

    /// `<data directory>/palettes.json`; the app watches it to see other processes' changes.
    public let fileURL: URL
    /// Never empty, in the user's order.
    public private(set) var palettes: [Palette]
    /// Set when the last load found a file it could not use and moved it aside; the app shows it.
    public private(set) var loadWarning: CorruptFileWarning?
    private var lastPaletteID: Int
    private var observers: [Int: () -> Void] = [:]
    private var lastObserverToken = 0

    /// Loads the palettes from `dataDirectory` (see `reload()`). Never fails: without a usable
    /// file the store starts with the nine defaults.
    public init(dataDirectory: URL) {
        fileURL = dataDirectory.standardizedFileURL.appendingPathComponent(Self.fileName)
        palettes = DefaultPalettes.inUserLanguage
        lastPaletteID = DefaultPalettes.all.map(\.id).max() ?? 0
        reload()
    }

    /// Reads the file again. No file (a first run) gives the defaults in order. A file that is
    /// damaged, unreadable, empty of palettes or from a newer EmojiArt is moved aside to
    /// `palettes.json.corrupt-<time>`, never deleted, and the defaults are used with a warning.
    /// Nothing is written here: the file is only created or replaced by a change.
    /// Observers are told only when the palettes differ from before, so re-reading a file this
    /// store wrote itself (as a file monitor reports it) changes nothing.
    @discardableResult
    public func reload() -> CorruptFileWarning? {
        let loaded = load()
        let previous = palettes
        lastPaletteID = loaded.file?.lastPaletteID ?? (DefaultPalettes.all.map(\.id).max() ?? 0)
        loadWarning = loaded.warning
        palettes = loaded.file?.palettes ?? DefaultPalettes.inUserLanguage
        if palettes != previous { notifyObservers() }
        return loaded.warning
    }

    // MARK: - Observers

    /// A registration made by `addObserver`, to pass to `removeObserver`.
    public struct ObserverToken: Hashable, Sendable {
        fileprivate let value: Int
    }

    /// Calls `observer` after each change to `palettes` — an edit through this store (also when
    /// saving it then failed: the change stays in memory) or a `reload()` that found different
    /// palettes — once per change, in the order observers were added. Nothing is called for a
    /// request that changes nothing (renaming to the same name, a refused delete).
    @discardableResult
    public func addObserver(_ observer: @escaping () -> Void) -> ObserverToken {
        lastObserverToken += 1
        observers[lastObserverToken] = observer
        return ObserverToken(value: lastObserverToken)
    }

    /// Stops calling the observer; from inside a notification too.
    public func removeObserver(_ token: ObserverToken) {
        observers[token.value] = nil
    }

    private func notifyObservers() {
        for token in observers.keys.sorted() {
            observers[token]?()  // looked up again: an earlier observer may have removed it
        }
    }

    /// Applies `edit` to the palettes; when it changed them, saves and then notifies, even when
    /// saving fails (the edit stays in memory, see `save()`).
    private func change(_ edit: (inout [Palette]) throws -> Void) throws {
        var edited = palettes
        try edit(&edited)
        guard edited != palettes else { return }
        palettes = edited
        defer { notifyObservers() }
        try save()
    }

    /// The palette at `index`, wrapping around in both directions, so "next palette" (P2) is
    /// simply `palette(at: current + 1)`.
    public func palette(at index: Int) -> Palette {
        palettes[((index % palettes.count) + palettes.count) % palettes.count]
    }

    /// The palette with `id`, or nil when it has been deleted (a window's remembered choice, P6).
    public func palette(withID id: Int) -> Palette? {
        palettes.first { $0.id == id }
    }

    /// Where the palette with `id` is in the list, or nil when it has been deleted.
    public func index(ofPaletteWithID id: Int) -> Int? {
        palettes.firstIndex { $0.id == id }
    }

    /// Inserts a palette with a fresh id before `index` (clamped to the list) and returns it.
    @discardableResult
    public func insertPalette(named name: String, emojis: String = "", at index: Int) throws -> Palette {
        lastPaletteID += 1
        let palette = Palette(id: lastPaletteID, name: name, emojis: emojis)
        try change { $0.insert(palette, at: min(max(index, 0), $0.count)) }
        return palette
    }

    /// Whether a palette may be deleted: never the last one (P5). The strip's and the manager's
    /// Delete are insensitive otherwise.
    public var canRemovePalette: Bool { Self.canRemovePalette(from: palettes) }

    /// See `canRemovePalette`: whether one of `palettes` may be deleted.
    public static func canRemovePalette(from palettes: [Palette]) -> Bool { palettes.count > 1 }

    /// Deletes a palette; the last one left is refused with `.cannotDeleteLastPalette` (P5).
    public func removePalette(withID id: Int) throws {
        let index = try existingIndex(of: id)
        guard canRemovePalette else {
            throw PaletteStoreError.cannotDeleteLastPalette(name: palettes[index].name)
        }
        try change { $0.remove(at: index) }
    }

    /// Renames a palette (P3, P4); any name is kept as given, including an empty one.
    public func renamePalette(withID id: Int, to name: String) throws {
        let index = try existingIndex(of: id)
        try change { $0[index].name = name }
    }

    /// Replaces a palette's emojis with `emojis`, stored as given (the editor filters, P3).
    public func setEmojis(_ emojis: String, forPaletteWithID id: Int) throws {
        let index = try existingIndex(of: id)
        try change { $0[index].emojis = emojis }
    }

    /// Moves the palettes at `source` so they land before the palette now at `destination`,
    /// keeping their order, as a list's drag-to-reorder does (SwiftUI's `move(fromOffsets:toOffset:)`).
    /// Offsets outside the list are ignored.
    public func movePalettes(fromOffsets source: IndexSet, toOffset destination: Int) throws {
        let moving = source.filter { palettes.indices.contains($0) }
        guard !moving.isEmpty else { return }
        let target = min(max(destination, 0), palettes.count)
        var reordered = palettes
        for index in moving.reversed() { reordered.remove(at: index) }
        reordered.insert(contentsOf: moving.map { palettes[$0] }, at: target - moving.filter { $0 < target }.count)
        try change { $0 = reordered }
    }

    private func existingIndex(of id: Int) throws -> Int {
        guard let index = index(ofPaletteWithID: id) else { throw PaletteStoreError.noSuchPalette(id: id) }
        return index
    }

    /// Writes every palette. On failure the change stays in memory, so the user's edit is not
    /// undone under them; the next successful save writes it too.
    private func save() throws {
        do {
            try PrivateDirectory.create(fileURL.deletingLastPathComponent(), forSaving: fileURL.path)
            let data = try PaletteFile(palettes: palettes, lastPaletteID: lastPaletteID).encoded()
            try AtomicFile.write(data, to: fileURL)
        } catch let error as FileWriteError {
            throw PaletteStoreError.saveFailed(error)
        } catch {
            throw PaletteStoreError.saveFailed(.failed(path: fileURL.path, reason: "\(error)"))
        }
    }

    private func load() -> (file: PaletteFile?, warning: CorruptFileWarning?) {
        let problem: String
        do {
            let data = try AtomicFile.read(fileURL, maxBytes: Self.maximumFileBytes)
            return (try PaletteFile.decode(data), nil)
        } catch FileReadError.notFound {
            return (nil, nil)
        } catch let error as FileReadError {
            problem = error.clause
        } catch let error as PaletteFile.Problem {
            problem = error.clause
        } catch {
            problem = "\(error)"
        }
        let warning = FileQuarantine.setAside(
            fileURL, problem: problem, consequence: localized("The default palettes are used instead."))
        return (nil, warning)
    }
}
