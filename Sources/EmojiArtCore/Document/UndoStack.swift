/// A named undo step: one user action, or one continuous gesture (U3).
struct UndoStep: Sendable {
    var name: String
    var edits: [DocumentEdit]
    /// Names the document state right after this step; renewed by every edit the step takes in,
    /// so a state saved halfway through a drag differs from the state at its end (U5).
    var stateToken: Int = 0
}

/// Our own undo/redo history: Foundation on Linux has no UndoManager (DESIGN joint 5).
/// Steps are named as in the original ("Add 😀", "Move", "Scale", "Delete", "Set Background").
public struct UndoStack: Sendable {
    private var undoSteps: [UndoStep] = []
    private var redoSteps: [UndoStep] = []
    private var openGroup: UndoStep?
    private var lastToken = 0

    public init() {}

    /// Names the document's current state: equal tokens mean equal content, so undoing back to
    /// the saved state makes the document saved again (U5).
    public var stateToken: Int { pendingGroup?.stateToken ?? undoSteps.last?.stateToken ?? 0 }

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

    /// The name of the open group (a running gesture or burst), if any.
    public var openGroupName: String? { openGroup?.name }

    /// Records an edit that was just applied. Inside a group of the same name it joins the
    /// group's step; an edit of another name is its own step (a Delete during a drag, U3): the
    /// group so far becomes a step before it, and the gesture goes on in a new group.
    mutating func record(_ edit: DocumentEdit, named name: String) {
        redoSteps.removeAll()
        lastToken += 1
        if let group = openGroup {
            guard group.name == name else {
                closeGroup()
                undoSteps.append(UndoStep(name: name, edits: [edit], stateToken: lastToken))
                openGroup = UndoStep(name: group.name, edits: [])
                return
            }
            append(edit, to: &openGroup!)
            openGroup!.stateToken = lastToken
        } else {
            undoSteps.append(UndoStep(name: name, edits: [edit], stateToken: lastToken))
        }
    }

    /// Records several edits as one step (e.g. a reorder: remove, then insert elsewhere).
    mutating func record(_ edits: [DocumentEdit], named name: String) {
        guard let first = edits.first else { return }
        record(first, named: name)
        guard edits.count > 1 else { return }
        let rest = edits.dropFirst()
        if openGroup != nil, openGroup!.name == name {
            for edit in rest { append(edit, to: &openGroup!) }
        } else {
            undoSteps[undoSteps.count - 1].edits.append(contentsOf: rest)
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
            // A gesture that went back to where it began leaves no step.
            if last.changesNothing { step.edits.removeLast() } else { step.edits[step.edits.count - 1] = last }
        } else {
            step.edits.append(edit)
        }
    }
}
