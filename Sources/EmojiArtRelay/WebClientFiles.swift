import EmojiArtCore
import Foundation
import HTTPTypes
import NIOCore

/// The browser client the relay serves (SPEC C11): the files of one folder
/// (`ProgramFiles.webClientDirectory`), read once when the relay starts. `GET /r/ROOM` answers
/// its `index.html`, `GET /web/NAME` its file NAME. Only plain names are served — lower-case
/// letters, digits and `-`, one of a few extensions — and only from what was read at start, so no
/// request reaches the file system: no subfolder, no `..`, no file added later. A missing folder
/// stops nothing; the pages then answer 404 with a sentence.
struct WebClientFiles: Sendable {
    struct File: Sendable {
        let bytes: ByteBuffer
        let contentType: String
    }

    /// The folder the files were read from.
    let folder: URL
    private let files: [String: File]

    /// The page of every room.
    var index: File? { files["index.html"] }

    /// Whether there is a client to serve at all (its page).
    var isInstalled: Bool { index != nil }

    init(folder: URL, files: [String: File]) {
        self.folder = folder
        self.files = files
    }

    /// Reads every file of `folder` with a name the relay serves; subfolders and other names are
    /// left alone, and a folder that cannot be read gives no files.
    static func load(from folder: URL) -> WebClientFiles {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var files: [String: File] = [:]
        for name in names {
            guard let contentType = contentType(of: name) else { continue }
            let url = folder.appendingPathComponent(name, isDirectory: false)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
                let data = try? Data(contentsOf: url)
            else { continue }
            files[name] = File(bytes: ByteBuffer(bytes: data), contentType: contentType)
        }
        return WebClientFiles(folder: folder, files: files)
    }

    /// The file `name`, when it was read at start.
    func file(named name: String) -> File? {
        Self.contentType(of: name) == nil ? nil : files[name]
    }

    /// The media type of a name the relay serves (`^[a-z0-9-]+\.(js|css|html|svg|png|json)$`);
    /// nil for any other name.
    static func contentType(of name: String) -> String? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let stem = name[..<dot]
        guard !stem.isEmpty,
            stem.utf8.allSatisfy({ byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): true
                default: false
                }
            })
        else { return nil }
        return mediaTypes[String(name[name.index(after: dot)...])]
    }

    private static let mediaTypes = [
        "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "json": "application/json",
    ]

    /// What every answer of the web routes carries, their 404s too: the page loads nothing from
    /// another host and talks only to its own relay, is framed by nobody, sends no referrer (a
    /// room's address is no one else's business) and is asked for again after each change.
    static let headers: HTTPFields = [
        HTTPField.Name("Content-Security-Policy")!:
            "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        .cacheControl: "no-cache",
    ]
}
