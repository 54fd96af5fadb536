@testable import EmojiArtCollab

/// One random user action on a session: the verbs of C3 and C4, on random emojis (sometimes a
/// deleted one, as a slow window may still show it).
enum RandomEdits {
    static let texts = ["😀", "🐶", "🌲", "☀️", "🐻‍❄️"]
    /// Few, so that members' groups collide: nil is "ungroup".
    static let groups: [String?] = ["k3v9q2m7x4ab", "p5r8t2w6y3cd", nil]

    static func edit(_ session: SyncSession, random: inout SeededRandom, send: ([ClientMessage]) -> Void) throws {
        let all = session.shown.emojis.keys.sorted()
        let visible = session.shown.drawingOrder.map(\.cid)
        let pool = Int.random(in: 0..<10, using: &random) == 0 ? all : visible
        let target = pool.isEmpty ? nil : pool[Int.random(in: 0..<pool.count, using: &random)]
        let number = { (range: ClosedRange<Double>, random: inout SeededRandom) in
            Double(Int.random(in: Int(range.lowerBound)...Int(range.upperBound), using: &random))
        }
        let joining = Int.random(in: 0..<6, using: &random) == 0
        let kind = Int.random(in: 0..<16, using: &random)
        if kind == 0 || target == nil {
            guard visible.count < 12 else { return }
            let text = texts[Int.random(in: 0..<texts.count, using: &random)]
            send(
                try session.addEmoji(text, x: number(-500...500, &random), y: number(-500...500, &random), size: number(10...200, &random))
                    .1)
            return
        }
        switch (kind, target) {
        case (1, let cid?), (2, let cid?):
            send(
                try session.setFields(
                    [(cid, .x(number(-600...600, &random))), (cid, .y(number(-600...600, &random)))], named: "Move", joining: joining))
        case (3, let cid?):
            send(try session.setFields([(cid, .size(number(1...300, &random)))], named: "Scale", joining: joining))
        case (4, let cid?):
            send(try session.setFields([(cid, .rotation(number(-179...180, &random)))], named: "Rotate"))
        case (5, let cid?):
            let flipped = session.shown.emojis[cid]?.flipped.value ?? false
            send(try session.setFields([(cid, .flipped(!flipped))], named: "Flip"))
        case (6, let cid?):
            send(try session.delete([cid]))
        case (7, let cid?):
            send(try session.bringToFront(cid))
        case (8, let cid?):
            let other = all[Int.random(in: 0..<all.count, using: &random)]
            if other != cid { send(try session.place(cid, below: other)) }
        case (9, _):
            let choices: [CollabBackground] = [
                .blank, .url("https://example.com/\(Int.random(in: 0..<5, using: &random)).jpg"),
                .image(sha256: String(repeating: "ab", count: 32)),
            ]
            send(try session.setBackground(choices[Int.random(in: 0..<choices.count, using: &random)]))
        case (10, _), (11, _):
            if case .done(_, _, let messages) = try session.undo() { send(messages) }
        case (12, _):
            if case .done(_, _, let messages) = try session.redo() { send(messages) }
        case (13, let cid?):
            // Group or ungroup (R3) the emoji with another one, both as one step.
            let group = groups[Int.random(in: 0..<groups.count, using: &random)]
            let other = all[Int.random(in: 0..<all.count, using: &random)]
            send(
                try session.setFields(
                    Array(Set([cid, other])).sorted().map { ($0, .group(group)) }, named: group == nil ? "Ungroup" : "Group"))
        case (14, let cid?):
            // Lock it, or unlock it (R4).
            let locked = session.shown.emojis[cid]?.locked.value ?? false
            send(try session.setFields([(cid, .locked(!locked))], named: locked ? "Unlock All" : "Lock"))
        default:
            // A text change (a paste of another emoji onto it, as an edit of one field).
            if let cid = target {
                send(try session.setFields([(cid, .text(texts[Int.random(in: 0..<texts.count, using: &random)]))], named: "Change"))
            }
        }
    }
}
