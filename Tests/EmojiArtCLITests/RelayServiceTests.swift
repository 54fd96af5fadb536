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

    /// The relay's own default folder follows the app's one XDG rule (issue 50: it once took a
    /// relative XDG_STATE_HOME, which the specification says to ignore).
    @Test("without --data the relay keeps its rooms in $XDG_STATE_HOME/emojiart/relay, a relative XDG_STATE_HOME ignored")
    func defaultDataFolder() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("relay-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        for (state, expected) in [
            ("relative/state", home.appendingPathComponent(".local/state/emojiart/relay").path),
            (home.appendingPathComponent("xdg").path, home.appendingPathComponent("xdg/emojiart/relay").path),
        ] {
            let process = Process()
            process.executableURL = CommandRunner.builtProgram("emojiart-relay")
            process.arguments = ["--port", "0"]
            process.environment = ["HOME": home.path, "XDG_STATE_HOME": state, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
            process.currentDirectoryURL = FileManager.default.temporaryDirectory
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer {
                process.terminate()
                process.waitUntilExit()
            }
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line.append(chunk)
            }
            #expect(String(decoding: line, as: UTF8.self).contains("(data in \(expected))"), "XDG_STATE_HOME=\(state)")
        }
    }
}
