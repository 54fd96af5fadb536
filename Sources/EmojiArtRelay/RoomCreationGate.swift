import Foundation

/// Who may make a room (SPEC C8), asked before `PUT /room` reaches the registry: the token
/// when the relay has one, then the address's rate. (The room count and the data quota are the
/// registry's, which every creation passes through.)
final class RoomCreationGate: @unchecked Sendable {
    private let token: CreateToken?
    private let now: @Sendable () -> ContinuousClock.Instant
    private let lock = NSLock()
    private var rate: RateLimiter

    init(token: CreateToken?, roomsPerMinute: Int, now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.token = token
        self.now = now
        rate = RateLimiter(perMinute: roomsPerMinute)
    }

    /// Why `address` may not make a room now, or nil. A request turned away for its token
    /// spends nothing of the address's rate.
    func refusal(authorization: String?, from address: ClientAddress?) -> Refusal? {
        if let token, let refusal = token.refusal(forAuthorization: authorization) { return refusal }
        guard let address else { return nil }
        let now = now()
        let allowed = lock.withLock { rate.allow(address, at: now) }
        return allowed ? nil : .tooManyNewRooms(perMinute: rate.perMinute)
    }
}
