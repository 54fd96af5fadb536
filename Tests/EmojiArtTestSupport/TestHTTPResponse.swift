import Foundation

/// Builds the steps of `TestHTTPServer` responses.
public enum TestHTTPResponse {
    public typealias Step = TestHTTPServer.Step

    /// A complete response with Content-Length, unless `declaredLength` says otherwise.
    public static func steps(
        status: Int = 200, reason: String = "OK", contentType: String? = "image/png",
        headers: [String] = [], body: Data = Data(), declaredLength: Int? = nil
    ) -> [Step] {
        [
            .send(
                head(
                    status: status, reason: reason, contentType: contentType, headers: headers,
                    contentLength: declaredLength ?? body.count) + body)
        ]
    }

    public static func head(
        status: Int = 200, reason: String = "OK", contentType: String? = "image/png", headers: [String] = [],
        contentLength: Int?
    ) -> Data {
        var lines = ["HTTP/1.1 \(status) \(reason)", "Connection: close"]
        if let contentType { lines.append("Content-Type: \(contentType)") }
        if let contentLength { lines.append("Content-Length: \(contentLength)") }
        lines += headers
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// 200 with `body` as image/png.
    public static func image(_ body: Data) -> [Step] {
        steps(body: body)
    }

    /// 200 with its head at once and the body only once the server is released (or after
    /// `TestHTTPServer.longestHold`): the app shows its spinner for as long as the test wants
    /// (B2), and its 10 s wait for a response is met meanwhile (B6).
    public static func heldImage(_ body: Data) -> [Step] {
        [.send(head(contentLength: body.count)), .waitForRelease, .send(body)]
    }

    public static func redirect(to location: String) -> [Step] {
        steps(
            status: 302, reason: "Found", contentType: "text/html", headers: ["Location: \(location)"],
            body: Data("<a href=\"\(location)\">moved</a>".utf8))
    }

    /// 404 with a small HTML page, as a real server sends (B6: an error status fails even when
    /// it carries a page).
    public static var notFound: [Step] {
        steps(status: 404, reason: "Not Found", contentType: "text/html", body: notFoundPage)
    }

    public static let notFoundPage = Data("<!doctype html><html><body><h1>404 Not Found</h1></body></html>".utf8)
}
