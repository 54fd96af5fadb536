import Foundation
import Testing

/// The relay's systemd unit (SPEC I1): hardened, on 127.0.0.1, its data in the state directory
/// systemd makes, and started with flags the relay still has.
@Suite struct RelayServiceTests {
    private var unit: String {
        get throws {
            try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("data/emojiart-relay.service"), encoding: .utf8)
        }
    }

    private func settings() throws -> [String: [String]] {
        var settings: [String: [String]] = [:]
        for line in try unit.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("[") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            settings[String(line[..<equals]), default: []].append(String(line[line.index(after: equals)...]))
        }
        return settings
    }

    @Test("the unit runs the relay as a dynamic user in its own state directory, with the usual hardening")
    func hardening() throws {
        let settings = try settings()
        for (key, value) in [
            ("DynamicUser", "yes"), ("StateDirectory", "emojiart-relay"), ("ProtectSystem", "strict"),
            ("ProtectHome", "yes"), ("PrivateTmp", "yes"), ("PrivateDevices", "yes"), ("NoNewPrivileges", "yes"),
            ("CapabilityBoundingSet", ""), ("RestrictNamespaces", "yes"), ("MemoryDenyWriteExecute", "yes"),
        ] {
            #expect(settings[key] == [value], "\(key)")
        }
    }

    @Test("ExecStart listens on 127.0.0.1, keeps data in the state directory and uses only flags the relay has")
    func execStart() throws {
        let command = try #require(try settings()["ExecStart"]?.first).split(separator: " ").map(String.init)
        #expect(command.first == "/usr/bin/emojiart-relay")
        #expect(command.joined(separator: " ").contains("--host 127.0.0.1"))
        #expect(command.joined(separator: " ").contains("--data %S/emojiart-relay"))
        let help = try CommandRunner.runProgram(CommandRunner.builtProgram("emojiart-relay"), ["--experimental-dump-help"]).output
        for flag in command.dropFirst() where flag.hasPrefix("--") {
            #expect(help.contains("\"name\" : \"\(flag.dropFirst(2))\"") || help.contains("\"name\":\"\(flag.dropFirst(2))\""), "\(flag)")
        }
    }
}
