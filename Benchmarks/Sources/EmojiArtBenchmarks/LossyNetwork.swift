import Foundation

/// A network namespace joined to this one by a veth pair, for running the relay "across a
/// network" on one machine (COLLAB "Faults"): `tc netem` is missing from this kernel, so packet
/// loss comes from nftables inside the namespace — `numgen random mod 100 < N drop` on its input
/// and its output hooks, so N% of the packets each way are lost on the veth. Needs root, `ip`
/// (iproute2) and `nft` (nftables); `removeStale()` cleans up after a run that died.
final class LossyNetwork {
    static let prefix = "emojiart-bench-"
    let namespace: String
    /// The relay's address inside the namespace, and ours on the host's end of the veth.
    let insideAddress = "10.231.77.2"
    let outsideAddress = "10.231.77.1"
    private let hostEnd: String
    private var lossPercent = 0

    static var isAvailable: Bool {
        getuid() == 0 && Tools.isAvailable("ip") && Tools.isAvailable("nft")
    }

    init() throws {
        Self.removeStale()
        namespace = Self.prefix + String(getpid())
        // Interface names are at most 15 bytes.
        hostEnd = "eab\(getpid() % 100_000)"
        do {
            try Self.ip(["netns", "add", namespace])
            try Self.ip(["link", "add", hostEnd, "type", "veth", "peer", "name", "eab-relay", "netns", namespace])
            try Self.ip(["addr", "add", "\(outsideAddress)/24", "dev", hostEnd])
            try Self.ip(["link", "set", hostEnd, "up"])
            try Self.ip(["-n", namespace, "addr", "add", "\(insideAddress)/24", "dev", "eab-relay"])
            try Self.ip(["-n", namespace, "link", "set", "eab-relay", "up"])
            try Self.ip(["-n", namespace, "link", "set", "lo", "up"])
        } catch {
            remove()
            throw error
        }
    }

    /// Drops `percent`% of the packets entering and leaving the namespace (0: none).
    func setLoss(percent: Int) throws {
        if lossPercent > 0 {
            try Self.run("/usr/sbin/ip", ["netns", "exec", namespace, "nft", "delete", "table", "inet", "emojiart_loss"])
        }
        lossPercent = percent
        guard percent > 0 else { return }
        let rules = """
            table inet emojiart_loss {
                chain input { type filter hook input priority 0; policy accept; counter; numgen random mod 100 < \(percent) counter drop; }
                chain output { type filter hook output priority 0; policy accept; counter; numgen random mod 100 < \(percent) counter drop; }
            }
            """
        try Self.run("/usr/sbin/ip", ["netns", "exec", namespace, "nft", "-f", "-"], input: rules)
    }

    /// The packets that crossed the namespace's hooks since `setLoss`, and how many of them the
    /// rules dropped (nft's counters: each chain counts every packet, then the dropped ones).
    func counters() throws -> (packets: Int, dropped: Int) {
        let listing = try Self.run("/usr/sbin/ip", ["netns", "exec", namespace, "nft", "list", "table", "inet", "emojiart_loss"])
        let counts = listing.components(separatedBy: "counter packets ").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        guard counts.count == 4 else { throw BenchmarkError(description: "unexpected nft listing: \(listing)") }
        return (counts[0] + counts[2], counts[1] + counts[3])
    }

    /// Deleting the namespace removes the veth pair and the rules with it.
    func remove() {
        try? Self.ip(["netns", "delete", namespace])
        try? Self.ip(["link", "delete", hostEnd])
    }

    /// The command prefix that runs a program inside the namespace.
    var exec: [String] { ["/usr/sbin/ip", "netns", "exec", namespace] }

    /// Namespaces left by benchmark runs whose process is gone (a crash, a kill).
    static func removeStale() {
        guard let list = try? ChildRun.run("/usr/sbin/ip", ["netns", "list"]) else { return }
        for line in list.split(separator: "\n") {
            let name = String(line.split(separator: " ").first ?? "")
            guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0 else { continue }
            try? ip(["netns", "delete", name])
        }
    }

    private static func ip(_ arguments: [String]) throws {
        _ = try run("/usr/sbin/ip", arguments)
    }

    @discardableResult
    private static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        let output = Pipe()
        process.standardOutput = output
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        // Small outputs: reading one pipe to its end and then the other cannot fill either.
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError(
                description: "\(executable) \(arguments.joined(separator: " ")) failed: \(String(decoding: message, as: UTF8.self))")
        }
        return String(decoding: printed, as: UTF8.self)
    }
}
