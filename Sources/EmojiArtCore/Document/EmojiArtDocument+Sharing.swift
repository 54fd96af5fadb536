/// A shared document (C3, C4): its steps go to a `DocumentCollaboration` as per-field changes and
/// its undo is the room's undo of my steps; the room's state comes back through `showShared`,
/// which never touches my history and never closes my running gesture.
extension EmojiArtDocument {
    /// A gesture of a shared document: its frames are applied locally and shown to others as
    /// previews, and become one step when it ends (C3: a drag is one stored edit).
    struct SharedGesture {
        var name: String
        /// A burst (nudges with the arrow keys, wheel scaling): each edit goes out at once, as
        /// one undo step with the burst's earlier ones; a pointer gesture goes out when it ends.
        var isBurst = false
        var edits: [DocumentEdit] = []
        /// Whether a step of this burst went out already (the next ones join it).
        var hasSentStep = false

        mutating func append(_ newEdits: [DocumentEdit]) {
            for edit in newEdits {
                if var last = edits.last, last.absorb(edit) {
                    edits[edits.count - 1] = last
                } else {
                    edits.append(edit)
                }
            }
        }
    }

    /// From now on, steps go to `collaboration` (Share…, Join…, or opening a shared file). The
    /// local history is left behind: my undo in a room is the room's.
    public func attach(_ collaboration: any DocumentCollaboration) {
        undoStack.closeGroup()
        let wasUnsaved = hasUnsavedChanges
        self.collaboration = collaboration
        sharedGesture = nil
        sharedStateToken -= 1
        if !wasUnsaved { savedStateToken = sharedStateToken }
        stateTokens[revision] = sharedStateToken
        onChange?(.history)
    }

    /// The document is on its own again (the room was left): a fresh local history.
    public func detach() {
        guard collaboration != nil else { return }
        commitSharedGesture()
        let wasUnsaved = hasUnsavedChanges
        collaboration = nil
        sharedGesture = nil
        undoStack = UndoStack()
        // Shared tokens are negative: one of them stays unequal to the fresh history's 0.
        savedStateToken = wasUnsaved ? sharedStateToken : 0
        stateTokens[revision] = 0
        onChange?(.history)
    }

    /// The window left its room for good (Stop Sharing): the document is on its own again and
    /// no longer names the room, so reopening it does not reconnect (C2) — an ordinary document.
    /// Its emojis keep their `cid` and `z`, extra keys the iOS app ignores, which a later Share…
    /// reuses as the new room's ids. Others' drags in progress go. Not a step to undo (rejoining
    /// takes the link): the window asks first. The content is unsaved until the file has lost the
    /// room, so autosave writes it.
    public func leaveRoom() {
        detach()
        showLivePreviews([:])
        guard model.collab != nil else { return }
        let wasUnsaved = hasUnsavedChanges
        model.collab = nil
        // A shared token: never equal to the fresh history's, so this state counts as unsaved.
        savedStateToken = sharedStateToken
        noteChange([], wasUnsaved: wasUnsaved)
    }

    public var isShared: Bool { collaboration != nil }

    public var canUndo: Bool {
        guard let collaboration else { return undoStack.canUndo }
        return sharedGesture.map { !$0.edits.isEmpty } ?? false || collaboration.undoActionName != nil
    }

    public var canRedo: Bool {
        guard let collaboration else { return undoStack.canRedo }
        return collaboration.redoActionName != nil
    }

    /// The step Undo would reverse ("Move"), the running gesture first.
    public var undoActionName: String? {
        guard let collaboration else { return undoStack.undoActionName }
        if let gesture = sharedGesture, !gesture.edits.isEmpty { return gesture.name }
        return collaboration.undoActionName
    }

    public var redoActionName: String? {
        guard let collaboration else { return undoStack.redoActionName }
        return collaboration.redoActionName
    }

