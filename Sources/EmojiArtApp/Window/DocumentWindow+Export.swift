import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation

extension DocumentWindow {
    /// Export…: the picture as PNG (at a chosen scale), SVG or PDF, drawn off the main thread by
    /// the same exporter as `emojiart render` (E1).
    func export() {
        let name = "\(location.displayName).png"
        FileChooser.chooseExportLocation(parent: window, suggestedName: name) { [weak self] url, scale in
            guard let self, let url else { return }
            let model = document.model
            let background = canvas.backgroundImage
            let options = ExportOptions(
                format: ExportOptions.Format(fileExtension: url.pathExtension) ?? .png, size: .scale(scale))
            Task {
                do {
                    try await Task.detached {
                        try AtomicFile.write(DocumentExporter().export(model, background: background, options: options), to: url)
                    }.value
                    self.showToast("Exported “\(url.lastPathComponent)”.")
                } catch {
                    self.showToast("\(error)")
                }
            }
        }
    }
}
