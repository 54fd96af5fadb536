import EmojiArtCollab
import Testing

/// A room's link (SPEC C2): printed as `emojiart://HOST:PORT/ROOM#KEY` (`emojiarts://` for a TLS
/// relay), read in that form and in the relay's own `ws://HOST:PORT/room/ROOM#KEY`, refused with
/// a reason otherwise; web links (C11) in `http(s)://HOST:PORT/r/ROOM#KEY`.
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

    @Test("a link may name its document after the key: the name travels, percent-encoded, in links, view links and web links (C2)")
    func namesTheDocument() throws {
        let link = RoomLink(server: "ws://127.0.0.1:7447", room: "AbC_123-xyz", key: "k3y").naming("  Sunny meadow/🌻 ")
        #expect(link.documentName == "Sunny meadow/🌻")
        #expect(link.description == "emojiart://127.0.0.1:7447/AbC_123-xyz#k3y/Sunny%20meadow%2F%F0%9F%8C%BB")
        let read = try RoomLink(parsing: link.description)
        #expect(read == link && read.key == "k3y")
        #expect(try RoomLink(parsing: link.webLink) == link)
        #expect(try RoomLink(parsing: "emojiart://127.0.0.1:7447/AbC_123-xyz#k3y/").documentName == nil)
        #expect(
            RoomLink(server: "ws://h:1", room: "abcdefgh", key: "k").naming(String(repeating: "x", count: 500)).documentName?.count == 120)
        let edit = RoomLink(server: "ws://127.0.0.1:7447", room: "AbC_123-xyz", key: "AAAAAAAAAAAAAAAAAAAAAA").naming("Meadow")
        #expect(edit.viewLink?.documentName == "Meadow")
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

    @Test("C11: a web link is the relay’s http(s) address, /r/ and the room, the key after #; it reads back to the same link")
    func webLinks() throws {
        let link = RoomLink(server: "ws://127.0.0.1:7447", room: "AbC_123-xyz", key: "k3y")
        #expect(link.webLink == "http://127.0.0.1:7447/r/AbC_123-xyz#k3y")
        #expect(try RoomLink(parsing: link.webLink) == link)
        #expect(try RoomLink(parsing: " HTTP://127.0.0.1:7447/r/AbC_123-xyz#k3y\n") == link, "any case, spaces around")

        // Behind TLS: https, and back to wss; a host without a port keeps none.
        let secure = RoomLink(server: "wss://relay.example", room: "abcdefgh", key: "key")
        #expect(secure.webLink == "https://relay.example/r/abcdefgh#key")
        #expect(try RoomLink(parsing: secure.webLink) == secure)
        #expect(RoomLink(server: "wss://relay.example", room: "abcdefgh", key: nil).webLink == "https://relay.example/r/abcdefgh")

        // A proxy's path prefix is kept both ways; the last /r/ splits it from the room.
        let proxied = RoomLink(server: "wss://example.org:8443/emojiart", room: "abcdefgh", key: "key")
        #expect(proxied.webLink == "https://example.org:8443/emojiart/r/abcdefgh#key")
        #expect(try RoomLink(parsing: proxied.webLink) == proxied)
        let nested = try RoomLink(parsing: "https://example.org/r/r/abcdefgh#key")
        #expect(nested.server == "wss://example.org/r")
        #expect(nested.webSocketURL == "wss://example.org/r/room/abcdefgh")
        #expect(nested.webLink == "https://example.org/r/r/abcdefgh#key")

        // The same form carries the app's link: one reads as the other.
        #expect(try RoomLink(parsing: link.webLink).description == link.description)
        #expect(try RoomLink(parsing: link.description).webLink == link.webLink)
    }

    @Test("C11, C12: a view link’s web link carries the view key and reads back as a view link")
    func webViewLinks() throws {
        let edit = RoomLink(
            server: "ws://relay.example:7447/emojiart", room: RoomLink.randomRoomID(), key: Base64URL.encode((0..<16).map { UInt8($0 * 7) })
        )
        let view = try #require(edit.viewLink)
        #expect(view.webLink.hasPrefix("http://relay.example:7447/emojiart/r/\(edit.room)#"))
        let read = try RoomLink(parsing: view.webLink)
        #expect(read == view)
        #expect(read.isViewLink)
        #expect(try RoomLink(parsing: edit.webLink) == edit)
        #expect(read.key?.count == 86)
    }

    @Test("C11: a web address that is not a room’s web link is refused with the reason")
    func webRefusals() {
        #expect(throws: RoomLinkError.notALink("https://example.org/")) { try RoomLink(parsing: "https://example.org/") }
        #expect(throws: RoomLinkError.notALink("https://example.org/rooms/abcdefgh")) {
            try RoomLink(parsing: "https://example.org/rooms/abcdefgh")
        }
        #expect(throws: RoomLinkError.notALink("http:///r/abcdefgh#k")) { try RoomLink(parsing: "http:///r/abcdefgh#k") }
        #expect(throws: RoomLinkError.notALink("http://:7447/r/abcdefgh")) { try RoomLink(parsing: "http://:7447/r/abcdefgh") }
        #expect(throws: RoomLinkError.notALink("ftp://example.org/r/abcdefgh")) { try RoomLink(parsing: "ftp://example.org/r/abcdefgh") }
        #expect(throws: RoomLinkError.badRoomID("short")) { try RoomLink(parsing: "https://example.org/r/short#k") }
        #expect(throws: RoomLinkError.badRoomID("")) { try RoomLink(parsing: "https://example.org/r/#k") }
        #expect(throws: RoomLinkError.badRoomID("abcdefgh/more")) { try RoomLink(parsing: "http://x/r/abcdefgh/more") }
        #expect(throws: RoomLinkError.badRoomID("abcdefgh?x=1")) { try RoomLink(parsing: "http://x/r/abcdefgh?x=1#k") }
        #expect(throws: RoomLinkError.badRoomID("..")) { try RoomLink(parsing: "http://x/r/../r/..") }
    }

    /// Share… and `share --relay` read addresses with this one rule (they once disagreed on
    /// four of these six: issue 50).
    @Test("a relay address, for Share… and share --relay alike: ws:// or wss:// or a bare host, a path kept, no query or fragment")
    func relayAddresses() {
        let table: [(String, String?)] = [
            ("relay.example:7447", "ws://relay.example:7447"),
            ("WS://relay.example:7447", "ws://relay.example:7447"),
            ("Wss://relay.example", "wss://relay.example"),
            ("ws://relay.example/emojiart", "ws://relay.example/emojiart"),
            ("ws://relay.example?x=1", nil),
            ("ws://127.0.0.1:7447/", "ws://127.0.0.1:7447"),
            (" wss://relay.example ", "wss://relay.example"),
            ("127.0.0.1:7447", "ws://127.0.0.1:7447"),
            ("relay.example/proxied/", "ws://relay.example/proxied"),
            ("emojiart://127.0.0.1:7447", nil),
            ("http://relay.example", nil),
            ("ws://", nil),
            ("", nil),
            (":7447", nil),
            ("ws://x#key", nil),
            ("relay example:7447", nil),
        ]
        for (text, server) in table {
            #expect(RoomLink.server(parsing: text) == server, "“\(text)”")
        }
    }
}
