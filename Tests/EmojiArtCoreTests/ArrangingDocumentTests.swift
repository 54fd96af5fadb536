import Foundation
import Testing

@testable import EmojiArtCore

/// Align, distribute, group and lock as document intents (R2–R4): one undo step each, named as
/// its menu item, and none when nothing would change.
@MainActor
@Suite struct ArrangingDocumentTests {
    /// Ids 1–4 of size 20 at x = 0, 30, 100, 160 (y 0, 10, 20, 30), group ids "g1", "g2", … in turn.
    private func makeDocument() -> EmojiArtDocument {
        var model = EmojiArtModel()
        for (index, x) in [0.0, 30, 100, 160].enumerated() {
            model.addEmoji("😀", at: DocumentPoint(x: x, y: Double(index) * 10), size: 20)
        }
        let document = EmojiArtDocument(model: model)
        var counter = 0
        document.makeGroupID = {
            counter += 1
            return "g\(counter)"
        }
        return document
    }

    private func x(_ document: EmojiArtDocument, _ id: Int) -> Double? {
        document.model.emoji(withID: id)?.position.x
    }

    @Test(
        "each arrangement is one step named as its menu item, and undo puts everything back",
        arguments: [
            (Alignment.left, "Align Left"), (.center, "Align Center"), (.right, "Align Right"),
            (.top, "Align Top"), (.middle, "Align Middle"), (.bottom, "Align Bottom"),
        ])
    func alignIsOneStep(alignment: Alignment, name: String) {
        let document = makeDocument()
        let before = document.model
        document.align([1, 2, 3], to: alignment)
        #expect(document.model != before)
        #expect(document.undoStack.undoActionName == name)
        #expect(document.undoStack.undoCount == 1)
        #expect(document.model.emoji(withID: 4) == before.emoji(withID: 4))
        document.undo()
        #expect(document.model == before)
    }

    @Test(
        "distributing spaces the middle ones between the outer two",
        arguments: [
            (DistributionAxis.horizontal, "Distribute Horizontally"), (.vertical, "Distribute Vertically"),
        ])
    func distribute(axis: DistributionAxis, name: String) {
        let document = makeDocument()
        document.distribute([1, 2, 3, 4], axis: axis)
        if axis == .horizontal {
            #expect(document.undoStack.undoActionName == name)
            // −10…170: 180 wide, 80 of frames, gaps of 100/3.
            #expect(x(document, 2).map { abs($0 - (10 + 100.0 / 3 + 10)) < 1e-9 } == true)
            #expect(x(document, 3).map { abs($0 - (10 + 200.0 / 3 + 30)) < 1e-9 } == true)
        } else {
            // y 0, 10, 20, 30 are evenly spaced already: nothing moved, no step.
            #expect(!document.undoStack.canUndo)
            // 4 moved down by 30 leaves a gap of 20 (−10…70: 80 wide, 80 of frames, gaps of 0).
            document.moveEmojis([4], by: DocumentVector(dx: 0, dy: 30))
            document.distribute([1, 2, 3, 4], axis: axis)
            #expect(document.undoStack.undoActionName == name)
            #expect(document.model.emojis.map(\.position.y) == [0, 20, 40, 60])
        }
    }

    @Test("an arrangement that would move nothing is no step")
    func noOpArrangements() {
        let document = makeDocument()
        document.align([1], to: .left)
        document.distribute([1, 2], axis: .horizontal)
        document.align([], to: .left)
        #expect(!document.undoStack.canUndo)
        document.align([1, 2, 3, 4], to: .top)
        document.align([1, 2, 3, 4], to: .top)
        #expect(document.undoStack.undoCount == 1)
    }

    @Test("locked emojis stay where they are, and do not count towards the frame")
    func lockedStay() {
        let document = makeDocument()
        document.lock([1])
        document.align([1, 2, 3], to: .left)
        #expect(x(document, 1) == 0)
        #expect(x(document, 2) == 30)  // the frame is 2 and 3: 20…110
        #expect(x(document, 3) == 30)
    }

    @Test("grouping makes one new group, one step; its members then align as one")
    func groupThenAlign() throws {
        let document = makeDocument()
        let group = try #require(document.group([1, 2]))
        #expect(group == "g1")
        #expect(document.model.emojiIDs(inGroup: group) == [1, 2])
        #expect(document.undoStack.undoActionName == "Group")
        // The group's frame −10…40 goes right to end at 170, with 4: 130 to the right.
        document.align([1, 2, 4], to: .right)
        #expect(x(document, 1) == 130)
        #expect(x(document, 2) == 160)
        document.undo()
        document.undo()
        #expect(document.model.emojis.allSatisfy { $0.group == nil })
    }

    @Test("grouping one emoji, or a group as it is, is no step; regrouping takes members from their groups")
    func groupEdgeCases() throws {
        let document = makeDocument()
        #expect(document.group([1]) == nil)
        #expect(document.group([7, 8]) == nil)
        let first = try #require(document.group([1, 2]))
        #expect(document.group([1, 2]) == nil)
        #expect(document.undoStack.undoCount == 1)
        let second = try #require(document.group([2, 3]))
        #expect(second != first)
        #expect(document.model.emojiIDs(inGroup: first) == [1])
        #expect(document.model.emojiIDs(inGroup: second) == [2, 3])
    }

    @Test("ungrouping dissolves the whole group of any member given, as one step")
    func ungroup() throws {
        let document = makeDocument()
        let group = try #require(document.group([1, 2, 3]))
        document.ungroup([2])
        #expect(document.model.emojiIDs(inGroup: group).isEmpty)
        #expect(document.undoStack.undoActionName == "Ungroup")
        document.ungroup([1, 2, 3])
        #expect(document.undoStack.undoCount == 2)
        document.undo()
        #expect(document.model.emojiIDs(inGroup: group) == [1, 2, 3])
    }

    @Test("lock and unlock all are steps only when something changes")
    func lockAndUnlockAll() {
        let document = makeDocument()
        document.unlockAll()
        #expect(!document.undoStack.canUndo)
        document.lock([1, 3])
        #expect(document.model.emojis.map(\.locked) == [true, false, true, false])
        #expect(document.undoStack.undoActionName == "Lock")
        document.lock([1])
        #expect(document.undoStack.undoCount == 1)
        document.unlockAll()
        #expect(document.model.emojis.allSatisfy { !$0.locked })
        #expect(document.undoStack.undoActionName == "Unlock All")
        document.undo()
        #expect(document.model.emojis.map(\.locked) == [true, false, true, false])
    }

    @Test("copies of a group are a new group of their own; copies of a locked emoji are locked")
    func copiesGetFreshGroups() throws {
        let document = makeDocument()
        let original = try #require(document.group([1, 2]))
        document.lock([3])
        let copies = document.insertCopies(of: document.model.emojis(withIDs: [1, 2, 3]), named: ActionName.duplicate)
        #expect(copies.map(\.group) == ["g2", "g2", nil])
        #expect(copies.map(\.locked) == [false, false, true])
        #expect(document.model.emojiIDs(inGroup: original) == [1, 2])
    }
}
