import EmojiArtCore
import Foundation

/// The names screen readers say for the emoji buttons (F1): "grinning face" rather than the
/// character. The names come from the emoji index, which must not load on the launch path, so
/// until it is loaded a button is named by its emoji; `loadSoon()` loads it on a worker once
/// the strip's pictures are made, and observers rename their buttons.
@MainActor
enum SpokenEmojiNames {
    private static var isLoading = false
    private static var observers: [Int: @MainActor () -> Void] = [:]
    private static var lastObserverToken = 0

    /// The emoji's name in the language of the menus, or the emoji until the names are loaded.
    static func name(of emoji: String) -> String {
        EmojiSearch.shared.isLoaded ? EmojiSearch.shared.spokenName(of: emoji) : emoji
    }

    /// Loads the index (not a search table: names need none) on a worker thread of low
    /// priority, then tells the observers; later calls do nothing.
    static func loadSoon() {
        guard !isLoading else { return }
        isLoading = true
        let thread = Thread {
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)  // this thread only (Linux)
            EmojiSearch.shared.loadIndex()
            DispatchQueue.main.async { MainActor.assumeIsolated { for observer in observers.values { observer() } } }
        }
        thread.name = "EmojiArt emoji names"
        thread.start()
    }

    /// Calls `observer` on the main thread once the names are loaded, until removed.
    static func addObserver(_ observer: @escaping @MainActor () -> Void) -> Int {
        lastObserverToken += 1
        observers[lastObserverToken] = observer
        return lastObserverToken
    }

    static func removeObserver(_ token: Int) {
        observers[token] = nil
    }
}
