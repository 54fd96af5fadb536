import Testing

@testable import EmojiArtRender

@Suite struct LRUStoreTests {
    @Test("entries leave oldest first, and a lookup makes an entry the newest")
    func order() {
        var store = LRUStore<String, Int>()
        store.insert(1, for: "a")
        store.insert(2, for: "b")
        store.insert(3, for: "c")
        #expect(store.value(for: "a") == 1)
        #expect(store.removeOldest()?.key == "b")
        #expect(store.removeOldest()?.key == "c")
        store.insert(4, for: "d")
        #expect(store.peek("d") == 4)
        #expect(store.removeOldest()?.key == "a")
        #expect(store.removeOldest()?.key == "d")
        #expect(store.removeOldest() == nil)
        #expect(store.count == 0)
    }

    @Test("inserting an existing key replaces its value and returns the old one")
    func replace() {
        var store = LRUStore<String, Int>()
        store.insert(1, for: "a")
        store.insert(2, for: "b")
        #expect(store.insert(10, for: "a") == 1)
        #expect(store.count == 2)
        #expect(store.removeOldest()?.value == 2)
        #expect(store.removeAll() == [10])
    }
}
