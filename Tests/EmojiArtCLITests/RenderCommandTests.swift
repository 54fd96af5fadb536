import Foundation
import Testing

@Suite struct RenderCommandTests {
    private func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)-\(name)")
    }

    /// The pixel size in a PNG's IHDR chunk.
    private func pngSize(_ data: Data) throws -> (width: Int, height: Int) {
        try #require(data.count > 24 && data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        func int(at offset: Int) -> Int {
            data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        return (int(at: 16), int(at: 20))
    }

    @Test("a PNG of the whole document: background size at scale 1, every emoji inside")
    func pngOfEmbeddedBackground() throws {
        let output = temporaryFile("hill.png")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try CommandRunner.run(["render", "examples/embedded-hill.emojiart", "-o", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        let size = try pngSize(Data(contentsOf: output))
        // The embedded image is 320×200 and every emoji lies inside it.
        #expect(size.width == 320)
        #expect(size.height == 200)
    }

    @Test("--width gives exactly that many pixels across; --area content frames the emojis")
    func widthAndArea() throws {
        let output = temporaryFile("meadow.png")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try CommandRunner.run(["render", "examples/sunny-meadow.emojiart", "-o", output.path, "--width", "300", "--area", "content"])
        #expect(result.status == 0, "\(result.standardError)")
        let size = try pngSize(Data(contentsOf: output))
        #expect(size.width == 300)
        #expect(size.height > 200 && size.height < 300)
    }

    @Test("SVG and PDF come out, with each distinct emoji embedded once as an image")
    func vectorFormats() throws {
        let svg = temporaryFile("meadow.svg")
        let pdf = temporaryFile("meadow.pdf")
        defer {
            try? FileManager.default.removeItem(at: svg)
            try? FileManager.default.removeItem(at: pdf)
        }
        #expect(try CommandRunner.run(["render", "examples/sunny-meadow.emojiart", "-o", svg.path]).status == 0)
        #expect(try CommandRunner.run(["render", "examples/sunny-meadow.emojiart", "-o", pdf.path]).status == 0)
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.contains("<svg"))
        // sunny-meadow has 10 emojis of 8 distinct kinds (two ☁️, two 🌷).
        let images = text.components(separatedBy: "<image").count - 1
        #expect(images >= 1 && images <= 8)
        #expect(try Data(contentsOf: pdf).prefix(5) == Data("%PDF-".utf8))
    }

    @Test("--offline renders a URL document without its background; without it an unreachable URL exits 2")
    func urlBackground() throws {
        let document = temporaryFile("unreachable.emojiart")
        let output = temporaryFile("out.png")
        defer {
            try? FileManager.default.removeItem(at: document)
            try? FileManager.default.removeItem(at: output)
        }
        // Port 9 (discard) on this machine: nothing listens, so the connection is refused at once.
        try Data(#"{"background":{"theURL":"http://127.0.0.1:9/x.png"},"emojis":[{"text":"🐶","x":0,"y":0,"size":40,"id":1}]}"#.utf8)
            .write(to: document)
        let offline = try CommandRunner.run(["render", document.path, "-o", output.path, "--offline"])
        #expect(offline.status == 0, "\(offline.standardError)")
        let online = try CommandRunner.run(["render", document.path, "-o", output.path])
        #expect(online.status == 2)
        #expect(online.standardError.contains("127.0.0.1"))
    }

    @Test("exit statuses: 1 bad document, 3 output not writable or too large, 64 usage")
    func exitStatuses() throws {
        let output = temporaryFile("x.png")
        #expect(try CommandRunner.run(["render", "README.md", "-o", output.path]).status == 1)
        #expect(try CommandRunner.run(["render", "examples/sunny-meadow.emojiart", "-o", "/nonexistent-folder/x.png"]).status == 3)
        let huge = try CommandRunner.run(["render", "examples/sunny-meadow.emojiart", "-o", output.path, "--width", "40000"])
        #expect(huge.status == 3)
        #expect(huge.standardError.contains("--width"))
        #expect(try CommandRunner.run(["render", "examples/sunny-meadow.emojiart", "-o", "x.gif"]).status == 64)
        #expect(try CommandRunner.run(["render", "examples/sunny-meadow.emojiart", "-o", output.path, "--scale", "2", "--width", "9"]).status == 64)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
