import Foundation
import Testing

/// The executables load no libcurl: http(s) goes through AsyncHTTPClient on NIO (EmojiArtHTTP),
/// not URLSession, whose FoundationNetworking brings libcurl and the ~25 libraries it needs
/// (TLS, LDAP, Kerberos, SSH…) into every launch's dynamic loader (docs/performance.md).
@Suite struct LinkedLibrariesTests {
    /// The shared libraries `binary` names itself (its ELF dynamic section's NEEDED entries).
    private func neededLibraries(of binary: URL) throws -> [String] {
        let output = try run("/usr/bin/env", ["readelf", "--dynamic", binary.path])
        return output.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) \(arguments.joined(separator: " ")) failed")
        return output
    }

    @Test(
        "emojiart and emojiart-relay link neither FoundationNetworking nor libcurl, directly or through another library",
        arguments: ["emojiart", "emojiart-relay"])
    func noCurl(name: String) throws {
        let binary = CommandRunner.executableURL.deletingLastPathComponent().appendingPathComponent(name)
        let needed = try neededLibraries(of: binary)
        // A sanity check that the dynamic section was read at all.
        #expect(needed.contains { $0.hasPrefix("libc.so") }, "NEEDED: \(needed)")
        #expect(!needed.contains { $0.contains("FoundationNetworking") || $0.contains("curl") }, "NEEDED: \(needed)")
        // Everything the loader maps at start, libraries' own dependencies included.
        let loaded = try run("/usr/bin/env", ["ldd", binary.path])
        #expect(loaded.contains("libc.so"))
        #expect(!loaded.contains("libcurl"), "\(loaded)")
        #expect(!loaded.contains("FoundationNetworking"), "\(loaded)")
    }
}
