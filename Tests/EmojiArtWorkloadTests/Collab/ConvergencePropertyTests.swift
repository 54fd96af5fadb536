import Foundation
import PropertyBased
import Testing

@testable import EmojiArtCollab

/// COLLAB "Test plan", in memory: three clients editing at random through disconnects,
/// reconnects, duplicated frames, client crashes and relay crashes that drop the unsynced tail.
/// Each run is one seeded interleaving; a failure names its seed (`RoomSimulation(seed:)`
/// replays it).
@Suite struct ConvergencePropertyTests {
    static let seeds = Gen.uint64(in: 0...UInt64.max)

    @Test("everyone ends equal to the relay, the relay equal to a replay of its log, nothing acknowledged lost")
    func convergence() async throws {
        var totals = Totals()
        let runs = 1000
        await propertyCheck(count: runs, input: Self.seeds) { seed in
            var options = RoomSimulation.Options()
            options.throughWire = seed % 16 == 0
            let simulation = try RoomSimulation(seed: seed, options: options)
            try simulation.run()
            Self.checkConverged(simulation)
            Self.checkNothingLost(simulation)
            totals.add(simulation)
        }
        // The runs did what they are for: edits, and every kind of fault, many times over.
        #expect(totals.runs == runs)
        #expect(totals.pushes > runs * 20, "\(totals)")
        #expect(totals.undos > runs * 3, "\(totals)")
        #expect(totals.relayCrashes > runs / 2 && totals.clientCrashes > runs / 2 && totals.disconnects > runs, "\(totals)")
        // About 100 compactions per 1,000 runs (83–113 seen): the bound proves they happen, without flaking.
        #expect(totals.duplicates > runs / 2 && totals.compactions > runs / 40, "\(totals)")
        #expect(totals.emojis > runs * 3, "\(totals)")
        // Groups and locks (R3, R4) are fields like the others, edited concurrently too.
        #expect(totals.groupEdits > runs && totals.lockEdits > runs, "\(totals)")
    }

    /// What a batch of runs did, summed.
    struct Totals: CustomStringConvertible {
        var runs = 0, pushes = 0, undos = 0, emojis = 0, groupEdits = 0, lockEdits = 0
        var relayCrashes = 0, clientCrashes = 0, disconnects = 0, duplicates = 0, compactions = 0

        mutating func add(_ simulation: RoomSimulation) {
            runs += 1
            pushes += simulation.history.count
            undos += simulation.history.reduce(0) { count, push in
                count + RoomSimulation.ops(push.payload).filter { if case .set(_, _, _?) = $0 { true } else { false } }.count
            }
            emojis += simulation.replayedHistory.emojis.count
            for push in simulation.history {
                for case .set(_, let value, _) in RoomSimulation.ops(push.payload) {
                    if case .group = value { groupEdits += 1 }
                    if case .locked = value { lockEdits += 1 }
                }
            }
            relayCrashes += simulation.faults.relayCrashes
            clientCrashes += simulation.faults.clientCrashes
            disconnects += simulation.faults.disconnects
            duplicates += simulation.faults.duplicates
            compactions += simulation.faults.compactions
        }

        var description: String {
            "\(runs) runs: \(pushes) pushes, \(undos) undo/redo ops, \(emojis) emojis, \(groupEdits) group and \(lockEdits) lock edits; \(relayCrashes) relay crashes, \(clientCrashes) client crashes, \(disconnects) disconnects, \(duplicates) duplicated pushes, \(compactions) compactions"
        }
    }

    @Test("after the relay loses its data (a new epoch), everyone pushes again and converges")
    func relayDataLoss() async throws {
        var losses = 0
        await propertyCheck(count: 300, input: Self.seeds) { seed in
            var options = RoomSimulation.Options()
            options.relayDataLoss = 15
            let simulation = try RoomSimulation(seed: seed, options: options)
            try simulation.run()
            Self.checkConverged(simulation)
            losses += simulation.faults.dataLosses
        }
        #expect(losses > 100)
    }

    @Test("shown = confirmed + pending re-applied, after every step")
    func shownIsConfirmedPlusPending() async throws {
        await propertyCheck(count: 300, input: Self.seeds) { seed in
            let simulation = try RoomSimulation(seed: seed)
            for _ in 0..<simulation.options.steps {
                try simulation.step()
                for client in simulation.clients {
                    var expected = client.session.confirmed
                    for push in client.session.pending { expected.apply(push.ops, from: client.session.client) }
                    #expect(client.session.shown == expected, "seed \(seed): \(client.session.client) shows something else")
                }
            }
        }
    }

    @Test("undo and redo never overwrite a field someone else wrote last, on any replica")
    func undoNeverClobbers() async throws {
        await propertyCheck(count: 500, input: Self.seeds) { seed in
            let simulation = try RoomSimulation(seed: seed)
            try simulation.run()
            // Replays the relay's log op by op: a conditional op (undo, redo) changes a field only
            // where its own client wrote it last.
            var state = CollabState()
            for push in simulation.history {
                for op in RoomSimulation.ops(push.payload) {
                    if case .set(let cid, let value, let expected?) = op, let record = state.emojis[cid] {
                        let before = record.writer(of: value.field)
                        if state.apply(op, from: push.client) {
                            #expect(
                                before == push.client,
                                "seed \(seed): an undo by \(push.client) overwrote \(String(describing: before))'s \(value.field), expecting \(expected)"
                            )
                        }
                    } else {
                        state.apply(op, from: push.client)
                    }
                }
            }
        }
    }

    static func checkConverged(_ simulation: RoomSimulation) {
        let seed = simulation.seed
        #expect(simulation.problems.isEmpty, "seed \(seed): \(simulation.problems)")
        let relay = simulation.replayedRelay
        #expect(relay == simulation.replayedHistory, "seed \(seed): the compacted log replays differently from the whole log")
        for client in simulation.clients {
            let session = client.session
            #expect(session.pending.isEmpty, "seed \(seed): \(session.client) still has \(session.pending.count) pushes waiting")
            #expect(
                session.confirmedSeq == simulation.relay.durableSeq, "seed \(seed): \(session.client) is at seq \(session.confirmedSeq)")
            #expect(session.confirmed == relay, "seed \(seed): \(session.client) differs from the relay")
            #expect(session.shown == session.confirmed, "seed \(seed): \(session.client) shows something unconfirmed")
        }
        for record in relay.emojis.values {
            #expect(record.z.value.rawValue.count <= 12, "seed \(seed): z key \(record.z.value) grew long")
        }
    }

    /// Every push any client made is in the log exactly once: acknowledged ones were never lost,
    /// journaled ones survived crashes, resent and duplicated ones entered once.
    static func checkNothingLost(_ simulation: RoomSimulation) {
        let seed = simulation.seed
        var seen = Set<String>()
        for push in simulation.history {
            #expect(seen.insert("\(push.client).\(push.cseq)").inserted, "seed \(seed): \(push.client).\(push.cseq) applied twice")
        }
        for acknowledged in simulation.acknowledged[simulation.relay.epoch] ?? [] {
            #expect(seen.contains(acknowledged), "seed \(seed): acknowledged push \(acknowledged) lost")
        }
        for client in simulation.clients {
            let made = client.journal.record.map { $0.nextCseq - 1 } ?? 0
            let logged = simulation.history.filter { $0.client == client.session.client }.map(\.cseq)
            #expect(
                logged == Array(1...max(made, 1)).prefix(made).map { $0 },
                "seed \(seed): \(client.session.client) made pushes 1...\(made), the log has \(logged)")
        }
    }
}
