import EmojiArtTestSupport
import Foundation
import Testing

/// The desktop integration files (W3, X5) are valid and agree on the application ID.
@Suite struct DesktopFilesTests {
    static let applicationID = "io.github.emojiart.EmojiArt"
    private var data: URL { CommandRunner.packageRoot.appendingPathComponent("data") }

    private func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try CommandRunner.runTool(tool, arguments)
    }

    @Test("the desktop file passes desktop-file-validate and opens .emojiart documents")
    func desktopFile() throws {
        let file = data.appendingPathComponent("\(Self.applicationID).desktop")
        let result = try run("desktop-file-validate", [file.path])
        #expect(result.status == 0, "\(result.output)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("MimeType=application/x-emojiart;"))
        #expect(text.contains("Icon=\(Self.applicationID)"))
        #expect(text.contains("Exec=emojiart %F"))
    }

    @Test("the metainfo passes appstreamcli validate")
    func metainfo() throws {
        let file = data.appendingPathComponent("\(Self.applicationID).metainfo.xml")
        let result = try run("appstreamcli", ["validate", "--no-net", file.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("<id>\(Self.applicationID)</id>"))
    }

    @Test("every metainfo screenshot is a file in data/screenshots of the size the metainfo states")
    func screenshots() throws {
        let metainfo = try String(contentsOf: data.appendingPathComponent("\(Self.applicationID).metainfo.xml"), encoding: .utf8)
        let images = metainfo.matches(of: /<image type="source" width="(\d+)" height="(\d+)">[^<]*\/data\/screenshots\/([^<]+)<\/image>/)
        #expect(images.count == 3)
        for image in images {
            let png = try Data(contentsOf: data.appendingPathComponent("screenshots/\(image.output.3)"))
            // A PNG's IHDR chunk starts at byte 16: width, then height, big-endian.
            let size = [16, 20].map { offset in png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            #expect(size == [Int(image.output.1)!, Int(image.output.2)!], "\(image.output.3)")
        }
    }

    @Test("the MIME type maps *.emojiart to application/x-emojiart, a kind of JSON")
    func mimeType() throws {
        let source = data.appendingPathComponent("\(Self.applicationID).mime.xml")
        let text = try String(contentsOf: source, encoding: .utf8)
        #expect(text.contains(#"<mime-type type="application/x-emojiart">"#))
        #expect(text.contains(#"<glob pattern="*.emojiart"/>"#))
        #expect(text.contains(#"<sub-class-of type="application/json"/>"#))
        // update-mime-database accepts it and builds a database that knows the glob.
        try withTemporaryDirectory { root in
            let packages = root.appendingPathComponent("packages")
            try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: packages.appendingPathComponent("emojiart.xml"))
            let result = try run("update-mime-database", [root.path])
            #expect(result.status == 0, "\(result.output)")
            let globs = try String(contentsOf: root.appendingPathComponent("globs2"), encoding: .utf8)
            #expect(globs.contains("application/x-emojiart:*.emojiart"))
        }
    }

    @Test("the icons exist as SVG under the application ID")
    func icons() throws {
        let icons = data.appendingPathComponent("icons/hicolor")
        for path in ["scalable/apps/\(Self.applicationID).svg", "symbolic/apps/\(Self.applicationID)-symbolic.svg"] {
            let text = try String(contentsOf: icons.appendingPathComponent(path), encoding: .utf8)
            #expect(text.hasPrefix("<svg"))
        }
    }
}
