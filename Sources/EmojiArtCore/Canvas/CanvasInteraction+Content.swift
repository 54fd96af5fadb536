/// What a drop or a paste does with its content (D1–D5, S6): one policy for both.
extension CanvasInteraction {
    /// Accepts `content` dropped at `point` (a drop) or pasted (nil: at the pointer or centre).
    public func accept(_ content: CanvasContent, at point: ViewPoint?, from source: ContentSource) -> CanvasResponse {
        switch content {
        case .emojis(let emojis):
            if let point { pointer = point }
            return CanvasResponse(paste(emojis))
        case .imageURL(let url):
            return CanvasResponse(setBackgroundByUser(.url(url)).union(.redraw))
        case .documents(let urls):
            return CanvasResponse(request: .openDocuments(urls))
        case .imageFile(let url):
            return CanvasResponse(request: .embedImageFile(url))
        case .imageBytes(let data):
            return CanvasResponse(request: .embedImageBytes(data))
        case .emoji(let emoji):
            // A drop lands where it was dropped; text pasted from another app under the pointer
            // when it is over the canvas, as pasted emojis do (S6), else at the view's centre.
            return CanvasResponse(insert(emoji, at: point ?? pointer ?? viewSize.center))
        case .unusable:
            return CanvasResponse(request: .showMessage(source.refusal))
        }
    }
}
