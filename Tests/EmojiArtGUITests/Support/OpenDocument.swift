import EmojiArtCore
import Foundation

/// A document window of the app under test: its X window, where its canvas is, input aimed at
/// it, and its file, which tests read back after Ctrl+S to check what the app did.
struct OpenDocument: Sendable {
    let app: AppUnderTest
    let file: URL
    let window: String
    let windowFrame: ScreenRect
    let canvas: CanvasGeometry
    let input: XInput

    /// "NAME — EmojiArt", the title while everything is saved (W5).
    static func title(for file: URL) -> String {
        "\(file.deletingPathExtension().lastPathComponent) — EmojiArt"
    }

    var savedTitle: String { Self.title(for: file) }
    var unsavedTitle: String { "• \(savedTitle)" }

    /// Waits for `file`'s window in `app`, then for its canvas to be drawn, and measures it.
    static func waitForWindow(of file: URL, in app: AppUnderTest) async throws -> OpenDocument {
        let window = try await app.waitForWindow(titled: title(for: file))
        let frame = try await app.frame(of: window)
        let canvas = try await waitFor("the canvas of \(file.lastPathComponent) is drawn") {
            CanvasGeometry.locate(in: try await Screenshot.capture(on: app.server), window: frame)
        }
        return OpenDocument(
            app: app, file: file, window: window, windowFrame: frame, canvas: canvas,
            input: XInput(server: app.server, window: window))
    }

    func title() async throws -> String {
        try await app.title(of: window)
    }

    func waitForTitle(_ expected: String) async throws {
        try await waitUntil("the title is “\(expected)”") {
            let title = try await title()
            guard title == expected else { throw NotYet("the title is “\(title)”") }
            return true
        }
    }

    /// The document as saved on disk now.
    func savedModel() throws -> EmojiArtModel {
        try DocumentFile.read(from: file)
    }

    /// Presses Ctrl+S, waits until the file has been replaced and returns what it holds.
    /// Saves are atomic (a new file renamed over the old one), so a new inode means the save
    /// finished, whether or not the content changed.
    func save() async throws -> EmojiArtModel {
        let before = try Self.fileNumber(of: file)
        try await input.key("ctrl+s")
        try await waitUntil("Ctrl+S rewrites \(file.lastPathComponent)") {
            try app.requireRunning()
            return (try? Self.fileNumber(of: file)) != before
        }
        return try savedModel()
    }

    private static func fileNumber(of file: URL) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    func screenshot() async throws -> Screenshot {
        try await Screenshot.capture(on: app.server)
    }

    /// Takes screenshots until one satisfies `condition` (which may throw `NotYet` with what it
    /// saw), and returns it: the app redraws on its own schedule after each input.
    func waitForScreenshot(
        _ awaited: String, timeout: Duration = .seconds(20), _ condition: (Screenshot) throws -> Bool
    ) async throws -> Screenshot {
        try await waitFor(awaited, timeout: timeout, poll: .milliseconds(100)) {
            try app.requireRunning()
            let shot = try await screenshot()
            return try condition(shot) ? shot : nil
        }
    }

    /// A screenshot once the window has stopped changing (two in a row alike), for a "before"
    /// picture that later ones are compared with.
    func settledScreenshot() async throws -> Screenshot {
        var previous = try await screenshot()
        return try await waitFor("the window stops changing", poll: .milliseconds(100)) {
            let shot = try await screenshot()
            defer { previous = shot }
            return shot.matches(previous, in: windowFrame) ? shot : nil
        }
    }

    /// Waits until the canvas differs from `before`, then until it stops changing, and returns
    /// that final picture.
    func screenshotAfterChange(from before: Screenshot, awaited: String) async throws -> Screenshot {
        _ = try await waitForScreenshot(awaited) { !$0.matches(before, in: canvas.frame) }
        return try await settledScreenshot()
    }
}
