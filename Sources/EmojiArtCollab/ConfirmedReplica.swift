/// The confirmed state a client keeps between runs (next to its outbox): with it, a reopened
/// shared document asks the relay only for what it missed. The app writes it at autosave pace;
/// it may lag behind, the relay fills the gap.
public struct ConfirmedReplica: Hashable, Sendable, Codable {
    public var epoch: String
    public var seq: Int
    public var state: CollabState

    public init(epoch: String, seq: Int, state: CollabState) {
        self.epoch = epoch
        self.seq = seq
        self.state = state
    }
}
