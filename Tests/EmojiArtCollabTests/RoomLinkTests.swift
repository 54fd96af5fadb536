import EmojiArtCollab
import Testing

/// A room's link (SPEC C2): printed as `emojiart://HOST:PORT/ROOM#KEY` (`emojiarts://` for a TLS
/// relay), read in that form and in the relay's own `ws://HOST:PORT/room/ROOM#KEY`, refused with
/// a reason otherwise.
@Suite struct RoomLinkTests {
    @Test("a link is printed in SPEC C2's form and read back to the same relay, room and key")
    func printsAndReads() throws {
        let link = RoomLink(server: "ws://127.0.0.1:7447", room: "AbC_123-xyz", key: "k3y")
        #expect(link.description == "emojiart://127.0.0.1:7447/AbC_123-xyz#k3y")
        #expect(try RoomLink(parsing: link.description) == link)
        #expect(link.webSocketURL == "ws://127.0.0.1:7447/room/AbC_123-xyz")
        #expect(link.httpBase == "http://127.0.0.1:7447")

        let secure = RoomLink(server: "wss://relay.example", room: "abcdefgh", key: nil)
        #expect(secure.description == "emojiarts://relay.example/abcdefgh")
        #expect(try RoomLink(parsing: secure.description) == secure)
        #expect(secure.httpBase == "https://relay.example")

        // A relay behind a proxy's path keeps it: the room is the last part.
        let proxied = try RoomLink(parsing: "emojiarts://example.org:8443/emojiart/abcdefgh#key")
        #expect(proxied.server == "wss://example.org:8443/emojiart")
        #expect(proxied.webSocketURL == "wss://example.org:8443/emojiart/room/abcdefgh")
        #expect(proxied.description == "emojiarts://example.org:8443/emojiart/abcdefgh#key")
    }

    @Test("the older ws:// and wss:// links are read, with spaces around, and printed in the new form")
    func readsOlderLinks() throws {
        let link = try RoomLink(parsing: " ws://127.0.0.1:7447/room/AbC_123-xyz#k3y\n")
        #expect(link == RoomLink(server: "ws://127.0.0.1:7447", room: "AbC_123-xyz", key: "k3y"))
        #expect(link.description == "emojiart://127.0.0.1:7447/AbC_123-xyz#k3y")
        let secure = try RoomLink(parsing: "WSS://relay.example/room/abcdefgh#")
        #expect(secure.server == "wss://relay.example")
        #expect(secure.key == nil, "an empty fragment is no key")
        #expect(try RoomLink(parsing: "EmojiArt://h:1/abcdefgh").server == "ws://h:1")
    }

    @Test("what is not a link is refused with the reason")
    func refusals() {
        #expect(throws: RoomLinkError.notALink("http://x/room/abcdefgh")) { try RoomLink(parsing: "http://x/room/abcdefgh") }
        #expect(throws: RoomLinkError.notALink("relay.example:7447/abcdefgh")) { try RoomLink(parsing: "relay.example:7447/abcdefgh") }
        #expect(throws: RoomLinkError.notALink("emojiart:///abcdefgh")) { try RoomLink(parsing: "emojiart:///abcdefgh") }
        #expect(throws: RoomLinkError.notALink("emojiart://:7447/abcdefgh")) { try RoomLink(parsing: "emojiart://:7447/abcdefgh") }
        #expect(throws: RoomLinkError.noRoom("emojiart://relay.example:7447")) { try RoomLink(parsing: "emojiart://relay.example:7447") }
        #expect(throws: RoomLinkError.noRoom("ws://x/abcdefgh")) { try RoomLink(parsing: "ws://x/abcdefgh") }
        #expect(throws: RoomLinkError.badRoomID("a/b")) { try RoomLink(parsing: "ws://x/room/a/b") }
        #expect(throws: RoomLinkError.badRoomID("short")) { try RoomLink(parsing: "emojiart://x/short#k") }
        #expect(throws: RoomLinkError.badRoomID("")) { try RoomLink(parsing: "emojiart://x/#k") }
        #expect(throws: RoomLinkError.badRoomID("../../etc")) { try RoomLink(parsing: "ws://x/room/../../etc") }
        #expect(RoomLinkError.notALink("x").description.contains("emojiart://relay.example:7447/ROOM#KEY"))
        #expect(RoomLink.isRoomID(RoomLink.randomRoomID()))
    }

    @Test("a relay address for share --relay: ws:// or wss:// with a host, a trailing / dropped")
    func relayAddresses() {
        #expect(RoomLink.server(parsing: "ws://127.0.0.1:7447/") == "ws://127.0.0.1:7447")
        #expect(RoomLink.server(parsing: " wss://relay.example ") == "wss://relay.example")
        #expect(RoomLink.server(parsing: "emojiart://127.0.0.1:7447") == nil)
        #expect(RoomLink.server(parsing: "127.0.0.1:7447") == nil)
        #expect(RoomLink.server(parsing: "ws://") == nil)
        #expect(RoomLink.server(parsing: "ws://x#key") == nil)
    }
}
