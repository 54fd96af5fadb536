/// When to try a connection again: exponential, capped, with jitter so that the clients of a
/// relay that restarts do not all come back in the same millisecond.
public struct Backoff: Sendable, Hashable {
    public var first: Duration
    public var maximum: Duration
    /// The share of each delay drawn at random (0.5: between half and all of it).
    public var jitter: Double

    public init(first: Duration = .milliseconds(100), maximum: Duration = .seconds(10), jitter: Double = 0.5) {
        self.first = first
        self.maximum = maximum
        self.jitter = jitter
    }

    /// The delay before attempt `attempt` (0: the first retry).
    public func delay(attempt: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let base = min(maximum, first * Int(1 << min(attempt, 30)))
        let factor = 1 - jitter * Double.random(in: 0...1, using: &generator)
        return base * factor
    }
}
