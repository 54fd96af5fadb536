import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// What we save, we open (SPEC M5): a 48 MB PNG pasted into the app —
    /// 4096 px, so D3 would embed it byte for byte, and the document would pass the 64 MB a file
    /// may have — is re-encoded to fit, and the autosaved document opens, in `emojiart info` and
    /// in the app.
    @Suite("Pasting a large image", .serialized, .ownXvfbDisplay)
    struct LargePasteTests {
        @Test("a 48 MB PNG pasted into the app saves a document that reopens (M5)")
        func largePastedImageReopens() async throws {
            try await withWorkspace { workspace in
                let image = workspace.root.appendingPathComponent("noise.png")
                try await Self.writeNoisePNG(to: image, side: 4096)
                let imageBytes = try #require(try FileManager.default.attributesOfItem(atPath: image.path)[.size] as? Int)
                #expect(imageBytes > 48_000_000)
                let file = try workspace.writeDocument(named: "pasted.emojiart", contents: #"{"background":{},"emojis":[]}"#)

                try await withApp(in: workspace, arguments: [file.path]) { app in
                    let document = try await OpenDocument.waitForWindow(of: file, in: app)
                    let clipboard = try await ClipboardOwner.copy(file: image, type: "image/png", in: workspace, on: app.server)
                    defer { clipboard.stop() }
                    try await document.input.move(to: document.canvas.frame.center)
                    try await document.input.key("ctrl+v")
                    _ = try await document.waitForSavedModel("has the pasted image embedded", timeout: .seconds(120)) {
                        $0.background.imageData != nil
                    }
                }

                let savedBytes = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
                #expect(savedBytes <= 48 * 1_048_576, "the document is \(savedBytes) bytes")
                let info = try await ExternalCommand.run(
                    AppUnderTest.executable.path, ["info", "--json", file.path], timeout: .seconds(60))
                #expect(info.status == 0, "emojiart info: \(info.text)")
                #expect(info.text.contains(#""kind":"imageData""#), "\(info.text)")

                // Reopened, it shows its window (a refused file would show an error instead).
                try await withApp(in: workspace, arguments: [file.path], name: "reopened") { app in
                    let document = try await OpenDocument.waitForWindow(of: file, in: app)
                    try await document.input.key("ctrl+q")
                    #expect(try await app.waitForExit() == 0)
                }
            }
        }

        /// A `side` × `side` RGB PNG of random pixels, stored uncompressed (zlib level 0): random
        /// pixels would not compress anyway, and this is quick. Written by Python's zlib, so no
        /// image library is needed.
        private static func writeNoisePNG(to file: URL, side: Int) async throws {
            let script = """
                import os, struct, sys, zlib
                path, side = sys.argv[1], int(sys.argv[2])
                row = side * 3
                noise = os.urandom(row * side)
                raw = b"".join(b"\\x00" + noise[y * row:(y + 1) * row] for y in range(side))
                def chunk(kind, data):
                    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
                with open(path, "wb") as out:
                    out.write(b"\\x89PNG\\r\\n\\x1a\\n")
                    out.write(chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)))
                    out.write(chunk(b"IDAT", zlib.compress(raw, 0)))
                    out.write(chunk(b"IEND", b""))
                """
            try await ExternalCommand.runChecked("python3", ["-c", script, file.path, "\(side)"], timeout: .seconds(60))
        }
    }
}
