import EmojiArtCollab
import Foundation
import HummingbirdWebSocket

/// One client's WebSocket: frames read, decoded and handed to its room; the room's frames for
/// it written from its queue. A frame that cannot be read is answered with an error message and
/// the connection stays (C1: errors are messages, the relay never crashes on input).
struct RelayConnection {
    let room: String
    let registry: RoomRegistry
    let activity: RoomActivity
    let maxMessageBytes: Int

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        var joined: (actor: RoomActor, connection: RoomHost.Connection)?
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
