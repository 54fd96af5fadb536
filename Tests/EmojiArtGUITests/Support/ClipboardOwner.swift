import EmojiArtTestSupport
import Foundation

/// Something copied by "another app": xclip owns the test server's CLIPBOARD selection and
/// answers the app's requests for it until stopped, as a program that copied and stayed open
/// would (SPEC D5). `-quiet` keeps xclip in the foreground, so it can be stopped by its pid.
struct ClipboardOwner: Sendable {
    let process: ChildProcess

    /// Copies `text` (offered as UTF8_STRING, what GTK asks for text).
    static func copy(text: String, in workspace: TestWorkspace, on server: XvfbServer) async throws -> ClipboardOwner {
        let file = workspace.root.appendingPathComponent("clipboard-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        return try await copy(file: file, type: "UTF8_STRING", in: workspace, on: server)
    }

    /// Copies the bytes of `file` offered as the target `type` (e.g. image/png).
    static func copy(file: URL, type: String, in workspace: TestWorkspace, on server: XvfbServer) async throws -> ClipboardOwner {
        let process = try ChildProcess.launch(
            try ExternalCommand.locate("xclip"),
            arguments: ["-selection", "clipboard", "-quiet", "-target", type, file.path],
            environment: workspace.environment(on: server),
            standardError: workspace.root.appendingPathComponent("xclip.stderr"))
        do {
            // Ready once the selection is xclip's: asking for its targets then names `type`.
            try await waitUntil("xclip offers \(type) on the clipboard") {
                guard process.isRunning else {
                    throw ExternalCommand.Failure(description: "xclip exited with status \(process.exitStatus ?? -1)")
                }
                let targets = try await ExternalCommand.run(
                    "xclip", ["-selection", "clipboard", "-out", "-target", "TARGETS"], extraEnvironment: server.environment,
                    timeout: .seconds(5))
                return targets.status == 0 && targets.text.split(separator: "\n").contains { $0 == type }
            }
        } catch {
            process.stop()
            throw error
        }
        return ClipboardOwner(process: process)
    }

    func stop() {
        process.stop()
    }
}
