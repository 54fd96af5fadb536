import EmojiArtCore
import Testing

extension GUITests {
    /// X10 with the real app: libadwaita's high contrast (`ADW_DEBUG_HIGH_CONTRAST=1`, as GNOME's
    /// Settings turns it on) draws the selection frame and its handles in the style's dark ink,
    /// not in the accent blue, which stands out less than 4.5:1 on a light picture. (Their
    /// contrast over any picture is measured in `MarkContrastTests`.)
    @Suite("High contrast", .serialized, .ownXvfbDisplay)
    struct HighContrastTests {
        @Test("with high contrast the selection frame and handles are drawn in dark ink, not in the accent blue (X10)")
        func selectionInDarkInk() async throws {
            try await withWorkspace { workspace in
                let file = try workspace.copyExample("sunny-meadow")
                try await withApp(in: workspace, arguments: [file.path], extraEnvironment: ["ADW_DEBUG_HIGH_CONTRAST": "1"]) { app in
                    let document = try await OpenDocument.waitForWindow(of: file, in: app)
                    let dog = try #require(try document.savedModel().emojis.first { $0.text == "🐶" })
                    let around = document.canvas.screenRect(around: dog, margin: 16)
                    let ink: (RGB) -> Bool = { $0.red < 60 && $0.green < 60 && $0.blue < 60 }
                    let before = try await document.waitForScreenshot("the dog is drawn") { $0.drawnBox(in: around) != nil }
                    let inkBefore = before.count(in: around, where: ink)

                    try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                    let selected = try await document.waitForScreenshot("the dog shows a dark selection frame") { shot in
                        shot.count(in: around, where: ink) > inkBefore + 150
                    }
                    try await selected.archive(as: "high-contrast-selection")
                    #expect(selected.count(in: around, where: \.isAccentBlue) < 10)
                }
            }
        }
    }
}
