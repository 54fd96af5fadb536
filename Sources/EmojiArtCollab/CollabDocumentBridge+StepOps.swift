import EmojiArtCore
import Foundation

/// A step of mine as the room's ops (C3): new emojis get a cid and, with restacked ones, a z
/// key between their neighbours; an embedded background is sealed and uploaded as a blob (C7).
extension CollabDocumentBridge {
    /// The ops of one step: new emojis get a cid, and they and restacked ones a z key between
    /// their neighbours in the document's order after the step.
    func ops(for step: FieldStep, in model: EmojiArtModel) -> [CollabOp] {
        var placed = Set<Int>()
        for edit in step.edits {
            switch edit {
            case .added(let emoji), .restacked(let emoji): placed.insert(emoji.id)
            default: break
            }
        }
        let zKeys = placed.isEmpty ? [:] : newZKeys(for: placed, in: model)
        var ops = [CollabOp]()
        for edit in step.edits {
            switch edit {
            case .added(let emoji):
                guard let z = zKeys[emoji.id] else { continue }
                let cid = session.newCollabID()
                ids.adopt(emoji.id, for: cid)
                ops.append(
                    .add(
                        EmojiValues(
                            cid: cid, text: emoji.text, x: emoji.position.x, y: emoji.position.y, size: emoji.size,
                            rotation: emoji.rotation, flipped: emoji.flipped, z: z, group: emoji.group, locked: emoji.locked)))
            case .removed(let emoji):
                if let cid = collabID(of: emoji) { ops.append(.set(cid: cid, value: .deleted(true))) }
            case .restacked(let emoji):
                if let cid = collabID(of: emoji), let z = zKeys[emoji.id] { ops.append(.set(cid: cid, value: .z(z))) }
            case .changed(let emoji, let property, _, let after):
                if let cid = collabID(of: emoji), let value = Self.fieldValue(property, after) {
                    ops.append(.set(cid: cid, value: value))
                }
            case .background(_, let after):
                if let op = backgroundOp(after) { ops.append(op) }
            }
        }
        return ops
    }

    /// Z keys for the `placed` emojis where they stand in `model`'s order: each between the one
    /// below it and the next one above that keeps its key; on top, above deleted ones too (so
    /// undoing a delete never puts the old emoji over the new).
    private func newZKeys(for placed: Set<Int>, in model: EmojiArtModel) -> [Int: ZKey] {
        let emojis = model.emojis
        var upperKeys = [ZKey?](repeating: nil, count: emojis.count)
        var upper: ZKey?
        for index in emojis.indices.reversed() {
            upperKeys[index] = upper
            if !placed.contains(emojis[index].id), let z = emojis[index].z.flatMap(ZKey.init) { upper = z }
        }
        var keys = [Int: ZKey]()
        var lower: ZKey?
        for (index, emoji) in emojis.enumerated() {
            guard placed.contains(emoji.id) else {
                lower = emoji.z.flatMap(ZKey.init) ?? lower
                continue
            }
            var below = lower
            if upperKeys[index] == nil, let top = session.shown.topZ, below.map({ $0 < top }) ?? true { below = top }
            let z = ZKey.between(below, upperKeys[index], using: &session.random)
            keys[emoji.id] = z
            lower = z
        }
        return keys
    }

    private func backgroundOp(_ background: Background) -> CollabOp? {
        switch background {
        case .blank:
            return .background(.blank)
        case .url(let url):
            guard !url.isFileURL else {
                onMessage?(
                    localized("A background from a file on this computer is not shared: set it from the file itself so it is embedded"))
                return nil
            }
            return .background(.url(url.absoluteString))
        case .imageData(let data):
            do {
                let blob = try session.sealedBlob(of: data)
                images.keep(data, named: blob.name)
                uploadBlob(blob.name, blob.bytes)
                return .background(.image(sha256: blob.name))
            } catch {
                onMessage?(String(describing: error))
                return nil
            }
        }
    }

    private static func fieldValue(_ property: EmojiProperty, _ value: PropertyValue) -> FieldValue? {
        switch (property, value) {
        case (.text, .text(let text)): .text(text)
        case (.x, .number(let number)): .x(number)
        case (.y, .number(let number)): .y(number)
        case (.size, .number(let number)): .size(number)
        case (.rotation, .number(let number)): .rotation(number)
        case (.flipped, .flag(let flag)): .flipped(flag)
        case (.group, .optionalText(let group)): .group(group)
        case (.locked, .flag(let flag)): .locked(flag)
        default: nil
        }
    }
}
