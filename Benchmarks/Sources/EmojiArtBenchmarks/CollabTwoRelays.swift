import EmojiArtTestSupport
import Foundation

/// Relays on one PostgreSQL database (SPEC C9): an edit reaching a client on another relay (its
/// way through a commit, NOTIFY and the other relay's read) next to a client on the same relay,
/// and the flood of `CollabBenchmarks.throughput` through two relays next to one relay on the
/// folder store, all in the same run. The database is the throw-away cluster of
/// `scripts/with-postgres`: run the workload under it.
enum CollabTwoRelays {
    static func rows() async throws -> [Row] {
        guard TestPostgres.isAvailable else {
            return [
                Row(
                    name: "collab: two relays on PostgreSQL", value: "skipped",
                    note: "run under scripts/with-postgres (Debian's postgresql package)")
            ]
        }
        var rows: [Row] = []
        let first = try RelayRun(store: try TestPostgres.freshDatabase())
        defer { first.stop() }
        let database = try TestPostgres.freshDatabase()
        let ann = try RelayRun(store: database)
        defer { ann.stop() }
        let bob = try RelayRun(store: database)
        defer { bob.stop() }

        let sameRelay = try await CollabBenchmarks.latency(server: first.server)
        let otherRelay = try await CollabBenchmarks.latency(server: ann.server, bobServer: bob.server)
        rows.append(
            Row(
                name: "collab: edit → client on another relay, PostgreSQL", value: milliseconds(otherRelay.toOther.median),
                note:
                    "p99 \(milliseconds(otherRelay.toOther.percentile(0.99))); sender's ack \(milliseconds(otherRelay.acknowledged.median)); committed, NOTIFY, read by the other relay"
            ))
        rows.append(
            Row(
                name: "  client on the same relay, PostgreSQL", value: milliseconds(sameRelay.toOther.median),
                note: "p99 \(milliseconds(sameRelay.toOther.percentile(0.99))); sender's ack \(milliseconds(sameRelay.acknowledged.median))"
            ))

        let folder = try RelayRun()
        defer { folder.stop() }
        let oneRelay = try await CollabBenchmarks.throughput(through: [folder])
        let twoRelays = try await CollabBenchmarks.throughput(through: [ann, bob])
        let pushes = CollabBenchmarks.writers * CollabBenchmarks.editsPerWriter
        rows.append(
            Row(
                name: "collab: edits/s into one room, two relays on PostgreSQL", value: twoRelays.editsPerSecond,
                note:
                    "\(CollabBenchmarks.writers) clients × \(CollabBenchmarks.editsPerWriter) moves, half through each relay; relays' CPU "
                    + String(format: "%.0f µs an edit", twoRelays.relayCPU * 1e6 / Double(pushes))))
        rows.append(
            Row(
                name: "  one relay on its data folder", value: oneRelay.editsPerSecond,
                note: "the same flood, same run; relay CPU " + String(format: "%.0f µs an edit", oneRelay.relayCPU * 1e6 / Double(pushes))))
        return rows
    }
}
