import Foundation

/// The throw-away PostgreSQL server of `scripts/with-postgres`, for the relay's database tests:
/// `EMOJIART_TEST_POSTGRES` (unset: those tests are disabled) and a fresh database per test.
public enum TestPostgres {
    private static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// `postgres://emojiart@127.0.0.1:PORT/emojiart_test`, or nil outside scripts/with-postgres.
    public static var url: String? { environment["EMOJIART_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 } }
    public static var isAvailable: Bool { url != nil }

    /// A new, empty database on the test server, its URL.
    public static func freshDatabase() throws -> String {
        guard let url, let components = URLComponents(string: url) else {
            throw RelayProcessError(description: "EMOJIART_TEST_POSTGRES is not set")
        }
        let name = "emojiart_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        _ = try psql(database: String(components.path.dropFirst()), "CREATE DATABASE \(name)")
        var fresh = components
        fresh.path = "/" + name
        return fresh.string!
    }

    /// Runs `sql` on `database` (a name or a URL of the test server), its rows as `a|b` lines.
    public static func psql(database: String, _ sql: String) throws -> [String] {
        guard let url, let components = URLComponents(string: url), let bin = environment["EMOJIART_TEST_POSTGRES_BIN"] else {
            throw RelayProcessError(description: "EMOJIART_TEST_POSTGRES and EMOJIART_TEST_POSTGRES_BIN are not set")
        }
        let name = URLComponents(string: database)?.scheme == nil ? database : String(URLComponents(string: database)!.path.dropFirst())
        let output = try run(
            bin + "/psql",
            [
                "-h", components.host ?? "127.0.0.1", "-p", String(components.port ?? 5432), "-U", components.user ?? "emojiart", "-d",
                name,
                "-v", "ON_ERROR_STOP=1", "-At", "-c", sql,
            ])
        return output.split(separator: "\n").map(String.init)
    }

    /// The server dies (as on a power cut: `pg_ctl -m immediate`) and starts again; it waits
    /// until the server accepts connections.
    public static func crashAndRestart() throws {
        guard let bin = environment["EMOJIART_TEST_POSTGRES_BIN"], let data = environment["EMOJIART_TEST_POSTGRES_DATA"] else {
            throw RelayProcessError(description: "EMOJIART_TEST_POSTGRES_BIN and EMOJIART_TEST_POSTGRES_DATA are not set")
        }
        let user = environment["EMOJIART_TEST_POSTGRES_AS"] ?? ""
        let log = URL(fileURLWithPath: data).deletingLastPathComponent().appendingPathComponent("server.log").path
        let command = [bin + "/pg_ctl", "-D", data, "-l", log, "-m", "immediate", "-w", "restart"]
        // Sealed: the server pg_ctl starts keeps whatever it inherits for its whole life.
        let restart = try SealedChildProcess.run(
            user.isEmpty ? command : ["/usr/sbin/runuser", "-u", user, "--"] + command, captureOutput: false)
        guard restart.succeeded else { throw RelayProcessError(description: "pg_ctl restart failed (see \(log))") }
        for _ in 0..<120 {
            if (try? psql(database: "postgres", "SELECT 1")) == ["1"] { return }
            Thread.sleep(forTimeInterval: 0.25)
        }
        throw RelayProcessError(description: "the test database did not come back (see \(log))")
    }

    private static func run(_ program: String, _ arguments: [String]) throws -> String {
        let result = try SealedChildProcess.run([program] + arguments)
        guard result.succeeded else { throw RelayProcessError(description: "\(program) failed: \(result.output)") }
        return result.output
    }
}
