import Foundation

/// A PostgreSQL database for the relay's store: `postgres://USER[:PASSWORD]@HOST[:PORT]/DB`.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String

    /// nil when `text` is not such a URL.
    public init?(_ text: String) {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let user = components.user, !user.isEmpty, let host = components.host, !host.isEmpty
        else { return nil }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { return nil }
        self.user = user
        password = components.password
        self.host = host
        port = components.port ?? 5432
        self.database = database
    }

    /// The URL without its password, for logs and the start line.
    public var description: String {
        "postgres://\(user)@\(host):\(port)/\(database)"
    }
}
