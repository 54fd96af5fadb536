import EmojiArtTestSupport
import Foundation

/// A second GTK program that offers a drag, so the tests can drop things on the canvas the way
/// another app would (DESIGN joint 6). Its source, `DragSourceHelper/drag-source.c`, is compiled
/// here at run time against the system's GTK 4; SwiftPM does not build it (it is excluded from
/// the target).
struct DragSourceHelper: Sendable {
    /// What the helper offers.
    enum Offer: Sendable {
        /// A string, as a browser or a text editor offers it (UTF8_STRING, text/plain).
        case text(String)
        /// A local file as a file list (text/uri-list), as a file manager offers it.
        case file(URL)
        /// An image's pixels and a URL as text, as a browser dragging an image can offer them.
        case imageAndText(URL, String)
    }

    let process: ChildProcess
    let window: String
    /// Where the helper's window is; all of it is the drag source.
    let frame: ScreenRect

    private static let title = "drag-source-helper"

    /// The helper window's top-left corner: right of the 960-px-wide app window at 0,0, so it
    /// never covers the canvas.
    static let position = ScreenPoint(x: 1040, y: 100)

    /// Starts the helper on `app`'s X server and places its window at `position`.
    static func launch(offering offer: Offer, for app: AppUnderTest) async throws -> DragSourceHelper {
        let executable = try await DragSourceHelperBuild.shared.executable()
        let arguments: [String] =
            switch offer {
            case .text(let text): ["--title", title, "--text", text]
            case .file(let url): ["--title", title, "--file", url.path]
            case .imageAndText(let image, let text): ["--title", title, "--image", image.path, "--text", text]
            }
        let process = try ChildProcess.launch(
            executable, arguments: arguments, environment: app.workspace.environment(on: app.server),
            standardError: app.workspace.root.appendingPathComponent("drag-source.stderr"))
        do {
            let window = try await waitFor("the drag-source helper's window shows") { () -> String? in
                guard process.isRunning else {
                    throw ExternalCommand.Failure(description: "the drag-source helper exited with status \(process.exitStatus ?? -1)")
                }
                let found = try await ExternalCommand.run(
                    "xdotool", ["search", "--onlyvisible", "--pid", "\(process.processIdentifier)", "--name", "^\(title)$"],
                    extraEnvironment: app.server.environment)
                return found.status == 0 ? found.text.split(separator: "\n").first.map(String.init) : nil
            }
            // GTK 4 cannot place its windows; with no window manager, xdotool can.
            try await ExternalCommand.runChecked(
                "xdotool", ["windowmove", "--sync", window, "\(position.x)", "\(position.y)"],
                extraEnvironment: app.server.environment)
            let frame = try await app.frame(of: window)
            return DragSourceHelper(process: process, window: window, frame: frame)
        } catch {
            process.stop()
            throw error
        }
    }

    func stop() {
        process.stop()
    }

    /// Drags from the middle of the helper to `target` on `document`'s canvas and drops there:
    /// press, a few moves inside the helper to pass GTK's drag threshold, a few more across to
    /// the canvas, then — once the canvas shows its drop highlight, which says the X drag
    /// protocol has reached it — release on the target.
    func drop(on document: OpenDocument, at target: ScreenPoint) async throws {
        let input = document.input
        let start = frame.center
        var arguments = ["mousemove", "\(start.x)", "\(start.y)", "mousedown", "1"]
        for dx in [-4, -10, -20, -30] {
            arguments += ["sleep", "0.05", "mousemove", "\(start.x + dx)", "\(start.y)"]
        }
        let steps = 8
        for step in 1...steps {
            let x = start.x - 30 + (target.x - start.x + 30) * step / steps
            let y = start.y + (target.y - start.y) * step / steps
            arguments += ["sleep", "0.05", "mousemove", "\(x)", "\(y)"]
        }
        do {
            try await input.xdotool(arguments)
            // Each poll moves the pointer a pixel, back and forth, so the drag keeps telling the
            // canvas where it is until the canvas answers.
            var nudge = 1
            try await waitForHighlight(on: document) {
                nudge = -nudge
                try await input.move(to: target.offset(dx: nudge == 1 ? 1 : 0, dy: 0))
            }
            try await input.move(to: target)
            try await waitForHighlight(on: document) {}
            try await input.xdotool(["mouseup", "1"])
        } catch {
            // Never leave the button held down on the X server for the next test.
            try? await input.xdotool(["mouseup", "1"])
            throw error
        }
    }

    private func waitForHighlight(on document: OpenDocument, poke: () async throws -> Void) async throws {
        let probe = document.canvas.dropHighlightProbe
        var last: Screenshot?
        do {
            try await waitUntil("the canvas shows its drop highlight (the drag has reached it)", poll: .milliseconds(100)) {
                try await poke()
                let shot = try await document.screenshot()
                last = shot
                guard shot[probe].isAccentBlue else { throw NotYet("the canvas edge at \(probe) is \(shot[probe])") }
                return true
            }
        } catch let timeout as WaitTimeout {
            try? await last?.archive(as: "timeout-drop-highlight")
            throw timeout
        }
    }
}
