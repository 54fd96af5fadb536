import EmojiArtCore

/// When my presence goes to the others (C5): every change of my selection at once, whatever made
/// it; my pointer at most every `interval`, and once more when it comes to rest between two
/// updates, so the others see where it stopped. A value on an injected clock: the shared
/// document session drives it and sends what it says.
public struct PresencePacer: Sendable {
    /// What to do after a change.
    public enum Decision: Hashable, Sendable {
        /// Send my presence now.
        case sendNow
        /// Nothing now; call `due(at:)` again after this long (the pointer's trailing update).
        case sendAfter(Duration)
        case nothing
    }

    public let interval: Duration
    public private(set) var pointer: DocumentPoint?
    public private(set) var selection: [CollabID] = []
    private var lastSent: Duration?
    private var pointerWaiting = false

    public init(interval: Duration = .milliseconds(33)) {
        self.interval = interval
    }

    /// The pointer moved over the canvas (nil: it left).
    public mutating func pointerMoved(to point: DocumentPoint?, at time: Duration) -> Decision {
        guard point != pointer else { return .nothing }
        pointer = point
        if let lastSent, time - lastSent < interval {
            let wasWaiting = pointerWaiting
            pointerWaiting = true
            return wasWaiting ? .nothing : .sendAfter(interval - (time - lastSent))
        }
        return sent(at: time)
    }

    /// The selection is now `cids` (after a click, a rubber band, Ctrl+A, Tab, Escape, a paste,
    /// a delete, an undo…): sent at once when it differs from what the others have.
    public mutating func selectionChanged(to cids: [CollabID], at time: Duration) -> Decision {
        guard cids != selection else { return .nothing }
        selection = cids
        return sent(at: time)
    }

    /// The trailing update's time came: send when the pointer moved since the last one.
    public mutating func due(at time: Duration) -> Decision {
        guard pointerWaiting else { return .nothing }
        if let lastSent, time - lastSent < interval { return .sendAfter(interval - (time - lastSent)) }
        return sent(at: time)
    }

    /// Someone joined, or the connection came back: they learn where I am.
    public mutating func resend(at time: Duration) -> Decision {
        sent(at: time)
    }

    private mutating func sent(at time: Duration) -> Decision {
        lastSent = time
        pointerWaiting = false
        return .sendNow
    }
}
