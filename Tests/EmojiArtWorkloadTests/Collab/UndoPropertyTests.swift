import PropertyBased
import Testing

@testable import EmojiArtCollab

/// C4: my undo reverses my edits only, and undo n + redo n leaves the document as it was.
@Suite struct UndoPropertyTests {
    @Test("undo n then redo n leaves the document unchanged, while acknowledgements arrive in between")
    func undoRedoIdentity() async throws {
        var totalUndone = 0
        await propertyCheck(count: 500, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var options = RoomSimulation.Options()
            options.clients = 2
            options.disconnects = 0
            options.relayCrashes = 0
            options.clientCrashes = 0
            let simulation = try RoomSimulation(seed: seed, options: options)
            var random = SeededRandom(seed: seed ^ 0xABCD)
            let me = simulation.clients[0]
            // My edits, the relay and the other client's deliveries interleaved; the other makes no edits.
            for _ in 0..<Int.random(in: 1...25, using: &random) {
                try RandomEdits.edit(me.session, random: &random) { me.toRelay.append(contentsOf: $0) }
                if Bool.random(using: &random) { try simulation.settle() }
            }
            try simulation.settle()
            let before = me.session.shown.values
            let background = me.session.shown.background.value
            var undone = 0
            for _ in 0..<Int.random(in: 0...me.session.history.undoSteps.count, using: &random) {
                guard case .done(_, _, let messages) = try me.session.undo() else { continue }
                me.toRelay.append(contentsOf: messages)
                undone += 1
                if Bool.random(using: &random) { try simulation.settle() }
            }
            for _ in 0..<undone {
                guard case .done(_, _, let messages) = try me.session.redo() else {
                    Issue.record("seed \(seed): a redo found nothing to redo")
                    return
                }
                me.toRelay.append(contentsOf: messages)
                if Bool.random(using: &random) { try simulation.settle() }
            }
            try simulation.settle()
            #expect(me.session.shown.values == before, "seed \(seed): undo \(undone) + redo \(undone) changed the emojis")
            #expect(me.session.shown.background.value == background, "seed \(seed): undo + redo changed the background")
            #expect(simulation.clients[1].session.confirmed == me.session.confirmed, "seed \(seed): the replicas differ")
            totalUndone += undone
        }
        #expect(totalUndone > 1000, "500 runs undid only \(totalUndone) steps")
    }
}

@Suite struct UndoTests {
    /// Two sessions joined by a relay, settled after each step.
    private func pair() throws -> RoomSimulation {
        var options = RoomSimulation.Options()
        options.clients = 2
        let simulation = try RoomSimulation(seed: 42, options: options)
        try simulation.settle()
        return simulation
    }

    @Test("undoing my move leaves your resize of the same emoji alone")
    func perFieldUndo() throws {
        let simulation = try pair()
        let (me, you) = (simulation.clients[0], simulation.clients[1])
        let (cid, added) = try me.session.addEmoji("🐶", x: 0, y: 0, size: 40)
        me.toRelay += added
        try simulation.settle()
        me.toRelay += try me.session.setFields([(cid, .x(100))], named: "Move")
        try simulation.settle()
        you.toRelay += try you.session.setFields([(cid, .size(80))], named: "Scale")
        try simulation.settle()
        guard case .done(let name, let partially, let messages) = try me.session.undo() else {
            Issue.record("the move was not undone")
            return
        }
        #expect(name == "Move" && !partially)
        me.toRelay += messages
        try simulation.settle()
        let record = try #require(you.session.shown.emojis[cid])
        #expect(record.x.value == 0)
        #expect(record.size.value == 80)
    }

    @Test("when someone else moved the emoji since, undoing my move does nothing and says so")
    func nothingLeftToUndo() throws {
        let simulation = try pair()
        let (me, you) = (simulation.clients[0], simulation.clients[1])
        let (cid, added) = try me.session.addEmoji("🐶", x: 0, y: 0, size: 40)
        me.toRelay += added
        try simulation.settle()
        me.toRelay += try me.session.setFields([(cid, .x(100))], named: "Move")
        try simulation.settle()
        you.toRelay += try you.session.setFields([(cid, .x(300))], named: "Move")
        try simulation.settle()
        #expect(try me.session.undo() == .nothingLeft(name: "Move"))
        #expect(me.session.shown.emojis[cid]?.x.value == 300)
        // Remote edits never entered my history: the add is next.
        #expect(me.session.history.undoName == "Add 🐶")
    }

    @Test("undoing a delete brings the emoji back with its z and fields; undoing an add deletes it")
    func deleteAndAdd() throws {
        let simulation = try pair()
        let me = simulation.clients[0]
        let (cid, added) = try me.session.addEmoji("🐶", x: 5, y: 6, size: 40)
        me.toRelay += added
        let z = try #require(me.session.shown.emojis[cid]?.z.value)
        me.toRelay += try me.session.delete([cid])
        try simulation.settle()
        #expect(me.session.shown.drawingOrder.isEmpty)
        guard case .done(_, _, let undoDelete) = try me.session.undo() else {
            Issue.record("no undo")
            return
        }
        me.toRelay += undoDelete
        try simulation.settle()
        #expect(
            simulation.clients[1].session.shown.drawingOrder.map(\.values)
                == [EmojiValues(cid: cid, text: "🐶", x: 5, y: 6, size: 40, z: z)])
        guard case .done(_, _, let undoAdd) = try me.session.undo() else {
            Issue.record("no undo")
            return
        }
        me.toRelay += undoAdd
        try simulation.settle()
        #expect(simulation.clients[1].session.shown.drawingOrder.isEmpty)
    }

    @Test("a gesture joined to the last step is undone as one")
    func joinedGesture() throws {
        let simulation = try pair()
        let me = simulation.clients[0]
        let (cid, _) = try me.session.addEmoji("🐶", x: 0, y: 0, size: 40)
        try me.session.setFields([(cid, .x(10))], named: "Move")
        try me.session.setFields([(cid, .x(20))], named: "Move", joining: true)
        try me.session.setFields([(cid, .x(30))], named: "Move", joining: true)
        #expect(me.session.history.undoSteps.count == 2)
        _ = try me.session.undo()
        #expect(me.session.shown.emojis[cid]?.x.value == 0)
    }
}
