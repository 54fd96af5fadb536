import Foundation
import Testing

/// `emojiart info` and `render` on files built to hurt (SPEC M4, B6, E2, E3): each ends with a
/// non-zero status and the reason on stderr — never a signal, a hang or a usage message.
@Suite struct HostileDocumentCommandTests {
    /// A folder of hostile files, made once per test and removed after it.
    final class HostileFiles {
        let folder: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func file(_ name: String, _ contents: Data) throws -> String {
            let url = folder.appendingPathComponent(name)
            try contents.write(to: url)
            return url.path
        }

        func json(_ name: String, _ text: String) throws -> String {
            try file(name, Data(text.utf8))
        }

        /// A sparse file just over the 64 MB limit: no disk space used.
        func oversized() throws -> String {
            let path = folder.appendingPathComponent("huge.emojiart").path
            guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: 64 * 1024 * 1024 + 1)
            try handle.close()
            return path
        }

        func fifo() throws -> String {
            let path = folder.appendingPathComponent("pipe.emojiart").path
            guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
            return path
        }

        /// The start of a PNG declaring `width` × `height` pixels (signature and IHDR; no CRC
        /// check reaches it before the header check), embedded in a document.
        func documentEmbeddingPNG(width: UInt32, height: UInt32) throws -> String {
            var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
            png += Data("IHDR".utf8)
            for value in [width, height] { withUnsafeBytes(of: value.bigEndian) { png += Data($0) } }
            png += Data([8, 6, 0, 0, 0, 0, 0, 0, 0]) + Data(count: 64)
            return try json("huge-image.emojiart", #"{"emojis":[],"background":{"imageData":""# + png.base64EncodedString() + #""}}"#)
        }
    }

    /// Runs the binary with a watchdog: a hostile file must not make it hang (a FIFO opened for
    /// reading would block forever), so after `seconds` it is killed and the test fails. The
    /// waiting happens on a thread of its own: on Linux, tasks and DispatchQueue.global() share
    /// two threads on a two-core machine, and blocking them stalls every other suite meanwhile.
    func runBounded(_ arguments: [String], seconds: Double = 30) async throws -> CommandRunner.Result {
        let result = await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: Result { try Self.runBlocking(arguments, seconds: seconds) })
            }.start()
        }
        let finished = try result.get()
        #expect(finished.endedNormally, "emojiart \(arguments) ended by a signal (or the watchdog)")
        return finished.result
    }

    private static func runBlocking(_ arguments: [String], seconds: Double) throws -> (result: CommandRunner.Result, endedNormally: Bool) {
        let process = Process()
        process.executableURL = CommandRunner.executableURL
        process.arguments = arguments
        process.currentDirectoryURL = CommandRunner.packageRoot
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        let result = CommandRunner.Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
        return (result, process.terminationReason == .exit)
    }

    /// Checks that both commands refuse `path` with status 1 and `message` on stderr.
    func expectRefused(_ path: String, saying message: String) async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: output) }
        for arguments in [["info", path], ["info", "--json", path], ["render", path, "-o", output.path]] {
            let result = try await runBounded(arguments)
            #expect(result.status == 1, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(!result.standardError.contains("Usage"), "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("a document nested a million levels deep is refused as too deep")
    func deepNesting() async throws {
        let files = try HostileFiles()
        try await expectRefused(
            try files.json("deep.emojiart", String(repeating: "[", count: 1_000_000)), saying: "nest deeper than 64 levels")
    }

    @Test("binary garbage is refused as not JSON")
    func garbage() async throws {
        let files = try HostileFiles()
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
        try await expectRefused(try files.file("garbage.emojiart", bytes), saying: "not valid JSON")
    }

    @Test("duplicate keys and absurd numbers are refused naming the problem")
    func badValues() async throws {
        let files = try HostileFiles()
        try await expectRefused(try files.json("twice.emojiart", #"{"emojis":[],"emojis":[]}"#), saying: "twice")
        try await expectRefused(
            try files.json("huge-number.emojiart", #"{"emojis":[{"text":"😀","x":1e999}]}"#), saying: "too large a number")
    }

    @Test("a file over 64 MB is refused before it is read, with its size")
    func oversized() async throws {
        let files = try HostileFiles()
        try await expectRefused(try files.oversized(), saying: "is too large to open (64 MB; the limit is 64 MB)")
    }

    @Test("/dev/zero, a FIFO and a folder given as the document are refused without being read")
    func notRegularFiles() async throws {
        let files = try HostileFiles()
        try await expectRefused("/dev/zero", saying: "zero")
        try await expectRefused(try files.fifo(), saying: "pipe.emojiart")
        try await expectRefused(files.folder.path, saying: files.folder.lastPathComponent)
    }

    @Test("render refuses a file:// background of /dev/zero or a FIFO with status 2, even --offline")
    func fileBackgrounds() async throws {
        let files = try HostileFiles()
        let output = files.folder.appendingPathComponent("out.png").path
        for target in ["/dev/zero", try files.fifo()] {
            let document = try files.json(
                "file-background.emojiart",
                #"{"emojis":[{"text":"😀"}],"background":{"theURL":""# + URL(fileURLWithPath: target).absoluteString + #""}}"#)
            for extra in [[], ["--offline"]] {
                let result = try await runBounded(["render", document, "-o", output] + extra)
                #expect(result.status == 2, "\(target) \(extra): \(result.standardError)")
                #expect(result.standardError.contains("emojiart: "), "\(result.standardError)")
            }
            #expect(try await runBounded(["info", document]).status == 0)  // info never reads the background
        }
    }

    @Test("render refuses an embedded image declaring 30,000 × 30,000 pixels from its header, with status 2")
    func hugeEmbeddedImage() async throws {
        let files = try HostileFiles()
        let document = try files.documentEmbeddingPNG(width: 30_000, height: 30_000)
        let output = files.folder.appendingPathComponent("out.png").path
        let result = try await runBounded(["render", document, "-o", output])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("30000 × 30000 pixels, more than EmojiArt can show"), "\(result.standardError)")
        // info reads only the header, so it can say how large the image claims to be.
        let info = try await runBounded(["info", "--json", document])
        #expect(info.status == 0)
        #expect(info.standardOutput.contains(#""pixelHeight":30000,"pixelWidth":30000"#))
    }
}