    /// The running gesture or burst's name, if any.
    public var openGestureName: String? {
        collaboration == nil ? undoStack.openGroupName : sharedGesture?.name
    }

    /// Shows the room's state (after my step, or others' ops). My running gesture's fields stay
    /// as I am dragging them until it ends; my history is not touched.
    public func showShared(_ shown: EmojiArtModel) {
        var next = shown
        // The room knows nothing of the file's own id (H1): the document keeps it.
        next.documentID = model.documentID
        if let gesture = sharedGesture { Self.overlay(gesture, on: &next) }
        var change = DocumentChange.history
        if next.emojis != model.emojis || next.uniqueEmojiId != model.uniqueEmojiId { change.insert(.emojis) }
        if next.background != model.background { change.insert(.background) }
        let wasUnsaved = hasUnsavedChanges
        let contentChanged = next != model
        model = next
        if contentChanged { sharedStateToken -= 1 }
        noteChange(change, wasUnsaved: wasUnsaved)
    }

    func performShared(_ edits: [DocumentEdit], named name: String, _ collaboration: any DocumentCollaboration) {
        let isFrame = edits.allSatisfy { if case .updateEmojis = $0 { true } else { false } }
        if let gesture = sharedGesture, !(gesture.name == name && isFrame) {
            // Another action during a gesture is its own step (U3): the gesture so far first;
            // the gesture's later frames are a step of their own.
            commitSharedGesture()
            sharedGesture?.hasSentStep = false
        }
        let wasUnsaved = hasUnsavedChanges
        var change = DocumentChange.history
        for edit in edits {
            edit.apply(to: &model)
            change.formUnion(edit.change)
        }
        sharedStateToken -= 1
        if let gesture = sharedGesture, gesture.isBurst, gesture.name == name, isFrame {
            sharedGesture!.hasSentStep = true
            noteChange(change, wasUnsaved: wasUnsaved)
            var step = FieldStep(name: name, documentEdits: edits)
            step.joinsPrevious = gesture.hasSentStep
            collaboration.document(self, didPerform: step)
            return
        }
        if sharedGesture?.name == name, isFrame {
            sharedGesture!.append(edits)
            noteChange(change, wasUnsaved: wasUnsaved)
            let moved = edits.flatMap { edit -> [Emoji] in
                if case .updateEmojis(_, let after) = edit { after } else { [] }
            }
            collaboration.document(self, didPreview: moved)
            return
        }
        noteChange(change, wasUnsaved: wasUnsaved)
        collaboration.document(self, didPerform: FieldStep(name: name, documentEdits: edits))
    }

    func beginSharedGesture(named name: String, isBurst: Bool) {
        commitSharedGesture()
        sharedGesture = SharedGesture(name: name, isBurst: isBurst)
    }

    func endSharedGesture() {
        guard sharedGesture != nil else { return }
        commitSharedGesture()
        sharedGesture = nil
        onChange?(.history)
    }

    /// Hands the gesture so far to the room as one step; the gesture stays open.
    func commitSharedGesture() {
        guard let gesture = sharedGesture, !gesture.edits.isEmpty, let collaboration else { return }
        sharedGesture?.edits = []
        let step = FieldStep(name: gesture.name, documentEdits: gesture.edits)
        guard !step.edits.isEmpty else { return }
        collaboration.document(self, didPerform: step)
    }

    /// The fields my gesture changed, as it has them, over the room's values.
    private static func overlay(_ gesture: SharedGesture, on model: inout EmojiArtModel) {
        var changed = [Emoji]()
        for case .updateEmojis(let before, let after) in gesture.edits {
            let originals = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let current = Dictionary(
                model.emojis(withIDs: Set(after.map(\.id))).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for emoji in after {
                guard let original = originals[emoji.id], var shown = current[emoji.id] else { continue }
                for property in EmojiProperty.allCases where original[property] != emoji[property] {
                    shown[property] = emoji[property]
                }
                changed.append(shown)
            }
        }
        model.update(changed)
    }
}
