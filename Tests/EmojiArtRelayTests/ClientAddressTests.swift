import NIOCore
import Testing

@testable import EmojiArtRelay

/// Whom the per-address bounds count (SPEC C8).
@Suite struct ClientAddressTests {
    let proxy = try! SocketAddress(ipAddress: "127.0.0.1", port: 40000)

    @Test("from a peer that is no trusted proxy the header is ignored; from one, the last hop counts, not the ones a client forged")
    func forwardedFor() throws {
        let proxies = try TrustedProxies(list: "127.0.0.1,::1")
        let stranger = try SocketAddress(ipAddress: "127.0.0.9", port: 40000)
        #expect(ClientAddress(peer: proxy, forwardedFor: ["203.0.113.9"], proxies: .none)?.key == "127.0.0.1")
        #expect(ClientAddress(peer: stranger, forwardedFor: ["203.0.113.9"], proxies: proxies)?.key == "127.0.0.9")
        #expect(ClientAddress(peer: proxy, forwardedFor: ["198.51.100.1, 203.0.113.9"], proxies: proxies)?.key == "203.0.113.9")
        #expect(ClientAddress(peer: proxy, forwardedFor: ["1.1.1.1", "203.0.113.9 "], proxies: proxies)?.key == "203.0.113.9")
        #expect(ClientAddress(peer: proxy, forwardedFor: [], proxies: proxies)?.key == "127.0.0.1")
    }

    @Test("--trust-proxy takes IP addresses only, in any spelling the kernel reads; an IPv4 proxy on an IPv6 socket is itself")
    func trustedProxyList() throws {
        let proxies = try TrustedProxies(list: "10.0.0.2, 0:0::1")
        #expect(proxies.trusts(try SocketAddress(ipAddress: "10.0.0.2", port: 1)))
        #expect(proxies.trusts(try SocketAddress(ipAddress: "::1", port: 1)))
        #expect(proxies.trusts(try SocketAddress(ipAddress: "::ffff:10.0.0.2", port: 1)))
        #expect(!proxies.trusts(try SocketAddress(ipAddress: "10.0.0.3", port: 1)))
        #expect(!TrustedProxies.none.trusts(try SocketAddress(ipAddress: "127.0.0.1", port: 1)))
        for bad in ["", "10.0.0.0/8", "proxy.example", "10.0.0.2,", "10.0.0.256"] {
            #expect(throws: TrustedProxiesError.self, "“\(bad)” was taken") { try TrustedProxies(list: bad) }
        }
    }

    @Test(
        "IPv6 counts by its /64; an IPv4 client on an IPv6 socket is the IPv4 one",
        arguments: [
            ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2"),
            ("2001:db8:1:2::9", "2001:db8:1:2"),
            ("2001:db8::1", "2001:db8:0:0"),
            ("[2001:DB8:a:b::1]", "2001:db8:a:b"),
            ("::1", "0:0:0:0"),
            ("::ffff:192.0.2.5", "192.0.2.5"),
        ])
    func grouping(text: String, key: String) {
        #expect(ClientAddress(text: text).key == key)
    }

    @Test("the guard reads every X-Forwarded-For line of a head, in order, whatever its case")
    func headerLines() {
        let head = "GET / HTTP/1.1\r\nHost: x\r\nx-forwarded-for: 1.1.1.1\r\nX-Forwarded-For:  2.2.2.2, 3.3.3.3\r\n"
        #expect(ConnectionGuard.forwardedFor(in: head) == ["1.1.1.1", "2.2.2.2, 3.3.3.3"])
    }
}
