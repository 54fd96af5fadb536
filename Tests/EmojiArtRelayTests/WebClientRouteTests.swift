import EmojiArtCollab
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRelay

/// The relay serves the browser client (SPEC C11): `GET /r/ROOM` its page, `GET /web/NAME` its
/// files, every answer with the same security headers, nothing outside the folder and nothing but
/// plain names. Each relay reads a folder of the test's own (`EMOJIART_WEB_CLIENT_DIR`), so what
/// the real client holds today does not matter; requests go through `RawConnection`, which sends
/// a path exactly as written (`..` and `%2e` included).
@Suite struct WebClientRouteTests {
    static let page = "<!doctype html><title>EmojiArt test page</title>\n"
    static let securityPolicy =
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// A relay serving `folder` as its web client.
    static func relay(serving folder: URL, extraArguments: [String] = []) throws -> RelayProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["EMOJIART_WEB_CLIENT_DIR"] = folder.path
        return try RelayProcess(extraArguments: extraArguments, environment: environment)
    }

    /// A client folder: its page, a style sheet, a module, and files the relay must not serve.
    static func writeClient(in root: URL) throws -> URL {
        let client = root.appendingPathComponent("client", isDirectory: true)
        try FileManager.default.createDirectory(at: client.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try Data(page.utf8).write(to: client.appendingPathComponent("index.html"))
        try Data("body { margin: 0; }\n".utf8).write(to: client.appendingPathComponent("style.css"))
        try Data("export const answer = 42;\n".utf8).write(to: client.appendingPathComponent("swift-number.js"))
        try Data("{\"a\": 1}\n".utf8).write(to: client.appendingPathComponent("palettes.json"))
        try Data("export {};\n".utf8).write(to: client.appendingPathComponent("lib/inner.js"))
        try Data("export {};\n".utf8).write(to: client.appendingPathComponent("Upper.js"))
        try Data("notes\n".utf8).write(to: client.appendingPathComponent("notes.txt"))
        try Data("secret\n".utf8).write(to: root.appendingPathComponent("secret.json"))
        return client
    }

    static func get(_ path: String, from relay: RelayProcess) throws -> HTTPReply {
        let connection = try RawConnection(port: relay.port)
        defer { connection.close() }
        try connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        guard let reply = connection.response() else { throw RawConnectionError(description: "no answer to GET \(path)") }
        return reply
    }

    /// The headers every answer of the web routes carries, 404s included.
    static func expectSecurityHeaders(_ reply: HTTPReply, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.headers["content-security-policy"] == securityPolicy, "\(path)", sourceLocation: sourceLocation)
        #expect(reply.headers["x-content-type-options"] == "nosniff", "\(path)", sourceLocation: sourceLocation)
        #expect(reply.headers["referrer-policy"] == "no-referrer", "\(path)", sourceLocation: sourceLocation)
        #expect(reply.headers["cache-control"] == "no-cache", "\(path)", sourceLocation: sourceLocation)
    }

    @Test("GET /r/ROOM answers the client's page with its security headers; GET /web/NAME its files by type")
    func servesThePageAndFiles() async throws {
        try await withTemporaryDirectory { root in
            let relay = try Self.relay(serving: try Self.writeClient(in: root))
            let room = RoomLink.randomRoomID()
            let page = try Self.get("/r/\(room)", from: relay)
            #expect(page.status == 200)
            #expect(page.body == Self.page)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            Self.expectSecurityHeaders(page, "/r/ROOM")
            // Any valid id: whether the room exists is for the WebSocket to say, once a key is proven.
            #expect(try Self.get("/r/abcdefgh", from: relay).body == Self.page)

            for (name, type) in [
                ("style.css", "text/css; charset=utf-8"), ("swift-number.js", "text/javascript; charset=utf-8"),
                ("palettes.json", "application/json"), ("index.html", "text/html; charset=utf-8"),
            ] {
                let file = try Self.get("/web/\(name)", from: relay)
                #expect(file.status == 200, "\(name)")
                #expect(file.headers["content-type"] == type, "\(name)")
                #expect(try file.body == String(contentsOf: root.appendingPathComponent("client/\(name)"), encoding: .utf8))
                Self.expectSecurityHeaders(file, name)
            }
        }
    }

    @Test("a bad room id, a name outside the plain ones, a subfolder or a way out of the folder is 404, with the headers")
    func refusesEverythingElse() async throws {
        try await withTemporaryDirectory { root in
            let relay = try Self.relay(serving: try Self.writeClient(in: root))
            for path in [
                "/r/short", "/r/abc.defgh", "/r/abcdefgh/", "/r/abcdefgh/style.css", "/r/", "/r", "/r/%61bcdefgh",
                "/web/", "/web", "/web/Upper.js", "/web/notes.txt", "/web/lib/inner.js", "/web/lib", "/web/missing.js",
                "/web/../secret.json", "/web/..%2fsecret.json", "/web/%2e%2e/secret.json", "/web/.%2e/secret.json",
                "/web//etc/passwd", "/web/style.css/", "/web/.css", "/web/style.css.map",
            ] {
                let reply = try Self.get(path, from: relay)
                #expect(reply.status == 404, "\(path): \(reply.status)")
                #expect(!reply.body.contains("secret") && !reply.body.contains("export"), "\(path): \(reply.body)")
                #expect(reply.headers["content-type"] == "text/plain; charset=utf-8", "\(path)")
                Self.expectSecurityHeaders(reply, path)
            }
            // Read once at start: a file put there later is not served.
            try Data("late\n".utf8).write(to: root.appendingPathComponent("client/late.js"))
            #expect(try Self.get("/web/late.js", from: relay).status == 404)
            // The relay's own routes are as they were.
            #expect(try Self.get("/blob/\(String(repeating: "0", count: 64))", from: relay).status == 404)
        }
    }

    @Test("the pages are behind the relay’s guards too: connections per address, and a request's headers within the deadline (C8)")
    func guardsApply() async throws {
        try await withTemporaryDirectory { root in
            let relay = try Self.relay(
                serving: try Self.writeClient(in: root),
                extraArguments: ["--connections-per-address", "2", "--header-timeout-seconds", "1"])
            // Each held connection is answered (kept alive), so it was counted before the next opens.
            let held = try (0..<2).map { _ in try RawConnection(port: relay.port) }
            for connection in held {
                try connection.send("GET /r/abcdefgh HTTP/1.1\r\nHost: relay\r\n\r\n")
                #expect(connection.response()?.status == 200)
            }
            let extra = try RawConnection(port: relay.port)
            #expect(extra.response()?.status == 429)
            for connection in held { connection.close() }
            try await waitUntil("a slot is free again once the held connections closed") {
                (try? Self.get("/web/style.css", from: relay))?.status == 200
            }
            let slow = try RawConnection(port: relay.port)
            try slow.send("GET /r/abcdefgh HTT")
            #expect(slow.response(timeout: .seconds(5))?.status == 408, "half a request line holds nothing")
        }
    }

    @Test("without the client's folder the relay starts all the same, and its pages say the client is not installed")
    func missingFolder() async throws {
        try await withTemporaryDirectory { root in
            let relay = try Self.relay(serving: root.appendingPathComponent("nowhere", isDirectory: true))
            for path in ["/r/\(RoomLink.randomRoomID())", "/web/style.css"] {
                let reply = try Self.get(path, from: relay)
                #expect(reply.status == 404)
                #expect(reply.body.contains("web client is not installed"), "\(reply.body)")
                Self.expectSecurityHeaders(reply, path)
            }
            // A folder without the page is no client either.
            let empty = root.appendingPathComponent("empty", isDirectory: true)
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            try Data("body {}\n".utf8).write(to: empty.appendingPathComponent("style.css"))
            let other = try Self.relay(serving: empty)
            #expect(try Self.get("/r/abcdefgh", from: other).body.contains("web client is not installed"))
        }
    }

    @Test("the names served: lower-case letters, digits and -, then one of six extensions, each with its media type")
    func servedNames() {
        #expect(WebClientFiles.contentType(of: "index.html") == "text/html; charset=utf-8")
        #expect(WebClientFiles.contentType(of: "swift-number.js") == "text/javascript; charset=utf-8")
        #expect(WebClientFiles.contentType(of: "style.css") == "text/css; charset=utf-8")
        #expect(WebClientFiles.contentType(of: "icon-2.svg") == "image/svg+xml")
        #expect(WebClientFiles.contentType(of: "icon.png") == "image/png")
        #expect(WebClientFiles.contentType(of: "vectors.json") == "application/json")
        for name in [
            "", ".js", "a.", "a.JS", "A.js", "a_b.js", "a.b.js", "../a.js", "a/b.js", "a.txt", "a.mjs", "a b.js", "ä.js", "a.js\0",
        ] {
            #expect(WebClientFiles.contentType(of: name) == nil, "\(name)")
        }
    }
}
