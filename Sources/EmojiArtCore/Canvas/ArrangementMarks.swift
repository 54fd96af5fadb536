/// What shows a group and a lock on the canvas (R3, R4), in view pixels, drawn over the
/// picture and never exported: a selected group keeps an outline of its own inside the
/// selection frame, a group under the pointer shows its outline before a click, and a locked
/// emoji under the pointer shows a lock badge at its corner — without them a group reads as a
/// plain multiple selection and a lock as an emoji that ignores clicks for no reason.
public struct ArrangementMarks: Hashable, Sendable {
    /// Outlines around groups: each selected group, and the hovered one.
    public var groupOutlines: [ViewRect] = []
    /// Where the lock badge of the locked emoji under the pointer goes: its centre.
    public var lockBadge: ViewPoint?

    /// A group outline's gap to its members' boxes, in view pixels (inside the selection
    /// frame's padding, so the two lines stay apart).
    public static let outlinePadding = 2.0
    /// The lock badge's side, in view pixels.
    public static let lockBadgeSize = 18.0

    public init(groupOutlines: [ViewRect] = [], lockBadge: ViewPoint? = nil) {
        self.groupOutlines = groupOutlines
        self.lockBadge = lockBadge
    }

    public var isEmpty: Bool { groupOutlines.isEmpty && lockBadge == nil }
}

extension CanvasInteraction {
    /// The group and lock marks to draw now (R3, R4).
    public var arrangementMarks: ArrangementMarks {
        var marks = ArrangementMarks()
        let viewport = effectiveViewport
        let model = document.model
        var outlined = Set(selectedEmojis.compactMap(\.group))
        if case .idle = drag, let pointer {
            let point = viewport.documentPoint(for: pointer, in: viewSize)
            if let hovered = model.topmostEmoji(at: point, includingLocked: true) {
                if hovered.locked {
                    let box = viewport.viewRect(for: hovered.boundingBox, in: viewSize)
                    marks.lockBadge = ViewPoint(x: box.maxX, y: box.minY)
                } else if let group = hovered.group {
                    outlined.insert(group)
                }
            }
        }
        for group in outlined.sorted() {
            guard let bounds = model.emojis(withIDs: model.emojiIDs(inGroup: group)).boundingBox else { continue }
            marks.groupOutlines.append(viewport.viewRect(for: bounds, in: viewSize).insetBy(-ArrangementMarks.outlinePadding))
        }
        return marks
    }
}
