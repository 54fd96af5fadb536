import PropertyBased
import Testing

@testable import EmojiArtCollab

@Suite struct ZKeyTests {
    @Test("10,000 appends and 10,000 prepends keep keys short and in order")
    func appendsStayShort() {
        var random = SeededRandom(seed: 7)
        var top = ZKey.between(nil, nil, using: &random)
        var bottom = top
        for _ in 0..<10_000 {
            let next = ZKey.between(top, nil, using: &random)
            #expect(top < next)
            top = next
            let lower = ZKey.between(nil, bottom, using: &random)
            #expect(lower < bottom)
            bottom = lower
        }
        #expect(top.rawValue.count <= 7, "after 10,000 appends: \(top)")
        #expect(bottom.rawValue.count <= 7, "after 10,000 prepends: \(bottom)")
    }

    @Test("a key made between two others lies between them and is a valid key")
    func betweenIsBetween() async {
        await propertyCheck(count: 300, input: Gen.uint64(in: 0...UInt64.max).array(of: 1...200)) { seeds in
            var random = SeededRandom(seed: seeds[0])
            var keys = [ZKey.between(nil, nil, using: &random)]
            for seed in seeds {
                let index = Int(seed % UInt64(keys.count + 1))
                let lower = index > 0 ? keys[index - 1] : nil
                let upper = index < keys.count ? keys[index] : nil
                let key = ZKey.between(lower, upper, using: &random)
                #expect(lower.map { $0 < key } ?? true, "\(key) not above \(String(describing: lower)), seeds \(seeds)")
                #expect(upper.map { key < $0 } ?? true, "\(key) not below \(String(describing: upper)), seeds \(seeds)")
                #expect(ZKey(key.rawValue) == key, "\(key) is not a valid key")
                keys.insert(key, at: index)
            }
        }
    }

    @Test("two replicas stacking onto the same emoji get different keys (jitter)")
    func jitterSeparatesConcurrentInserts() {
        var first = SeededRandom(seed: 1)
        var second = SeededRandom(seed: 2)
        let base = ZKey("a5")!
        var collisions = 0
        for _ in 0..<1000 where ZKey.after(base, using: &first) == ZKey.after(base, using: &second) {
            collisions += 1
        }
        #expect(collisions < 5)
    }

    @Test(
        "keys of a wrong shape are refused",
        arguments: ["", "a", "b0", "a0V0", "a0 ", "é0", "A00000000000000000000000000", String(repeating: "a", count: 300)])
    func malformedKeys(text: String) {
        #expect(ZKey(text) == nil)
    }

    @Test("equal or inverted bounds give a key above the lower one")
    func collidedBounds() {
        var random = SeededRandom(seed: 3)
        let key = ZKey("a5x")!
        #expect(key < ZKey.between(key, key, using: &random))
    }
}
