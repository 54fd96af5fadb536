import EmojiArtCore

/// Memory held by 1,000 undoable moves of one emoji in a 10,000-emoji document: each step must
/// hold what changed (two emoji values), never a copy of the emoji array (~0.6 MB each).
enum UndoBenchmarks {
    @MainActor static func run() -> [Row] {
        let document = EmojiArtDocument(model: Workloads.model(emojiCount: 10_000))
        guard let baseline = Measure.allocatedBytes() else { return [] }
        for _ in 0..<1_000 {
            document.moveEmojis([5_000], by: DocumentVector(dx: 1, dy: 1))
        }
        precondition(document.undoStack.undoCount == 1_000)
        guard let after = Measure.allocatedBytes() else { return [] }
        let bytes = withExtendedLifetime(document) { after - baseline }
        return [
            Row(
                name: "undo history, 1,000 moves in a 10k doc", value: String(format: "%.0f KB", Double(bytes) / 1024),
                note: "target: under 1 MB")
        ]
    }
}
