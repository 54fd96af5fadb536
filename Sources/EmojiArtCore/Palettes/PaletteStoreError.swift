/// Why a palette change was refused or not saved. `description` is a sentence the app can show.
public enum PaletteStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// There must always be one palette to choose from (SPEC P5).
    case cannotDeleteLastPalette(name: String)
    /// The palette is gone, e.g. deleted in another window since this one showed it.
    case noSuchPalette(id: Int)
    /// The change is kept in memory, but writing `palettes.json` failed.
    case saveFailed(FileWriteError)

    public var description: String {
        switch self {
        case .cannotDeleteLastPalette(let name):
            localized("“{name}” can’t be deleted: it is the only palette left. Add another palette first.", ["name": name])
        case .noSuchPalette:
            localized("That palette doesn’t exist any more; it may have been deleted in another window.")
        case .saveFailed(let error):
            localized("Your palettes couldn’t be saved, so this change will be lost when EmojiArt quits.") + " \(error)"
        }
    }
}
