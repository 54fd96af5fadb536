import EmojiArtCore
import Foundation

/// The emojis most recently added to documents in any window (F1), kept by the application:
/// each addition is saved at once (thirty emojis, one small atomic write) and every strip
/// showing the list hears of it.
@MainActor
final class RecentEmojiList {
    private(set) var recents: RecentEmojis
    private let stateDirectory: URL
    private var observers: [Int: @MainActor () -> Void] = [:]
    private var lastObserverToken = 0

    init(stateDirectory: URL) {
        self.stateDirectory = stateDirectory
        recents = RecentEmojis.load(from: stateDirectory)
    }

    var emojis: [String] { recents.emojis }

    func add(_ emoji: String) {
        let before = recents
        recents.add(emoji)
        guard recents != before else { return }
        do {
            try recents.save(to: stateDirectory)
        } catch {
            // Not worth a dialog: the list still works in this run and the next add tries again.
            FileHandle.standardError.write(Data("emojiart: the recently added emojis were not saved: \(error)\n".utf8))
        }
        for observer in observers.values { observer() }
    }

    func addObserver(_ observer: @escaping @MainActor () -> Void) -> Int {
        lastObserverToken += 1
        observers[lastObserverToken] = observer
        return lastObserverToken
    }

    func removeObserver(_ token: Int) {
        observers[token] = nil
    }
}
