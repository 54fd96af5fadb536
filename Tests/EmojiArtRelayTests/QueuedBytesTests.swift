import Testing

@testable import EmojiArtRelay

/// A slow reader's queue is bounded in bytes (C10), not only in frames.
@Suite struct QueuedBytesTests {
    @Test("frames count in until the bound; what the writer wrote makes room again; one frame always fits an empty queue")
    func bound() {
        let queue = QueuedBytes(limit: 100)
        #expect(queue.add(60))
        #expect(!queue.add(50), "160 bytes would pass the bound")
        queue.remove(60)
        #expect(queue.add(50))
        #expect(queue.add(50))
        #expect(!queue.add(1))
        queue.remove(100)
        #expect(queue.add(5_000), "a frame larger than the bound still goes to an empty queue (the frame size is bounded apart)")
        #expect(!queue.add(1))
    }
}
