import EmojiArtCollab
import Foundation
import HummingbirdWebSocket

/// One client's WebSocket: frames read, decoded and handed to its room; the room's frames for
/// it written from its queue. A frame that cannot be read is answered with an error message and
/// the connection stays (C1: errors are messages, the relay never crashes on input).
struct RelayConnection {
    /// Until a connection proved membership it may send only small frames, and few: a hello, a
    /// proof and a ping fit in a few hundred bytes, so a stranger cannot have the relay decode
    /// megabytes of JSON before anything is known of it (C10).
    static let maxUnprovenFrameBytes = 8 * 1024
    static let maxUnprovenFrames = 16

    let room: String
    let registry: RoomRegistry
    let activity: RoomActivity
    let maxMessageBytes: Int

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        var joined: (actor: RoomActor, connection: RoomHost.Connection)?
        var isProven = false
        var unprovenFrames = 0
        await withTaskGroup(of: Void.self) { group in
            // Frames for this connection before it joined a room (errors, pongs).
            let (direct, directContinuation) = AsyncStream<String>.makeStream()
            group.addTask {
                for await frame in direct {
                    try? await outbound.write(.text(frame))
                }
            }
            do {
                for try await message in inbound.messages(maxSize: maxMessageBytes) {
                    guard case .text(let text) = message else {
                        directContinuation.yield(Self.error(.badMessage, "The relay reads text frames of JSON only."))
                        continue
                    }
                    if !isProven, let joined { isProven = await joined.actor.isMember(joined.connection) }
                    if !isProven {
                        unprovenFrames += 1
                        guard unprovenFrames <= Self.maxUnprovenFrames else {
                            let reason = "Too many messages before proving membership; reconnect."
                            // Through the room's queue once joined, so the sentence goes out before the room ends it.
                            if let joined {
                                await joined.actor.refuseUnproven(joined.connection, saying: reason)
                            } else {
                                directContinuation.yield(Self.error(.badMessage, reason))
                            }
                            break
                        }
                        guard text.utf8.count <= Self.maxUnprovenFrameBytes else {
                            directContinuation.yield(
                                Self.error(.tooLarge, "Prove membership before sending large messages.", limit: Self.maxUnprovenFrameBytes))
                            continue
                        }
                    }
                    let decoded: ClientMessage
                    do {
                        decoded = try WireCodec.clientMessage(from: Data(text.utf8))
                    } catch let error as CollabError {
                        if case .messageTooLarge(_, let limit) = error {
                            directContinuation.yield(Self.error(.tooLarge, error.description, limit: limit))
                        } else {
                            directContinuation.yield(Self.error(.badMessage, error.description))
                        }
                        continue
                    }
                    if let joined {
                        if case .push = decoded { activity.touch(room) }
                        await joined.actor.handle(decoded, from: joined.connection)
                        continue
                    }
                    guard case .hello(let hello) = decoded else {
                        directContinuation.yield(
                            decoded == .ping
                                ? RoomActor.frame(.pong) : Self.error(.badMessage, "The first message must be a hello; reconnect."))
                        continue
                    }
                    guard hello.room == room, let actor = try await registry.room(room) else {
                        directContinuation.yield(
                            Self.error(.badRoom, "There is no room “\(room)” on this relay; check the link, or share the document again."))
                        continue
                    }
                    guard let (connection, frames, queuedBytes) = await actor.join() else {
                        directContinuation.yield(Self.error(.roomFull, "The room is full: too many people are in it at once."))
                        continue
                    }
                    joined = (actor, connection)
                    group.addTask {
                        for await frame in frames {
                            do {
                                try await outbound.write(.text(frame))
                                queuedBytes.remove(frame.utf8.count)
                            } catch {
                                return
                            }
                        }
                        // The room closed this queue (a slow reader, a disk failure): end the
                        // connection so the client reconnects and catches up.
                        try? await outbound.close(.goingAway, reason: "catch up by reconnecting")
                    }
                    await actor.handle(decoded, from: connection)
                }
            } catch {
                // The connection failed (or sent more than maxMessageBytes): it simply ends.
            }
            directContinuation.finish()
            if let joined { await joined.actor.leave(joined.connection) }
        }
    }

    private static func error(_ code: RelayError.Code, _ message: String, limit: Int? = nil) -> String {
        RoomActor.frame(.error(RelayError(code: code, message: message, limit: limit)))
    }
}
