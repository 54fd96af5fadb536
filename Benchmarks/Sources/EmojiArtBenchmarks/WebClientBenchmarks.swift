import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import EmojiArtTestSupport
import Foundation

/// The browser client (C11) in headless Chromium against the release relay, next to references
/// from the same run: a page opening a 3,000-emoji user-shaped room next to one opening an empty
/// room, and edits between the page and a Swift client (the app's `SyncSession` over its
/// `WebSocketRelayLink`) next to edits between two Swift clients. The page stamps its own times
/// (`performance.timeOrigin + now()`), the Swift side its own (the wall clock): one machine, one
/// clock, to a fraction of a millisecond.
enum WebClientBenchmarks {
    static let edits = 200
    static let warmUp = 10
    static let loads = 5

    @Sendable static func run() async throws -> [Row] {
        guard (try? Tools.relay()) != nil else {
            return [Row(name: "web", value: "skipped", note: "no release emojiart-relay: swift build -c release --product emojiart-relay")]
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            return [Row(name: "web", value: "skipped", note: "no chromium (apt-get install chromium)")]
        }
        // The checkout's client, whatever folder the release relay was built in.
        setenv("EMOJIART_WEB_CLIENT_DIR", clientFolder.path, 1)
        let relay = try RelayRun()
        defer { relay.stop() }
        var rows = [Row]()
        let empty = try await loadTimes(relay: relay, model: EmojiArtModel())
        let user = try await loadTimes(relay: relay, model: UserShapedArt.model(emojiCount: 3_000))
        rows.append(
            Row(
                name: "web: page load → 3,000-emoji room drawn", value: milliseconds(user.median),
                note:
                    "loopback, headless Chromium, best of \(loads) \(milliseconds(user.min() ?? 0)); an empty room's page \(milliseconds(empty.median))"
            ))
        let page = try await pageLatency(relay: relay)
        let reference = try await CollabBenchmarks.latency(server: relay.server, edits: edits)
        rows += [
            Row(
                name: "web: page's edit → app's session, loopback", value: milliseconds(page.toApp.median),
                note: "p99 \(milliseconds(page.toApp.percentile(0.99))); \(edits) moves, one at a time"),
            Row(
                name: "web: app's edit → page's session, loopback", value: milliseconds(page.toPage.median),
                note: "p99 \(milliseconds(page.toPage.percentile(0.99)))"),
            Row(
                name: "  app's edit → another app's session, loopback", value: milliseconds(reference.toOther.median),
                note: "p99 \(milliseconds(reference.toOther.percentile(0.99))); the reference"),
        ]
        rows.append(javaScriptSize())
        return rows
    }

    /// Page load → the room first drawn (the page's `firstDrawnAt`), `loads` times, in ms.
    static func loadTimes(relay: RelayRun, model: EmojiArtModel) async throws -> [Double] {
        let (address, key) = try await CollabBenchmarks.newRoom(on: relay.server)
        let ann = try CollabPeer(address: address, key: key, seed: 11)
        defer { ann.close() }
        try await ann.settle("Ann is live")
        try ann.perform { session in
            let imported = try CollabImport(model: model, session: session)
            return try session.perform(imported.ops, named: "Share", undoable: false)
        }
        try await ann.settle("the document is in the room")
        let page = try await WebPageDriver(url: address.webLink)
        defer { page.close() }
        var times = [Double]()
        for _ in 0..<loads {
            let drawn = try await page.waitFor(
                "document.body.dataset.firstDrawnAt && emojiArtPage.displayedEmojis().length === \(model.emojis.count) && Number(document.body.dataset.firstDrawnAt)",
                timeout: 60)
            times.append((drawn as? Double) ?? Double.nan)
            try await page.evaluate("setTimeout(() => location.reload(), 0)")
            try await page.waitFor("document.readyState !== 'complete' || !document.body.dataset.firstDrawnAt", timeout: 10)
        }
        return times
    }

    struct PageLatency {
        var toApp: [Double] = []
        var toPage: [Double] = []
    }

    /// A page and a Swift client in one room; each moves an emoji `edits` times, one edit at a time.
    static func pageLatency(relay: RelayRun) async throws -> PageLatency {
        let (address, key) = try await CollabBenchmarks.newRoom(on: relay.server)
        let app = try CollabPeer(address: address, key: key, seed: 21)
        defer { app.close() }
        try await app.settle("the app is live")
        let cid = try app.addEmoji("🚀")
        try await app.settle("the emoji is in the room")
        let page = try await WebPageDriver(url: address.webLink)
        defer { page.close() }
        try await page.waitFor("window.emojiArtPage && emojiArtPage.session.isLive && emojiArtPage.displayedEmojis().length === 1")
        // The page stamps when its session applied each app edit (by the x it set).
        try await page.evaluate(
            """
            (() => { const s = emojiArtPage.session, apply = s.applyConfirmed.bind(s); window.applied = new Map();
              s.applyConfirmed = (push, ops) => { apply(push, ops);
                for (const op of ops) if (op.op === 'set' && op.field === 'x') applied.set(op.value, performance.timeOrigin + performance.now()); };
              return true; })()
            """)
        let clock = (instant: ContinuousClock.now, wall: Date().timeIntervalSince1970 * 1000)
        func wall(_ instant: ContinuousClock.Instant) -> Double { clock.wall + (instant - clock.instant).milliseconds }
        var result = PageLatency()
        for index in 0..<(warmUp + edits) {
            let x = Double(index + 1)
            // The page's edit → the app's session.
            let seen = app.arm { _, session in session.shown.emojis[cid]?.x.value == x }
            let sent =
                try await page.evaluate(
                    """
                    (() => { const p = emojiArtPage, t = performance.timeOrigin + performance.now();
                      p.edit(() => p.session.setFields([['\(cid)', 'x', \(x)]], 'Move')); return t; })()
                    """) as? Double ?? .nan
            let seenAt = wall(try await seen.instant(awaiting: "the app applied the page's edit \(index)"))
            // The app's edit → the page's session.
            let y = -x
            let before = Date().timeIntervalSince1970 * 1000
            try app.perform { try $0.setFields([(cid, .x(y))], named: "Move") }
            let appliedAt = try await page.waitFor("applied.get(\(y))") as? Double ?? .nan
            guard index >= warmUp else { continue }
            result.toApp.append(seenAt - sent)
            result.toPage.append(appliedAt - before)
        }
        return result
    }

    /// The page's JavaScript as served: every module of web/client, unminified.
    static let clientFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../web/client")
        .standardized

    static func javaScriptSize() -> Row {
        let files = (try? FileManager.default.contentsOfDirectory(at: clientFolder, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        let modules = files.filter { $0.pathExtension == "js" }
        let bytes = modules.reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
        return Row(
            name: "web: the page's JavaScript", value: String(format: "%.1f KB", Double(bytes) / 1000),
            note: "\(modules.count) modules, unminified, no build step (goal: under 100 KB)")
    }
}
