import EmojiArtCore
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

        /// X8 on Wayland: a phone's screen, 360 × 640 (weston's desktop shell keeps its top 32 px
        /// for a panel). The window, last left maximized as a phone's shell leaves every window,
        /// opens maximized there, natively: its header bar leaves Redo to the menu, and Undo, the
        /// menu, the canvas and the strip lie inside it, as on X11 (`NarrowWindowTests`), and it
        /// covers the screen below the panel from edge to edge.
        @Test("on a phone-sized Wayland output the narrow window fits and keeps what it needs (X8, X6)")
        func phoneSizedOnWayland() async throws {
            let compositor = try await WestonCompositor.start(width: 360, height: 640)
            defer { compositor.stop() }
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let file = try workspace.copyExample("sunny-meadow")
                    try workspace.windowStates.save(WindowState(windowWidth: 300, windowHeight: 500, isMaximized: true), for: file)
                    let wayland = compositor.clientEnvironment([:]).merging(["DISPLAY": "", "XAUTHORITY": ""]) { $1 }
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: wayland.merging(bus.environment) { $1 }) {
                        app in
                        let title = "sunny-meadow — EmojiArt"
                        let (tree, window) = try await AccessibleTree.waitFor(
                            "the window is maximized, 360 wide, and published", in: app, on: bus
                        ) {
                            tree -> (AccessibleNode, [Int])? in
                            guard let window = tree.children.first(where: { $0.name == title })?.frame, window[2] == 360,
                                tree.first(role: "push button", name: "Undo") != nil,
                                tree.first(role: "push button", name: "Redo")?.states.contains("visible") != true
                            else { return nil }
                            return (tree, window)
                        }
                        for (role, name) in [("push button", "Undo"), ("push button", "Main Menu"), ("filler", "Canvas")] {
                            let place = try #require(tree.first(role: role, name: name)?.frame, "no \(name)")
                            #expect(place[0] >= 0 && place[0] + place[2] <= window[2], "\(name) at \(place) in a window \(window[2]) wide")
                        }
                        let strip = try #require(tree.allNodes.first { $0.role == "panel" && $0.name.hasPrefix("Palette:") }?.frame)
                        #expect(strip[0] >= 0 && strip[0] + strip[2] <= window[2], "the palette strip at \(strip)")
                        // The window reaches both edges of the screen below the panel: no pixel of weston's
                        // grey desktop pattern shows there, and the canvas's white paper does.
                        let shot = try await waitFor(
                            "the maximized window covers the phone's screen", timeout: .seconds(30), poll: .milliseconds(300)
                        ) {
                            let shot = try await compositor.screenshot()
                            let edges = [ScreenRect(x: 0, y: 40, width: 2, height: 590), ScreenRect(x: 358, y: 40, width: 2, height: 590)]
                            for edge in edges {
                                let desktop = shot.count(in: edge) { pixel in
                                    let values = [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
                                    return values.max()! - values.min()! < 16 && (60..<190).contains(values[0])
                                }
                                let paper = shot.count(in: edge) { $0.red > 225 && $0.green > 225 && $0.blue > 225 }
                                guard desktop < 40, paper > 590 else {
                                    throw NotYet("at \(edge): \(desktop) desktop and \(paper) paper pixels")
                                }
                            }
                            return shot
                        }
                        try await shot.archive(as: "wayland-phone")
                        #expect(shot.width == 360 && shot.height == 640)
                    }
                }
            }
        }
    }
}
