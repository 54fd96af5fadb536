/// A dictionary that remembers the order in which its entries were last used, so the least
/// recently used one can be dropped first. Lookups, insertions and removals are O(1): the order
/// is a doubly linked list threaded through an array of slots, so a hit costs one hash and a
/// few index writes — the raster cache looks up every visible emoji on every crisp frame.
struct LRUStore<Key: Hashable, Value> {
    private struct Slot {
        var key: Key
        var value: Value
        var newer: Int
        var older: Int
        /// `stamp` when the entry was last used or stored.
        var stamp: UInt32
    }

    /// Stamped on every entry used or stored; `removeOldestUnstamped` keeps entries bearing it
    /// (the raster cache's current frame), unless it is 0 (no frame yet).
    var stamp: UInt32 = 0

    private static var none: Int { -1 }

    private var slotByKey: [Key: Int] = [:]
    private var slots: [Slot?] = []
    private var freeSlots: [Int] = []
    private var newest = Self.none
    private var oldest = Self.none

    var count: Int { slotByKey.count }

    /// The value for `key`, which becomes the most recently used entry.
    mutating func value(for key: Key) -> Value? {
        guard let index = slotByKey[key] else { return nil }
        moveToNewest(index)
        slots[index]?.stamp = stamp
        return slots[index]?.value
    }

    /// The value for `key` without changing the order (for tests and diagnostics).
    func peek(_ key: Key) -> Value? {
        slotByKey[key].flatMap { slots[$0]?.value }
    }

    /// Stores `value` as the most recently used entry and returns the value it replaced.
    @discardableResult
    mutating func insert(_ value: Value, for key: Key) -> Value? {
        if let index = slotByKey[key] {
            let old = slots[index]?.value
            slots[index]?.value = value
            slots[index]?.stamp = stamp
            moveToNewest(index)
            return old
        }
        let slot = Slot(key: key, value: value, newer: Self.none, older: Self.none, stamp: stamp)
        let index: Int
        if let free = freeSlots.popLast() {
            index = free
            slots[index] = slot
        } else {
            index = slots.count
            slots.append(slot)
        }
        slotByKey[key] = index
        linkAsNewest(index)
        return nil
    }

    /// Removes and returns the least recently used entry.
    mutating func removeOldest() -> (key: Key, value: Value)? {
        removeOldest(keepingStamped: false)
    }

    /// Removes and returns the least recently used entry unless it bears the current `stamp`
    /// (then every entry does: they are ordered by use).
    mutating func removeOldestUnstamped() -> (key: Key, value: Value)? {
        removeOldest(keepingStamped: true)
    }

    private mutating func removeOldest(keepingStamped: Bool) -> (key: Key, value: Value)? {
        guard oldest != Self.none, let slot = slots[oldest] else { return nil }
        if keepingStamped, stamp != 0, slot.stamp == stamp { return nil }
        let index = oldest
        unlink(index)
        slots[index] = nil
        freeSlots.append(index)
        slotByKey[slot.key] = nil
        return (slot.key, slot.value)
    }

    /// Every entry, in no particular order; does not count as a use.
    var entries: [(key: Key, value: Value)] {
        slots.compactMap { slot in slot.map { ($0.key, $0.value) } }
    }

    /// Empties the store and returns every value it held, so the owner can release them.
    mutating func removeAll() -> [Value] {
        let values = slots.compactMap { $0?.value }
        self = LRUStore()
        return values
    }

    private mutating func moveToNewest(_ index: Int) {
        guard index != newest else { return }
        unlink(index)
        linkAsNewest(index)
    }

    private mutating func linkAsNewest(_ index: Int) {
        slots[index]?.older = newest
        slots[index]?.newer = Self.none
        if newest != Self.none { slots[newest]?.newer = index }
        newest = index
        if oldest == Self.none { oldest = index }
    }

    private mutating func unlink(_ index: Int) {
        guard let slot = slots[index] else { return }
        if slot.newer != Self.none { slots[slot.newer]?.older = slot.older } else { newest = slot.older }
        if slot.older != Self.none { slots[slot.older]?.newer = slot.newer } else { oldest = slot.newer }
        slots[index]?.newer = Self.none
        slots[index]?.older = Self.none
    }
}
