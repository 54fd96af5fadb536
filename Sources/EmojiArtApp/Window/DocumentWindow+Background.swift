import CGtk
import EmojiArtCore

/// Set Background from File… and from URL… (B7): each sets the background as the user's own
/// choice, so it is fitted when it arrives (B5) and is one "Set Background" step.
extension DocumentWindow {
    func chooseBackgroundFile() {
        FileChooser.chooseImage(parent: window) { [weak self] url in
            guard let self, !isClosing, let url else { return }
            canvas.apply { $0.accept(.imageFile(url), at: nil, from: .drop) }
        }
    }

    func askForBackgroundURL() {
        BackgroundURLDialog.present(parent: window) { [weak self] url in
            guard let self, !isClosing else { return }
            canvas.setBackgroundByUser(.url(url))
        }
    }
}
