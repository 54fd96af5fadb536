import EmojiArtCore
import Foundation

/// Who else is in the room beside its state (C5, C3): each member's presence (name, colour,
/// pointer, selection) and the frames of their drags in progress. They are sealed with the room's
/// key like edits but never stored — the relay forwards them and forgets them — so they never
/// enter the session's state, its outbox or its undo. Each sender's frames are taken in the order
/// it numbered them (C10): a relay replaying an old pointer or drag changes nothing. Mine go out
/// numbered the same way.
///
/// Opens and seals through its session (the room's key and epoch), whose `lastProblem` says what
/// did not open. Not thread-safe, like the session: one `@MainActor` consumer drives both.
public final class RoomPresence {
    public let session: SyncSession
    /// The others in the room, as their last presence frame said.
    public private(set) var participants: [ClientID: Presence] = [:]
    private var frameClock = FrameClock()

    public init(session: SyncSession) {
        self.session = session
    }

    /// One relay message about the others: a presence frame, a drag frame, or someone leaving
    /// (anything else is the session's). Returns the drag frame it brought, when it opens and is
    /// newer than the last from its sender.
    @discardableResult
    public func receive(_ message: RelayMessage) -> PreviewFrame? {
        switch message {
        case .preview(let forwarded):
            guard case .preview(let frame)? = open(forwarded, .preview),
                frameClock.isFresh(frame.seq, from: forwarded.client, kind: .preview)
            else { return nil }
            return frame
        case .presence(let forwarded):
            if case .presence(let presence)? = open(forwarded, .presence),
                frameClock.isFresh(presence.seq, from: forwarded.client, kind: .presence)
            {
                participants[forwarded.client] = presence
            }
            return nil
        case .left(let other):
            participants[other] = nil
            return nil
        case .challenge, .welcome, .op, .error, .pong:
            return nil
        }
    }

    /// The connection is gone: nobody is known to be here until the next one.
    public func disconnected() {
        participants.removeAll()
    }

    /// A frame showing my drag to the others, numbered after the last I sent.
    public func previewMessage(_ frame: PreviewFrame) throws -> ClientMessage {
        var frame = frame
        frame.seq = frameClock.next()
        return .preview(try session.sealer.seal(.preview(frame), context: session.context(.preview, sender: session.client, counter: 0)))
    }

    /// A frame showing my presence to the others, numbered after the last I sent.
    public func presenceMessage(_ presence: Presence) throws -> ClientMessage {
        var presence = presence
        presence.seq = frameClock.next()
        return .presence(
            try session.sealer.seal(.presence(presence), context: session.context(.presence, sender: session.client, counter: 0)))
    }

    private func open(_ forwarded: RelayMessage.Forwarded, _ kind: SealContext.Kind) -> PayloadContent? {
        session.open(forwarded.payload, session.context(kind, sender: forwarded.client, counter: 0))
    }
}
