import Observation

/// The document's view-model: owns the model, exposes the user's intents, records each change
/// on its undo stack and reports it through `onChange` (the one path windows listen to).
/// Selection is not here: it belongs to a window (see `EmojiSelection`).
@MainActor @Observable
public final class EmojiArtDocument {
    public internal(set) var model: EmojiArtModel
    /// My local history; a shared document's history is the room's (see `isShared`).
    public internal(set) var undoStack = UndoStack()
    /// Counts every change, undo and redo included; autosave compares it with `savedRevision`.
    public private(set) var revision = 0
    /// The revision last written to disk.
    public private(set) var savedRevision = 0
    /// The undo history's state token at the last save: "unsaved" means the content differs from
    /// the file, so undoing back to the saved state makes the document saved again (U5).
    var savedStateToken = 0
    /// State tokens of the revisions not yet known to be saved, so a save that ran while the
    /// user kept editing marks exactly the state it wrote.
    @ObservationIgnored var stateTokens: [Int: Int] = [0: 0]

    /// Called after every change with what it touched.
    @ObservationIgnored public var onChange: (@MainActor (DocumentChange) -> Void)?

    /// Where a shared document's steps go (see EmojiArtDocument+Sharing.swift); nil when alone.
    @ObservationIgnored weak var collaboration: (any DocumentCollaboration)?
    @ObservationIgnored var sharedGesture: SharedGesture?
    /// A shared document's state token: counts down from −1 on every change, so it never equals
    /// a token of the local history (which counts up from 0).
    @ObservationIgnored var sharedStateToken = -1
    /// Others' drags in progress (C3), by emoji id: drawn over the model, never part of it
    /// (see EmojiArtDocument+LivePreviews.swift).
    @ObservationIgnored public internal(set) var livePreviews: [Int: LivePose] = [:]
    @ObservationIgnored var displayedModelCache: (revision: Int, previews: [Int: LivePose], model: EmojiArtModel)?
    /// A room joined with a view link (C12): every edit is refused here, before it changes the
    /// model; the room's own changes still arrive.
    public var isReadOnly = false
    /// Makes the id of each new group (R3: Group, and copies of grouped emojis); tests set a
    /// predictable one.
    @ObservationIgnored public var makeGroupID: () -> String = { GroupID.random() }

    public init(model: EmojiArtModel = EmojiArtModel()) {
        self.model = model
    }

    public var hasUnsavedChanges: Bool { stateToken != savedStateToken }

    /// Names the current content (U5): the local history's token, or the shared one.
    var stateToken: Int { collaboration == nil ? undoStack.stateToken : sharedStateToken }

    /// Marks `revision` as written; a change made while the save ran stays unsaved.
    public func markSaved(revision savedRevision: Int) {
        guard savedRevision > self.savedRevision, savedRevision <= revision,
            let token = stateTokens[savedRevision]
        else { return }
        let wasUnsaved = hasUnsavedChanges
        self.savedRevision = savedRevision
        savedStateToken = token
        stateTokens = stateTokens.filter { $0.key >= savedRevision }
        if wasUnsaved != hasUnsavedChanges { onChange?(.saveState) }
    }

    // MARK: - Intents

    /// Adds one emoji on top (D1). Text that is not exactly one emoji is refused (nil).
    /// The size is clamped to what a file can hold.
    @discardableResult
    public func addEmoji(_ text: String, at position: DocumentPoint, size: Double) -> Emoji? {
        guard text.count == 1, let character = text.first, character.isEmoji,
            size.isFinite, position.x.isFinite, position.y.isFinite
        else { return nil }
        // Ids are not reused, even after an undone add: the counter only grows (see `insert`),
        // until it reaches the largest id a file may hold (see `nextEmojiID`).
        let emoji = Emoji(
            id: model.nextEmojiID(), text: text, position: Self.clamped(position), size: Self.clamped(size: size))
        perform(.insertEmojis([PlacedEmoji(index: model.emojis.count, emoji: emoji)]), named: ActionName.add(text))
        return emoji
    }

    /// Moves the emojis with these ids by `offset` (S2). Inside a gesture group, the frames of
    /// one drag fold into one "Move" step.
    public func moveEmojis(_ ids: Set<Int>, by offset: DocumentVector) {
        guard offset != .zero, offset.dx.isFinite, offset.dy.isFinite else { return }
        updateEmojis(ids, named: ActionName.move) { emoji in
            emoji.position = Self.clamped(emoji.position.offset(by: offset))
        }
    }

