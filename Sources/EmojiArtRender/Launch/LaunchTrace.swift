import EmojiArtCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Milestones of a launch, for measuring what a user waits for from outside the app (the launch benchmarks and GUI tests).
///
/// With `EMOJIART_TRACE=FILE` in the environment, each milestone appends one JSON line to FILE:
/// `{"event": "first-frame", "ms": 231.4, "boot": 81234.5, "emojis": 10000}`, where `ms` counts from
/// the moment the kernel started the process (field 22 of /proc/self/stat against CLOCK_BOOTTIME),
/// so GTK's start-up and the dynamic loader are inside the figure, as they are in what the user
/// sees, and `boot` is CLOCK_BOOTTIME itself, which a benchmark's own clock can be set beside.
/// Without the variable nothing is read, computed or written: `mark` returns at its first test.
///
/// Events: `window-shown` (a document window was presented), `document-decoded` (a file was read
/// and parsed; `emojis`), `first-frame` (the first frame that drew every emoji of a document;
/// `emojis`; `rasterized`: the emoji rasters made on the main thread by then; `stand-ins`: emojis
/// painted from a raster of another size), `exact-frame` (the first frame whose every
/// emoji is painted at its own size, from its raster or resampled from its glyph: the same
/// pixels as an export),
/// `background-ready` (the first frame showing the document's background image, or the first
/// frame of a document without one). Between them, to see where a launch spends its time:
/// `launcher-started` (the dynamic loader, the Swift runtime and argument parsing are behind),
/// `gtk-initialized` (GTK and libadwaita are initialised) and `window-built` (a document
/// window's widgets exist, before it is presented). After the first frame: `palette-ready` (every
/// picture of the palette strip is made and its redraw queued), and `rasters-arrived` each time
/// the canvas, having shown less than its exact frame while rasters were made off the main
/// thread, draws it exact again (`renders`: its crisp renders so far), and `frame-landed` each
/// time a frame painted off the main thread (a zoom step on a user's drawing) replaces the last
/// one, shown moved meanwhile (`renders`). With `EMOJIART_STALL_REPORT` too: `stall` for each
/// time the main loop was busy 8 ms or more (`gap-us`, ending at `ms`). `version-started` and
/// `version-written` bracket each version's write (H1), off the main thread; Browse Versions… (H2)
/// marks `versions-opened`, `versions-listed` (its rows exist; `count`) and `versions-thumbnails`
/// (every row's picture is drawn).
public enum LaunchTrace {
    /// The trace file, read once; nil (the usual case) turns every mark into a no-op.
    private static let path: String? = getenv("EMOJIART_TRACE").map { String(cString: $0) }

    /// When the process started, in milliseconds on CLOCK_BOOTTIME; computed at the first mark.
    private static let processStartMilliseconds: Double? = readProcessStart()

    /// Whether a trace is being written (so callers can skip work that only feeds it).
    public static var isEnabled: Bool { path != nil }

    /// Appends `event` with the milliseconds since the process started and any `counts`.
    public static func mark(_ event: String, _ counts: KeyValuePairs<String, Int> = [:]) {
        guard let path else { return }
        let now = bootTimeMilliseconds()
        let elapsed = processStartMilliseconds.map { now - $0 } ?? -1
        var line = "{\"event\": \"\(event)\", \"ms\": \(String(format: "%.1f", elapsed)), \"boot\": \(String(format: "%.1f", now))"
        for (key, value) in counts { line += ", \"\(key)\": \(value)" }
        line += "}\n"
        // One write of a whole line with O_APPEND, so lines of several processes never interleave.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        _ = line.withCString { write(descriptor, $0, strlen($0)) }
        close(descriptor)
    }

    /// Events already written by `markOnce`.
    @MainActor private static var markedOnce: Set<String> = []

    /// `mark`, but only the first time this process reaches `event` (a launch's first frame,
    /// not every window's).
    @MainActor public static func markOnce(_ event: String, _ counts: KeyValuePairs<String, Int> = [:]) {
        guard path != nil, markedOnce.insert(event).inserted else { return }
        mark(event, counts)
    }

    /// Called after each canvas frame: the first frame that drew a whole document is
    /// `first-frame`, the first whose emojis all had rasters of their own size `exact-frame`;
    /// the first one that shows its background (or of a document that has none) is
    /// `background-ready`.
    /// `rasterized` counts the emoji rasters the canvas had to make itself by then (those the
    /// launch prepared ahead are not counted).
    @MainActor public static func frameDrawn(
        emojiCount: Int, rasterized: Int, isComplete: Bool, isExact: Bool, standIns: Int, size: ViewSize,
        showsBackground: Bool, hasBackground: Bool
    ) {
        guard path != nil, isComplete else { return }
        markOnce(
            "first-frame",
            [
                "emojis": emojiCount, "rasterized": rasterized, "stand-ins": standIns, "width": Int(size.width),
                "height": Int(size.height),
            ])
        if isExact { markOnce("exact-frame", ["rasterized": rasterized]) }
        if showsBackground || !hasBackground { markOnce("background-ready") }
    }

    private static func bootTimeMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }

    /// Field 22 of /proc/self/stat: the process's start in clock ticks since boot. The fields are
    /// counted after the command name's closing parenthesis, since the name may hold spaces.
    private static func readProcessStart() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        // fields[0] is field 3 (the state), so field 22 is fields[19].
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard ticksPerSecond > 0 else { return nil }
        return ticks / ticksPerSecond * 1000
    }
}
