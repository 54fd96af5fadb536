import EmojiArtTestSupport
import Testing

/// Every test on the throw-away PostgreSQL server of `scripts/with-postgres`, one at a time:
/// one of them crashes and restarts the server, which no other test may meet by chance. A test
/// that waits too long fails rather than holding up the whole run.
@Suite(
    .serialized, .timeLimit(.minutes(3)),
    .enabled(if: TestPostgres.isAvailable, "needs PostgreSQL: run the tests through scripts/with-postgres (scripts/test does)"))
struct PostgresServerTests {}
