/// The confirmed state a client keeps between runs (next to its outbox): with it, a reopened
/// shared document asks the relay only for what it missed. The app writes it at autosave pace;
/// it may lag behind, the relay fills the gap.
public struct ConfirmedReplica: Hashable, Sendable, Codable {
    public var epoch: String
    public var seq: Int
    public var state: CollabState
    /// Each sender's chain at `seq` (C10); nil in a replica written before protocol 2.
    public var senders: SenderChains?

    public init(epoch: String, seq: Int, state: CollabState, senders: SenderChains? = nil) {
        self.epoch = epoch
        self.seq = seq
        self.state = state
        self.senders = senders
    }
}
