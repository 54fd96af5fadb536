import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCollabTestSupport
import Foundation

/// A session driven over a real `RelayLink`, as the app's consumer drives it: one task reads the
/// link's events and answers; tests act and read through `with`, under a lock.
final class NetPeer: @unchecked Sendable {
    let link: any RelayLink
    private let lock = NSLock()
    private let session: SyncSession
    private var consumer: Task<Void, Never>?
    private(set) var eventLog: [RelayLinkEvent] = []

    init(
        link: any RelayLink, room: String, journal: OutboxJournal = InMemoryOutboxJournal(), sealer: PayloadSealer = PlainSealer(),
        seed: UInt64
    ) throws {
        self.link = link
        session = try SyncSession(room: room, journal: journal, sealer: sealer, random: SeededRandom(seed: seed))
        consumer = Task { [weak self] in
            guard let events = self?.link.events else { return }
            for await event in events {
                guard let self else { return }
                let replies: [ClientMessage] = self.lock.withLock {
                    self.eventLog.append(event)
                    return (try? self.session.handle(event)) ?? []
                }
                for reply in replies { self.link.send(reply) }
            }
        }
    }

    /// Reads or edits the session; messages it returns are sent.
    func with<Value>(_ body: (SyncSession) throws -> Value) rethrows -> Value {
        try lock.withLock { try body(session) }
    }

    func perform(_ body: (SyncSession) throws -> [ClientMessage]) rethrows {
        let messages = try lock.withLock { try body(session) }
        for message in messages { link.send(message) }
    }

    var settled: Bool { with { $0.isLive && $0.pending.isEmpty } }
    var events: [RelayLinkEvent] { lock.withLock { eventLog } }

    func close() {
        link.close()
        consumer?.cancel()
    }

    deinit {
        link.close()
        consumer?.cancel()
    }
}
