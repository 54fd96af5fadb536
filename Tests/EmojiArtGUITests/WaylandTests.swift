import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// X6: the app runs natively on Wayland. Weston headless has no input injection, so this is a
    /// smoke test — the window opens and draws its document — and every input test runs on X11.
    /// (The suite's X server is there only for the workspace's environment; DISPLAY is removed,
    /// so GTK cannot fall back to X11.)
    @Suite("Wayland", .serialized, .ownXvfbDisplay)
    struct WaylandTests {
        @Test("on a Wayland compositor with no X display, the document opens and is drawn (X6)")
        func drawsDocumentOnWayland() async throws {
            let compositor = try await WestonCompositor.start()
            defer { compositor.stop() }
            try await withWorkspace { workspace in
                let file = try workspace.copyExample("sunny-meadow")
                let server = try XvfbServer.requireCurrent()
                let environment = compositor.clientEnvironment(workspace.environment(on: server))
                let standardError = workspace.root.appendingPathComponent("emojiart.stderr")
                let app = try ChildProcess.launch(
                    AppUnderTest.executable, arguments: [file.path], environment: environment,
                    standardError: standardError)
                defer { app.stop() }
                // The sun's yellow and the tree's green, at their size, once the window is drawn.
                let shot = try await waitFor("the document is drawn on the Wayland output", timeout: .seconds(30), poll: .milliseconds(300))
                {
                    guard app.isRunning else {
                        let log = (try? String(contentsOf: standardError, encoding: .utf8)) ?? ""
                        throw ExternalCommand.Failure(description: "emojiart exited on Wayland: \(log)")
                    }
                    let shot = try await compositor.screenshot()
                    let yellow = shot.count(in: shot.bounds) { $0.red > 230 && $0.green > 170 && $0.green < 220 && $0.blue < 60 }
                    let green = shot.count(in: shot.bounds) { Int($0.green) > Int($0.red) + 40 && Int($0.green) > Int($0.blue) + 60 }
                    guard yellow > 2_000, green > 2_000 else { throw NotYet("\(yellow) yellow and \(green) green pixels") }
                    return shot
                }
                try await shot.archive(as: "wayland-window")
                #expect(shot.width == WestonCompositor.width && shot.height == WestonCompositor.height)
                let log = (try? String(contentsOf: standardError, encoding: .utf8)) ?? ""
                #expect(!log.contains("-CRITICAL **"), "\(log)")
            }
        }
    }
}
