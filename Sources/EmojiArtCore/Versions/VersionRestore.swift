/// Restoring a version as the edits that turn the document into it (SPEC H2, H3), never by
/// swapping the model: a shared document sends them as ordinary edits (C3), so others' later
/// edits to emojis the version leaves alone are not overwritten, and undo takes them back (C4).
///
/// Emojis are matched by `cid` when both sides have one (a shared document's ids are local to each
/// replica, COLLAB "Identity"), otherwise by id. A matched emoji keeps its id, `cid` and `z` and
/// takes the version's fields; the rest are removed or added. Emojis the version has in another
/// drawing order are taken out and put back where it has them — as few as possible: those off
/// the longest run already in the version's order.
enum VersionRestore {
    /// The edits, in the order to apply them: removals, changes in place, insertions.
    static func edits(from current: EmojiArtModel, to version: EmojiArtModel) -> [DocumentEdit] {
        let matches = match(current.emojis, version.emojis)
        // matches[i]: the index in `current` of the version's emoji i, if any.
        var versionIndexOfCurrent = [Int: Int]()
        for (versionIndex, currentIndex) in matches.enumerated() {
            if let currentIndex { versionIndexOfCurrent[currentIndex] = versionIndex }
        }
        let ordered = current.emojis.indices.compactMap { versionIndexOfCurrent[$0] }
        let inPlace = longestIncreasingRun(ordered)

        var removed = [PlacedEmoji]()
        var before = [Emoji]()
        var after = [Emoji]()
        var usedIDs = Set(current.emojis.map(\.id))
        var counter = current.uniqueEmojiId
        for (index, emoji) in current.emojis.enumerated() {
            guard let versionIndex = versionIndexOfCurrent[index], inPlace.contains(versionIndex) else {
                removed.append(PlacedEmoji(index: index, emoji: emoji))
                continue
            }
            let restored = emoji.taking(version.emojis[versionIndex])
            if restored != emoji {
                before.append(emoji)
                after.append(restored)
            }
        }
        var inserted = [PlacedEmoji]()
        for (versionIndex, emoji) in version.emojis.enumerated() where !inPlace.contains(versionIndex) {
            let restored: Emoji
            if let currentIndex = matches[versionIndex] {
                restored = current.emojis[currentIndex].taking(emoji)
            } else if emoji.id > 0, !usedIDs.contains(emoji.id) {
                restored = emoji  // an emoji deleted since comes back with its old id
            } else {
                counter = nextFree(after: counter, excluding: usedIDs)
                restored = emoji.withID(counter)
            }
            usedIDs.insert(restored.id)
            inserted.append(PlacedEmoji(index: versionIndex, emoji: restored))
        }

        var edits = [DocumentEdit]()
        if !removed.isEmpty { edits.append(.removeEmojis(removed)) }
        if !after.isEmpty { edits.append(.updateEmojis(before: before, after: after)) }
        if !inserted.isEmpty { edits.append(.insertEmojis(inserted)) }
        if current.background != version.background {
            edits.append(.setBackground(before: current.background, after: version.background))
        }
        return edits
    }

    /// For each of the version's emojis, the index of the current emoji it is; each used once.
    private static func match(_ current: [Emoji], _ version: [Emoji]) -> [Int?] {
        var byCID = [String: Int]()
        var byID = [Int: Int]()
        for (index, emoji) in current.enumerated() {
            if let cid = emoji.cid, byCID[cid] == nil { byCID[cid] = index }
            if byID[emoji.id] == nil { byID[emoji.id] = index }
        }
        var taken = Set<Int>()
        return version.map { emoji in
            let candidate: Int?
            if let cid = emoji.cid, let index = byCID[cid] {
                candidate = index
            } else if let index = byID[emoji.id], emoji.cid == nil || current[index].cid == nil {
                candidate = index
            } else {
                candidate = nil
            }
            guard let candidate, taken.insert(candidate).inserted else { return nil }
            return candidate
        }
    }

    /// The values of the longest strictly increasing subsequence of `values` (patience sorting,
    /// O(n log n)): the matched emojis that can stay where they are.
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails = [Int]()  // positions in `values` ending the best run of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run = Set<Int>()
        var position = tails.last ?? -1
        while position >= 0 {
            run.insert(values[position])
            position = previous[position]
        }
        return run
    }

    private static func nextFree(after counter: Int, excluding used: Set<Int>) -> Int {
        var candidate = counter
        repeat {
            candidate = candidate < EmojiArtFormat.maxEmojiID ? candidate + 1 : 1
        } while used.contains(candidate)
        return candidate
    }
}

extension Emoji {
    /// This emoji (its id, `cid` and `z`) with every field a user edits as `version` has it.
    fileprivate func taking(_ version: Emoji) -> Emoji {
        var restored = self
        for property in EmojiProperty.allCases { restored[property] = version[property] }
        return restored
    }
}
