import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// Drafts come back at every launch, also one that opens files (SPEC W2); a draft that
    /// cannot be read is the user's only copy, so it is set aside and the user told, never deleted.
    @Suite("Draft recovery", .serialized, .ownXvfbDisplay)
    struct DraftRecoveryTests {
        @Test("a launch that opens a file brings the drafts back too, and sets an unreadable one aside with a message")
        func draftsComeBackWithFileArguments() async throws {
            try await withWorkspace { workspace in
                var model = EmojiArtModel()
                model.addEmoji("🐶", at: .zero, size: 80)
                let good = workspace.drafts.newDraftURL()
                try workspace.drafts.write(model, to: good)
                let damaged = workspace.drafts.newDraftURL()
                let damagedBytes = Data(#"{"formatVersion":99,"emojis":[]}"#.utf8)
                try damagedBytes.write(to: damaged)
                let file = try workspace.copyExample("sunny-meadow")

                try await withApp(in: workspace, arguments: [file.path]) { app in
                    // Without a window manager the windows overlap: found by title, not by canvas.
                    _ = try await app.waitForWindow(titled: OpenDocument.title(for: file))
                    _ = try await app.waitForWindow(titled: OpenDocument.untitledTitle)
                    // The file's window, the draft's, and the dialog naming the draft set aside.
                    _ = try await waitFor("three windows: the file, the draft and the warning") {
                        try await app.visibleWindows().count == 3 ? true : nil
                    }
                    let folder = try FileManager.default.contentsOfDirectory(atPath: workspace.drafts.directory.path)
                    let keptAs = try #require(folder.first { $0.hasPrefix(damaged.lastPathComponent + ".corrupt-") })
                    #expect(try Data(contentsOf: workspace.drafts.directory.appendingPathComponent(keptAs)) == damagedBytes)
                    #expect(!FileManager.default.fileExists(atPath: damaged.path))
                    #expect(app.workspace.drafts.existingDrafts() == [good])
                }
            }
        }
    }
}
