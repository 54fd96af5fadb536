import EmojiArtCollab
import Testing

/// A relay's refusals (SPEC C8) reach the person as the client's own sentences, chosen by status.
@Suite struct RelayLinkErrorTests {
    @Test(
        "each refusal status has its case and a sentence naming the relay",
        arguments: [
            (401, RelayLinkError.tokenRequired(server: "ws://relay.example:7447")),
            (403, .tokenRejected(server: "ws://relay.example:7447")),
            (408, .tooSlow(server: "ws://relay.example:7447")),
            (413, .tooLarge(server: "ws://relay.example:7447")),
            (429, .tooManyRequests(server: "ws://relay.example:7447")),
            (503, .relayFull(server: "ws://relay.example:7447")),
            (507, .relayOutOfSpace(server: "ws://relay.example:7447")),
        ])
    func statuses(status: Int, error: RelayLinkError) {
        #expect(RelayLinkError.bound(status: status, server: "ws://relay.example:7447") == error)
        #expect(error.description.contains("ws://relay.example:7447"))
        #expect(error.description.hasSuffix("."))
    }

    @Test("other statuses are not refusals of a bound")
    func others() {
        #expect(RelayLinkError.bound(status: 400, server: "x") == nil)
        #expect(RelayLinkError.bound(status: 404, server: "x") == nil)
        #expect(RelayLinkError.bound(status: 500, server: "x") == nil)
    }
}
