import EmojiArtCollab
import EmojiArtCore
import Foundation
import FuzzSupport

// A room state read from a snapshot (another member's data, C10) on any bytes: it is refused, or
// every value in it is one an op could have set (invariant 4); it encodes and reads back as
// itself; and applying the same ops to two copies gives the same state, still within the limits.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzDriver.data(bytes, count)
    guard let state = try? JSONDecoder().decode(CollabState.self, from: data) else { return 0 }
    checkLimits(state)
    require(reread(state) == state, "a decoded state does not read back as itself")

    let ops = edits(of: state)
    var first = state
    var second = state
    first.apply(ops, from: editor)
    second.apply(ops, from: editor)
    require(first == second, "the same ops gave two states")
    checkLimits(first)
    require(reread(first) == first, "an edited state does not read back as itself")
    return 0
}

let editor = ClientID("fuzz")!

/// Every value within what applying an op allows.
func checkLimits(_ state: CollabState) {
    let limit = EmojiArtFormat.maxCoordinateMagnitude
    for (cid, record) in state.emojis {
        require(record.cid == cid, "\(record.cid) filed under \(cid)")
        require(EmojiLimits.allowsText(record.text.value), "the text \(record.text.value.debugDescription)")
        require(abs(record.x.value) <= limit && abs(record.y.value) <= limit, "a position not clamped")
        require(EmojiArtFormat.sizeRange.contains(record.size.value), "the size \(record.size.value)")
        let rotation = record.rotation.value
        require(rotation > -180 && rotation <= 180, "the rotation \(rotation)")
        require(ZKey(record.z.value.rawValue) != nil, "the z key \(record.z.value)")
        require(record.group.value.map(GroupID.isValid) ?? true, "the group \(record.group.value ?? "")")
    }
    switch state.background.value {
    case .blank: break
    case .url(let text):
        require(!text.isEmpty && text.utf8.count <= CollabBackground.maxURLBytes, "a background address of \(text.utf8.count) bytes")
    case .image(let hash):
        require(hash.utf8.count == 64 && hash.utf8.allSatisfy { Array("0123456789abcdef".utf8).contains($0) }, "the image name \(hash)")
    }
}

func reread(_ state: CollabState) -> CollabState? {
    guard let encoded = try? JSONEncoder().encode(state) else {
        require(false, "a state does not encode")
        return nil
    }
    return try? JSONDecoder().decode(CollabState.self, from: encoded)
}

/// A move, a text change, a raise, a group, a lock of the first emojis, an add on top, a hostile
/// size and group.
func edits(of state: CollabState) -> [CollabOp] {
    var random = SeededRandom(seed: 1)
    var ops = [CollabOp]()
    for record in state.emojis.values.sorted(by: { $0.cid < $1.cid }).prefix(4) {
        ops.append(.set(cid: record.cid, value: .x(record.x.value + 10)))
        ops.append(.set(cid: record.cid, value: .text("😀"), expected: record[.text]))
        ops.append(.set(cid: record.cid, value: .z(ZKey.between(state.topZ, nil, using: &random))))
        ops.append(.set(cid: record.cid, value: .size(.infinity)))
        ops.append(.set(cid: record.cid, value: .group("k3v9q2m7x4ab"), expected: record[.group]))
        ops.append(.set(cid: record.cid, value: .locked(!record.locked.value)))
        ops.append(.set(cid: record.cid, value: .group(String(repeating: "g", count: GroupID.maxBytes + 1))))
    }
    let top = ZKey.between(state.topZ, nil, using: &random)
    ops.append(.add(EmojiValues(cid: CollabID(client: editor, counter: 1), text: "🌲", x: 2e6, y: -1, size: 0, z: top)))
    ops.append(.background(.url("https://example.com/a.png"), expected: state.background.value))
    return ops
}

FuzzDriver.run(testOneInput)
