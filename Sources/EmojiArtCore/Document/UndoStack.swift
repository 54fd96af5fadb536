/// A named undo step: one user action, or one continuous gesture (U3).
struct UndoStep: Sendable {
    var name: String
    var edits: [DocumentEdit]
}

/// Our own undo/redo history: Foundation on Linux has no UndoManager (DESIGN joint 5).
/// Steps are named as in the original ("Add 😀", "Move", "Scale", "Delete", "Set Background").
public struct UndoStack: Sendable {
    private var undoSteps: [UndoStep] = []
    private var redoSteps: [UndoStep] = []
    private var openGroup: UndoStep?

    public init() {}

    /// The open group, once it holds an edit: Undo during a gesture reverses the gesture so far.
    private var pendingGroup: UndoStep? { openGroup.flatMap { $0.edits.isEmpty ? nil : $0 } }

    public var canUndo: Bool { pendingGroup != nil || !undoSteps.isEmpty }
    public var canRedo: Bool { !redoSteps.isEmpty }
    /// The name of the action Undo would reverse, e.g. "Add 😀".
    public var undoActionName: String? { pendingGroup?.name ?? undoSteps.last?.name }
    /// The name of the action Redo would repeat.
    public var redoActionName: String? { redoSteps.last?.name }
    /// How many steps Undo can take.
    public var undoCount: Int { undoSteps.count + (pendingGroup == nil ? 0 : 1) }
    public var isGrouping: Bool { openGroup != nil }

    /// Records an edit that was just applied. Inside a group it joins the group's step.
    mutating func record(_ edit: DocumentEdit, named name: String) {
        redoSteps.removeAll()
        if openGroup != nil {
            append(edit, to: &openGroup!)
        } else {
            undoSteps.append(UndoStep(name: name, edits: [edit]))
        }
    }

    /// Starts collecting edits into one step, e.g. when a drag or pinch begins.
    mutating func beginGroup(named name: String) {
        closeGroup()
        openGroup = UndoStep(name: name, edits: [])
    }

    /// Ends the open group; an empty group leaves no step.
    mutating func closeGroup() {
        guard let group = openGroup else { return }
        openGroup = nil
        if !group.edits.isEmpty { undoSteps.append(group) }
    }

    mutating func popUndo() -> UndoStep? {
        closeGroup()
        return undoSteps.popLast()
    }

    mutating func popRedo() -> UndoStep? {
        closeGroup()
        return redoSteps.popLast()
    }

    mutating func pushUndo(_ step: UndoStep) {
        undoSteps.append(step)
    }

    mutating func pushRedo(_ step: UndoStep) {
        redoSteps.append(step)
    }

    private func append(_ edit: DocumentEdit, to step: inout UndoStep) {
        if var last = step.edits.last, last.absorb(edit) {
            step.edits[step.edits.count - 1] = last
        } else {
            step.edits.append(edit)
        }
    }
}
