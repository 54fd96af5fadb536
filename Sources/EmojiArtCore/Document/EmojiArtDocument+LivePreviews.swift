/// Where someone else's drag has an emoji right now (C3): position, size and rotation, the
/// fields a drag, a pinch or a rotation changes.
public struct LivePose: Hashable, Sendable {
    public var position: DocumentPoint
    public var size: Double
    public var rotation: Double

    public init(position: DocumentPoint, size: Double, rotation: Double) {
        self.position = position
        self.size = size
        self.rotation = rotation
    }
}

/// Others' live drags in a shared document (C3): a layer over the model that only the canvas
/// draws. The model — what autosave writes, what export, copy and undo read — holds committed
/// edits only, so a save in the middle of someone's drag stores where the emoji was, and the
/// stored edit is the one their drag ends with.
extension EmojiArtDocument {
    /// Replaces the layer (the collaboration calls it as frames arrive, and with the frames of a
    /// drag gone when its edit arrives or its author leaves). Emojis not in the model are ignored
    /// when drawn.
    public func showLivePreviews(_ previews: [Int: LivePose]) {
        guard previews != livePreviews else { return }
        livePreviews = previews
        onChange?(.livePreviews)
    }

    /// What the canvas draws: the model with others' drags in progress over it.
    public var displayedModel: EmojiArtModel {
        guard !livePreviews.isEmpty else { return model }
        if let cache = displayedModelCache, cache.revision == revision, cache.previews == livePreviews { return cache.model }
        var shown = model
        let moved = model.emojis(withIDs: Set(livePreviews.keys)).compactMap { emoji -> Emoji? in
            guard let pose = livePreviews[emoji.id] else { return nil }
            var live = emoji
            live.position = Self.clamped(pose.position)
            live.size = Self.clamped(size: pose.size)
            live.rotation = pose.rotation.isFinite ? pose.rotation : emoji.rotation
            return live
        }
        shown.update(moved)
        displayedModelCache = (revision, livePreviews, shown)
        return shown
    }
}
