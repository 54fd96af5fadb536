import CGtk
import EmojiArtCore
import Foundation

/// A window keeps its document's past (H1) and shows it in Browse Versions… (H2): versions are
/// taken by Core's `VersionKeeper` as the document changes and rests, and when the window closes.
extension DocumentWindow {
    /// How long a changed document rests before a version is taken: H1's 30 s, or the seconds in
    /// `EMOJIART_VERSION_QUIET_SECONDS` (the GUI tests).
    static var versionSchedule: VersionSchedule {
        guard let text = ProcessInfo.processInfo.environment["EMOJIART_VERSION_QUIET_SECONDS"], let seconds = Double(text),
            seconds > 0, seconds <= 3600
        else { return VersionSchedule() }
        return VersionSchedule(quietPeriod: .milliseconds(Int(seconds * 1000)))
    }

    /// A version store that cannot be written is said once; editing and saving go on (H1).
    func versionStoreDidChange() {
        guard !isClosed, let error = versionKeeper.lastError else { return }
        showToast(error.description)
    }

    /// Browse Versions…
    func browseVersions() {
        let history = document.model.documentID.map { application.versionStore.history(of: $0) }
        let restore: @MainActor (EmojiArtModel) -> Void = { [weak self] model in
            guard let self, !isClosed else { return }
            canvas.finishGestures()
            document.restore(version: model)
        }
        VersionsWindow.present(
            for: self, documentName: displayName, history: history, viewport: canvas.interaction.viewport,
            backgrounds: VersionBackgrounds(current: document.model.background, image: canvas.backgroundImage), parent: window,
            actions: VersionsWindow.Actions(
                restore: document.isReadOnly ? nil : restore,
                saveCopy: { [weak self] model, name in self?.saveCopy(of: model, suggestedName: name) }))
    }

    /// Save a Copy…: the version as a new document of its own — its own history, in no room —
    /// which then opens in a window.
    private func saveCopy(of version: EmojiArtModel, suggestedName: String) {
        var copy = version.withFreshDocumentID()
        copy.collab = nil
        let name = suggestedName.replacingOccurrences(of: "/", with: "-") + ".\(EmojiArtFormat.fileExtension)"
        FileChooser.chooseSaveLocation(parent: window, suggestedName: name) { [weak self] url in
            guard let self, let url else { return }
            Task {
                do {
                    try await Task.detached { [copy] in try DocumentFile.write(copy, to: url, shrinkingImageWith: .reencoding) }.value
                } catch {
                    return self.showToast("\(error)")
                }
                self.application.openWindow(for: url)
            }
        }
    }

    /// An untitled document discarded takes its versions with it (H1).
    func discardVersions() {
        guard let id = document.model.documentID else { return }
        let history = application.versionStore.history(of: id)
        Task.detached { history.removeAll() }
    }
}
