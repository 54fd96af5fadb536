/// A field a step changed: an emoji field or the background.
public enum UndoTarget: Hashable, Sendable {
    case emoji(CollabID, EmojiField)
    case background
}

/// What a step did to one target, and what it was before.
public enum UndoValue: Hashable, Sendable {
    case field(FieldValue)
    case background(CollabBackground)
}

public struct UndoChange: Hashable, Sendable {
    public var target: UndoTarget
    public var before: UndoValue
    public var after: UndoValue
}

/// One undoable action of mine (U2's name with it).
public struct UndoStep: Hashable, Sendable {
    public var name: String
    public var changes: [UndoChange]
}

/// My undo and redo (C4): only my own steps are here — remote ops never enter them. Undoing sends
/// ops only for fields that still hold what I wrote (checked again by every replica through the
/// op's `expected`), and the redo step is built from what the undo really changed, so undo n +
/// redo n leaves the document as it was.
public struct UndoHistory: Hashable, Sendable {
    public private(set) var undoSteps: [UndoStep] = []
    public private(set) var redoSteps: [UndoStep] = []

    public init() {}

    public var undoName: String? { undoSteps.last?.name }
    public var redoName: String? { redoSteps.last?.name }

    /// A new action of mine: it clears the redo steps. With `joining`, it folds into the last
    /// step (a gesture or a burst, U3), keeping each target's first `before`.
    mutating func record(_ step: UndoStep, joining: Bool) {
        redoSteps.removeAll()
        guard !step.changes.isEmpty else { return }
        if joining, var last = undoSteps.popLast() {
            for change in step.changes {
                if let index = last.changes.firstIndex(where: { $0.target == change.target }) {
                    last.changes[index].after = change.after
                } else {
                    last.changes.append(change)
                }
            }
            last.changes.removeAll { $0.before == $0.after }
            if !last.changes.isEmpty { undoSteps.append(last) }
        } else {
            undoSteps.append(step)
        }
    }

    mutating func popUndo() -> UndoStep? { undoSteps.popLast() }
    mutating func popRedo() -> UndoStep? { redoSteps.popLast() }
    mutating func pushRedo(_ step: UndoStep) { redoSteps.append(step) }
    mutating func pushUndo(_ step: UndoStep) { undoSteps.append(step) }
}

/// What undo or redo did.
public enum UndoOutcome: Hashable, Sendable {
    /// Nothing to undo (or redo).
    case empty
    /// The step's every field was changed by someone else since: nothing was sent (C4's toast).
    case nothingLeft(name: String)
    /// Sent; `partially` when some of its fields were left alone because others changed them.
    case done(name: String, partially: Bool, messages: [ClientMessage])
}
