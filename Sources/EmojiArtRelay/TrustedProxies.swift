import EmojiArtCore
import Foundation
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// The proxies whose `X-Forwarded-For` the relay believes (`--trust-proxy ADDR[,ADDR…]`, SPEC
/// C8): a connection from any other peer counts under its own address whatever headers it
/// sends, so a relay also reachable directly keeps its per-address bounds.
public struct TrustedProxies: Hashable, Sendable {
    /// The proxies' addresses, 4 or 16 bytes each, as the kernel reports a peer.
    private let addresses: Set<[UInt8]>

    public static let none = TrustedProxies(addresses: [])

    private init(addresses: Set<[UInt8]>) {
        self.addresses = addresses
    }

    /// Parses "127.0.0.1" or "10.0.0.2,::1": IP addresses only, so a typo never trusts a network.
    public init(list: String) throws(TrustedProxiesError) {
        var addresses: Set<[UInt8]> = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let text = item.trimmingCharacters(in: .whitespaces)
            guard let bytes = Self.bytes(ofAddress: text) else { throw .notAnAddress(text) }
            addresses.insert(bytes)
        }
        self.init(addresses: addresses)
    }

    public var isEmpty: Bool { addresses.isEmpty }

    /// Whether `peer` is one of the proxies (an IPv4 peer on an IPv6 socket counts as itself).
    func trusts(_ peer: SocketAddress?) -> Bool {
        guard !addresses.isEmpty, let text = peer?.ipAddress, let bytes = Self.bytes(ofAddress: text) else { return false }
        return addresses.contains(bytes)
    }

    /// An address's bytes through inet_pton, IPv4-mapped IPv6 folded to IPv4; nil for anything
    /// that is not one address.
    static func bytes(ofAddress text: String) -> [UInt8]? {
        var text = text
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, text, &ipv4) == 1 { return withUnsafeBytes(of: &ipv4) { Array($0) } }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, text, &ipv6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &ipv6) { Array($0) }
        let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
        return Array(bytes.prefix(12)) == mappedPrefix ? Array(bytes.suffix(4)) : bytes
    }
}

public enum TrustedProxiesError: Error, Hashable, Sendable, CustomStringConvertible {
    case notAnAddress(String)

    public var description: String {
        switch self {
        case .notAnAddress(let text):
            localized(
                "--trust-proxy takes the IP addresses of your own proxies, such as 127.0.0.1 or 127.0.0.1,::1; “{text}” is not one.",
                ["text": text])
        }
    }
}