    /// Resizes the emojis with these ids by `factor` around their own centres (S3).
    public func scaleEmojis(_ ids: Set<Int>, by factor: Double) {
        guard factor.isFinite, factor > 0, factor != 1 else { return }
        updateEmojis(ids, named: ActionName.scale) { emoji in
            emoji.size = Self.clamped(size: emoji.size * factor)
        }
    }

    /// Removes the emojis with these ids (S4).
    public func deleteEmojis(_ ids: Set<Int>) {
        let removed = model.emojis.enumerated()
            .filter { ids.contains($0.element.id) }
            .map { PlacedEmoji(index: $0.offset, emoji: $0.element) }
        guard !removed.isEmpty else { return }
        perform(.removeEmojis(removed), named: ActionName.delete)
    }

    /// Sets the background (D2, D3, U1).
    public func setBackground(_ background: Background) {
        guard background != model.background else { return }
        perform(.setBackground(before: model.background, after: background), named: ActionName.setBackground)
    }

    // MARK: - Undo

    /// Collects the edits until `endGesture()` into one undo step named `name` (U3). A burst
    /// (arrow-key nudges, wheel scaling) is a gesture whose edits a shared document sends at
    /// once; a pointer gesture's are shown live to others and sent when it ends.
    public func beginGesture(named name: String, isBurst: Bool = false) {
        guard collaboration == nil else { return beginSharedGesture(named: name, isBurst: isBurst) }
        undoStack.beginGroup(named: name)
    }

    public func endGesture() {
        guard collaboration == nil else { return endSharedGesture() }
        guard undoStack.isGrouping else { return }
        let before = (undoStack.canUndo, undoStack.undoActionName)
        undoStack.closeGroup()
        if before != (undoStack.canUndo, undoStack.undoActionName) { onChange?(.history) }
    }

    public func undo() {
        if let collaboration {
            endSharedGesture()
            return collaboration.undo(self)
        }
        let wasUnsaved = hasUnsavedChanges
        guard let step = undoStack.popUndo() else { return }
        var change = DocumentChange.history
        for edit in step.edits.reversed() {
            edit.inverse.apply(to: &model)
            change.formUnion(edit.change)
        }
        undoStack.pushRedo(step)
        noteChange(change, wasUnsaved: wasUnsaved)
    }

    public func redo() {
        if let collaboration {
            endSharedGesture()
            return collaboration.redo(self)
        }
        let wasUnsaved = hasUnsavedChanges
        guard let step = undoStack.popRedo() else { return }
        var change = DocumentChange.history
        for edit in step.edits {
            edit.apply(to: &model)
            change.formUnion(edit.change)
        }
        undoStack.pushUndo(step)
        noteChange(change, wasUnsaved: wasUnsaved)
    }

    // MARK: - Private

    private func updateEmojis(_ ids: Set<Int>, named name: String, _ transform: (inout Emoji) -> Void) {
        let before = model.emojis(withIDs: ids)
        guard !before.isEmpty else { return }
        let after = before.map { emoji in
            var changed = emoji
            transform(&changed)
            return changed
        }
        guard after != before else { return }
        perform(.updateEmojis(before: before, after: after), named: name)
    }

    func perform(_ edit: DocumentEdit, named name: String) {
        perform([edit], named: name)
    }

    /// Applies `edits` in order and records them as one step named `name`.
    func perform(_ edits: [DocumentEdit], named name: String) {
        guard !edits.isEmpty, !isReadOnly else { return }
        if let collaboration { return performShared(edits, named: name, collaboration) }
        let wasUnsaved = hasUnsavedChanges
        var change = DocumentChange.history
        for edit in edits {
            edit.apply(to: &model)
            change.formUnion(edit.change)
        }
        undoStack.record(edits, named: name)
        noteChange(change, wasUnsaved: wasUnsaved)
    }

    func noteChange(_ change: DocumentChange, wasUnsaved: Bool) {
        revision += 1
        stateTokens[revision] = stateToken
        onChange?(wasUnsaved == hasUnsavedChanges ? change : change.union(.saveState))
    }

    static func clamped(_ point: DocumentPoint) -> DocumentPoint {
        let limit = EmojiArtFormat.maxCoordinateMagnitude
        return DocumentPoint(x: min(max(point.x, -limit), limit), y: min(max(point.y, -limit), limit))
    }

    static func clamped(size: Double) -> Double {
        min(max(size, EmojiArtFormat.sizeRange.lowerBound), EmojiArtFormat.sizeRange.upperBound)
    }
}
