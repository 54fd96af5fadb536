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
        let result = try CommandRunner.run([
            "render", "examples/sunny-meadow.emojiart", "-o", output.path, "--width", "300", "--area", "content",
        ])
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
        #expect(
            try CommandRunner.run(["render", "examples/sunny-meadow.emojiart", "-o", output.path, "--scale", "2", "--width", "9"]).status
                == 64)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}

/// Exports read back by standard tools show colour emojis where the document puts them (E1).
@Suite struct RenderRoundTripTests {
    /// The colour of one pixel of an image file, as ImageMagick reads it.
    private func pixel(_ file: URL, x: Int, y: Int) throws -> (red: Int, green: Int, blue: Int) {
        let text = try ExternalTool.output("convert", [file.path, "-crop", "1x1+\(x)+\(y)", "-depth", "8", "txt:-"])
        // "0,0: (255,204,77,255)  #FFCC4DFF  srgba(…)"
        let numbers =
            text.split(separator: "(").dropFirst().first?.split(separator: ")").first?
            .split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? []
        try #require(numbers.count >= 3, "unexpected convert output: \(text)")
        return (numbers[0], numbers[1], numbers[2])
    }

    @Test("SVG and PDF exports convert back to PNG with the colour emoji in place", arguments: ["svg", "pdf"])
    func vectorRoundTrip(format: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("sun.emojiart")
        // One big sun at the origin on a blank background: the picture is its square plus margins.
        try Data(#"{"background":{},"emojis":[{"text":"🌞","x":0,"y":0,"size":200,"id":1}]}"#.utf8).write(to: document)
        let output = folder.appendingPathComponent("sun.\(format)")
        let rendered = try CommandRunner.run(["render", document.path, "-o", output.path])
        #expect(rendered.status == 0, "\(rendered.standardError)")
        let png = folder.appendingPathComponent("back.png")
        if format == "svg" {
            _ = try ExternalTool.output("rsvg-convert", [output.path, "-o", png.path])
        } else {
            _ = try ExternalTool.output("pdftoppm", ["-png", "-r", "72", "-singlefile", output.path, png.deletingPathExtension().path])
        }
        // 200 × 1.3 = 260 points across; the centre is the sun's yellow face, the corner is white paper.
        let centre = try pixel(png, x: 130, y: 130)
        #expect(centre.red > 200 && centre.green > 150 && centre.blue < 120, "centre is \(centre)")
        let corner = try pixel(png, x: 2, y: 2)
        #expect(corner.red > 240 && corner.green > 240 && corner.blue > 240, "corner is \(corner)")
    }
}

/// Runs a standard tool and returns what it printed.
enum ExternalTool {
    static func output(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(tool) exited \(process.terminationStatus)"])
        }
        return String(decoding: data, as: UTF8.self)
    }
}
