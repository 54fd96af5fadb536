import EmojiArtCore
import EmojiArtTestSupport
import Foundation

/// A document window of the app under test: its X window, where its canvas is, input aimed at
/// it, and its file, which tests read back after Ctrl+S to check what the app did.
struct OpenDocument: Sendable {
    let app: AppUnderTest
    /// Where autosave writes this document: the user's file, or an untitled document's draft
    /// (W2), whose name the app picks — for a new untitled window, the drafts folder until
    /// the test has found the draft (`withDraft`).
    let file: URL
    /// "NAME — EmojiArt", the title while everything is saved (W5).
    let savedTitle: String
    let window: String
    let windowFrame: ScreenRect
    let canvas: CanvasGeometry
    let input: XInput

    /// "NAME — EmojiArt", the title while everything is saved (W5).
    static func title(for file: URL) -> String {
        "\(file.deletingPathExtension().lastPathComponent) — EmojiArt"
    }

    /// The title of a window whose document has no file of the user's (W2).
    static let untitledTitle = "Untitled — EmojiArt"

    var unsavedTitle: String { "• \(savedTitle)" }

    /// Waits for `file`'s window in `app`, then for its canvas to be drawn, and measures it.
    static func waitForWindow(of file: URL, in app: AppUnderTest) async throws -> OpenDocument {
        try await waitForWindow(titled: title(for: file), file: file, in: app)
    }

    /// Waits for an untitled window in `app` (a new document, or a draft reopened at launch).
    /// `draft` is its draft's file, when the test knows it.
    static func waitForUntitledWindow(in app: AppUnderTest, draft: URL? = nil) async throws -> OpenDocument {
        try await waitForWindow(titled: untitledTitle, file: draft ?? app.workspace.drafts.directory, in: app)
    }

    /// Waits for the untitled window a Join… opened, titled by the document's name in its link (C2).
    static func waitForJoinedWindow(named name: String, in app: AppUnderTest) async throws -> OpenDocument {
        try await waitForWindow(titled: "\(name) — EmojiArt", file: app.workspace.drafts.directory, in: app)
    }

    private static func waitForWindow(titled title: String, file: URL, in app: AppUnderTest) async throws -> OpenDocument {
        let window = try await app.waitForWindow(titled: title)
        let frame = try await app.frame(of: window)
        let canvas = try await waitFor("the canvas of “\(title)” is drawn") {
            CanvasGeometry.locate(in: try await Screenshot.capture(on: app.server), window: frame)
        }
        return OpenDocument(
            app: app, file: file, savedTitle: title, window: window, windowFrame: frame, canvas: canvas,
            input: XInput(server: app.server, window: window))
    }

    /// This window with its draft's file known, once the app has written it.
    func withDraft(_ draft: URL) -> OpenDocument {
        OpenDocument(
            app: app, file: draft, savedTitle: savedTitle, window: window, windowFrame: windowFrame, canvas: canvas,
            input: input)
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

    /// Waits until autosave (W2) has written a document that satisfies `condition` and the
    /// title says everything is saved, and returns that document. For checks after edits whose
    /// timing the test does not control (a drop, a fetch), where Ctrl+S could find nothing left
    /// to save and so write nothing.
    func waitForSavedModel(
        _ awaited: String, timeout: Duration = .seconds(20), where condition: (EmojiArtModel) -> Bool
    ) async throws -> EmojiArtModel {
        try await waitFor("autosave writes a document that \(awaited)", timeout: timeout, poll: .milliseconds(100)) {
            try app.requireRunning()
            let model = try? savedModel()
            guard let model, condition(model) else { throw NotYet("the file holds \(String(describing: model))") }
            let title = try await title()
            guard title == savedTitle else { throw NotYet("the title is “\(title)”") }
            return model
        }
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

    /// The file's inode number: a save renames a new file over the old one, so it changes with
    /// every save (and never when the file is only read).
    static func fileNumber(of file: URL) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    func screenshot() async throws -> Screenshot {
        try await Screenshot.capture(on: app.server)
    }

    /// Takes screenshots until one satisfies `condition` (which may throw `NotYet` with what it
    /// saw), and returns it: the app redraws on its own schedule after each input. At the
    /// deadline the last screenshot is kept as `timeout-….png` (see `Screenshot.archive`).
    func waitForScreenshot(
        _ awaited: String, timeout: Duration = .seconds(20), _ condition: (Screenshot) throws -> Bool
    ) async throws -> Screenshot {
        var last: Screenshot?
        do {
            return try await waitFor(awaited, timeout: timeout, poll: .milliseconds(100)) {
                try app.requireRunning()
                let shot = try await screenshot()
                last = shot
                return try condition(shot) ? shot : nil
            }
        } catch let timeout as WaitTimeout {
            let name = awaited.map { $0.isLetter || $0.isNumber ? $0 : "-" }
            try? await last?.archive(as: "timeout-\(String(name))")
            throw timeout
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
