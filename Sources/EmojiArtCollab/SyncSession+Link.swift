/// Driving a session from a `RelayLink` (the one consumer, on the main actor in the app):
///
///     for await event in link.events {
///         for message in try session.handle(event) { link.send(message) }
///         // then show session.shown, session.participants, session.isLive…
///     }
extension SyncSession {
    /// One link event; returns what to send in answer (the hello on `.connected`, the resends
    /// after a welcome).
    public func handle(_ event: RelayLinkEvent) throws -> [ClientMessage] {
        switch event {
        case .connected:
            return connected()
        case .received(let message):
            return try receive(message)
        case .disconnected:
            disconnected()
            return []
        }
    }
}
