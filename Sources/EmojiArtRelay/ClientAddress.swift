import NIOCore

/// Who a request comes from, for the per-address bounds (SPEC C8): the connection's peer, or
/// when the peer is a trusted proxy (`--trust-proxy ADDR`) the last `X-Forwarded-For` hop — the
/// one that proxy added itself; earlier hops are whatever the client claimed and are never believed.
///
/// IPv6 addresses count by their /64: one machine usually holds a whole /64 and could
/// otherwise take a fresh address for every connection.
struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    let key: String

    var description: String { key }

    /// The address of a connection's peer (nil for a Unix socket, which only a local proxy uses).
    init?(peer: SocketAddress?) {
        guard let ip = peer?.ipAddress else { return nil }
        self.init(text: ip)
    }

    /// The address a request counts under: from one of `proxies`, the last hop of the last
    /// `X-Forwarded-For` header when there is one; else the peer.
    init?(peer: SocketAddress?, forwardedFor: [String], proxies: TrustedProxies) {
        if proxies.trusts(peer), let header = forwardedFor.last,
            let hop = header.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !hop.isEmpty
        {
            self.init(text: hop)
        } else {
            self.init(peer: peer)
        }
    }

    init(text: String) {
        var text = text
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = String(text[text.index(after: text.startIndex)..<close])
        }
        if text.hasPrefix("::ffff:"), text.contains(".") {
            // An IPv4 client on an IPv6 socket is the same client as on an IPv4 one.
            text = String(text.dropFirst("::ffff:".count))
        }
        key = text.contains(":") ? Self.prefix64(text) : String(text.prefix(64))
    }

    /// The first four groups of an IPv6 address, `::` expanded ("2001:db8::1" → "2001:db8:0:0").
    private static func prefix64(_ text: String) -> String {
        let halves = text.lowercased().components(separatedBy: "::")
        let head = halves[0].split(separator: ":", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        let tail = halves.count > 1 ? halves[1].split(separator: ":").map(String.init) : []
        let missing = max(0, 8 - head.count - tail.count)
        let groups = head.map(String.init) + Array(repeating: "0", count: halves.count > 1 ? missing : 0) + tail
        return groups.prefix(4).map { String($0.prefix(4)) }.joined(separator: ":")
    }
}
