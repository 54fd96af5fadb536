import Foundation

/// Presence and drag frames are not stored, so they carry their own order (C10): each frame a
/// window sends has a sequence number that only grows (milliseconds since 1970, raised past the
/// last one sent, so it keeps growing across restarts), and a receiver drops a frame no newer
/// than the last it took from that sender — a relay replaying an old pointer or drag changes
/// nothing.
struct FrameClock {
    enum Kind: Hashable { case presence, preview }

    private var lastSent = 0
    private var lastTaken: [Kind: [ClientID: Int]] = [:]

    /// The number of the next frame to send.
    mutating func next(now: Date = Date()) -> Int {
        lastSent = max(lastSent + 1, Int(now.timeIntervalSince1970 * 1000))
        return lastSent
    }

    /// Whether a frame numbered `seq` from `sender` is not older than the last taken (and takes
    /// it): the same frame read twice is still the latest.
    mutating func isFresh(_ seq: Int?, from sender: ClientID, kind: Kind) -> Bool {
        guard let seq, seq >= lastTaken[kind]?[sender] ?? 0 else { return false }
        lastTaken[kind, default: [:]][sender] = seq
        return true
    }
}
