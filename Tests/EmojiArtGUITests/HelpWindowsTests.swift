import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// The windows of the primary menu's last section (SPEC X2): Keyboard Shortcuts, as GTK builds
    /// it from Core's `KeyboardShortcutsList` — every accelerator in it must parse, or GTK draws an
    /// empty key and prints a warning each time the window opens — and About.
    @Suite("Help windows", .serialized, .ownXvfbDisplay)
    struct HelpWindowsTests {
        @Test("Ctrl+? opens the window, and GTK warns about none of its shortcuts (X2)")
        func opensWithoutWarnings() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                try await document.input.key("ctrl+question")
                let window = try await document.app.waitForWindow(titled: "Keyboard Shortcuts")
                let frame = try await document.app.frame(of: window)
                let shot = try await document.waitForScreenshot("the shortcuts are drawn") { shot in
                    shot.drawnBox(in: frame.insetBy(40)) != nil
                }
                try await shot.archive(as: "keyboard-shortcuts")
                #expect(frame.maxX <= XvfbServer.screenWidth, "the window is wider than the screen: \(frame)")

                // The second page, picked from the title's menu as a user would.
                try await document.input.xdotool(["mousemove", "\(frame.center.x)", "\(frame.minY + 27)", "click", "1"])
                try await document.input.xdotool(["key", "--delay", "100", "Down", "Return"])
                let second = try await document.screenshotAfterChange(from: shot, awaited: "the Arranging page shows")
                try await second.archive(as: "keyboard-shortcuts-arranging")
                let secondFrame = try await document.app.frame(of: window)
                #expect(secondFrame.maxX <= XvfbServer.screenWidth, "the window is wider than the screen: \(secondFrame)")
                let warnings = document.app.standardError.split(separator: "\n").filter {
                    $0.contains("-WARNING **") && !$0.contains("session bus")
                }
                #expect(warnings.isEmpty, "GTK warned: \(warnings.joined(separator: "\n"))")
            }
        }

        @Test("About shows the app's own icon, also for a binary run from the checkout as README says (X2)")
        func aboutShowsTheIcon() async throws {
            try await withAccessibleDocument({ try $0.copyExample("sunny-meadow") }) { bus, document in
                let app = document.app
                _ = try await AccessibleTree.waitFor("the Main Menu button is published", in: app, on: bus) {
                    $0.first(role: "push button", name: "Main Menu")
                }
                let before = Set(try await app.visibleWindows())
                try await AccessibleTree.perform("click", role: "push button", name: "Main Menu", in: app, on: bus)
                _ = try await AccessibleTree.waitFor("the main menu's items show", in: app, on: bus) {
                    $0.first(role: "menu item", name: "About EmojiArt")
                }
                try await AccessibleTree.perform("click", role: "menu item", name: "About EmojiArt", in: app, on: bus)
                let about = try await waitFor("the About window opens") {
                    Set(try await app.visibleWindows()).subtracting(before).first
                }
                let frame = try await app.frame(of: about)
                // The icon sits centred in the window's top part, above the app's name.
                let iconArea = ScreenRect(
                    minX: frame.center.x - 64, minY: frame.minY + 40, maxX: frame.center.x + 64, maxY: frame.minY + 200)
                let shot = try await document.waitForScreenshot("the icon is drawn") { shot in
                    shot.count(in: iconArea) { $0.chroma > 60 } > 2_000
                }
                try await shot.archive(as: "about-window")
            }
        }
    }
}
