import Foundation

/// Who may make a room (SPEC C8), asked before `PUT /room` reaches the registry: the token
/// when the relay has one, then the address's rate. (The room count and the data quota are the
/// registry's, which every creation passes through.) Wrong tokens are counted per address: past
/// `wrongTokensPerMinute` the address is told to wait, whatever it sends, so a token cannot be
/// guessed at the speed of the network.
final class RoomCreationGate: @unchecked Sendable {
    static let wrongTokensPerMinute = 10

    private let token: CreateToken?
    private let now: @Sendable () -> ContinuousClock.Instant
    private let lock = NSLock()
    private var rate: RateLimiter
    private var wrongTokens = RateLimiter(perMinute: RoomCreationGate.wrongTokensPerMinute)

    init(token: CreateToken?, roomsPerMinute: Int, now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.token = token
        self.now = now
        rate = RateLimiter(perMinute: roomsPerMinute)
    }

    /// Why `address` may not make a room now, or nil. A request turned away for its token
    /// spends nothing of the address's rate, but one of its wrong-token allowance.
    func refusal(authorization: String?, from address: ClientAddress?) -> Refusal? {
        let now = now()
        if let token {
            if let address, lock.withLock({ !wrongTokens.hasAllowance(address, at: now) }) {
                return .tooManyWrongTokens(perMinute: Self.wrongTokensPerMinute)
            }
            if let refusal = token.refusal(forAuthorization: authorization) {
                if refusal == .tokenWrong, let address { _ = lock.withLock { wrongTokens.allow(address, at: now) } }
                return refusal
            }
        }
        guard let address else { return nil }
        let allowed = lock.withLock { rate.allow(address, at: now) }
        return allowed ? nil : .tooManyNewRooms(perMinute: rate.perMinute)
    }
}
