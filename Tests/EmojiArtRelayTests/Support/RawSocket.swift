import EmojiArtCollab
import EmojiArtTestSupport
import Foundation
import HummingbirdWSClient
import Logging

/// A WebSocket to the relay with no session behind it: sends the given text frames (anything,
/// not only valid messages) and collects what comes back until `done` holds.
enum RawSocket {
    static func exchange(
        _ url: String, frames: [String], timeout: Duration = .seconds(20),
        until done: @escaping @Sendable ([RelayMessage]) -> Bool
    ) async throws -> [RelayMessage] {
        let logger = Logger(label: "raw")
        let received = Collected()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await WebSocketClient.connect(url: url, configuration: .init(maxFrameSize: 16 * 1024 * 1024), logger: logger) { inbound, outbound, _ in
                    for frame in frames { try await outbound.write(.text(frame)) }
                    for try await message in inbound.messages(maxSize: 16 * 1024 * 1024) {
                        guard case .text(let text) = message else { continue }
                        if let decoded = try? WireCodec.relayMessage(from: Data(text.utf8)) { received.append(decoded) }
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
