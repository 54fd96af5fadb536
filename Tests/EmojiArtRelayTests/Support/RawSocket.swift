import EmojiArtCollab
import EmojiArtCollabTestSupport
import EmojiArtTestSupport
import Foundation
import HummingbirdWSClient
import Logging

/// A WebSocket to the relay with no session behind it: sends the given text frames (anything,
/// not only valid messages) and collects what comes back until `done` holds; `respond` may
/// answer each message with more frames (a challenge with a proof).
enum RawSocket {
    static func exchange(
        _ url: String, frames: [String], timeout: Duration = .seconds(20),
        respond: @escaping @Sendable (RelayMessage) -> [String] = { _ in [] },
        until done: @escaping @Sendable ([RelayMessage]) -> Bool
    ) async throws -> [RelayMessage] {
        let logger = Logger(label: "raw")
        let received = Collected()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await WebSocketClient.connect(url: url, configuration: .init(maxFrameSize: 16 * 1024 * 1024), logger: logger) {
                    inbound, outbound, _ in
                    for frame in frames { try await outbound.write(.text(frame)) }
                    for try await message in inbound.messages(maxSize: 16 * 1024 * 1024) {
                        guard case .text(let text) = message else { continue }
                        if let decoded = try? WireCodec.relayMessage(from: Data(text.utf8)) {
                            received.append(decoded)
                            for frame in respond(decoded) { try await outbound.write(.text(frame)) }
                        }
                        if done(received.all) { return }
                    }
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw WaitTimeout(awaited: "the relay answered \(frames.count) frame(s) on \(url)", timeout: timeout)
            }
            try await group.next()
            group.cancelAll()
        }
        return received.all
    }

    /// Says hello as `client`, answers the challenge with `credentials` (a member, C10, unless
    /// they are another room's) and sends `frames` once welcomed. The challenge is not in what
    /// it returns.
    static func asMember(
        _ url: String, hello: ClientMessage.Hello, credentials: RoomCredentials = PlainSealer.testCredentials,
        secret: String = RawSocket.secret(),
        then frames: [String] = [], timeout: Duration = .seconds(20), until done: @escaping @Sendable ([RelayMessage]) -> Bool
    ) async throws -> [RelayMessage] {
        let all = try await exchange(
            url, frames: [try text(.hello(hello))], timeout: timeout,
            respond: { message in
                switch message {
                case .challenge(let challenge):
                    let proof = credentials.proof(answering: challenge, room: hello.room, client: hello.client, secret: secret)
                    return [(try? text(.proof(proof))) ?? ""]
                case .welcome:
                    return frames
                default:
                    return []
                }
            }, until: { done($0.filter(\.isMessageOfTheRoom)) })
        return all.filter(\.isMessageOfTheRoom)
    }

    /// A client secret (32 random bytes, base64url).
    static func secret() -> String {
        Base64URL.encode((0..<32).map { _ in UInt8.random(in: 0...255) })
    }

    /// A push frame signed with `credentials`' edit key, as `client` of `room` sends it.
    static func signedPush(
        cseq: Int, payload: Payload, room: String, client: ClientID, credentials: RoomCredentials = PlainSealer.testCredentials
    ) throws -> String {
        let signature = credentials.sign(Signed.push(room: room, client: client, cseq: cseq, payload: payload))
        return try text(.push(.init(cseq: cseq, payload: payload, signature: signature)))
    }

    static func text(_ message: ClientMessage) throws -> String {
        String(decoding: try WireCodec.encode(message), as: UTF8.self)
    }
}

final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [RelayMessage] = []
    func append(_ message: RelayMessage) { lock.withLock { messages.append(message) } }
    var all: [RelayMessage] { lock.withLock { messages } }
}

extension RelayMessage {
    /// Everything but the handshake's challenge.
    var isMessageOfTheRoom: Bool {
        if case .challenge = self { false } else { true }
    }
}
