import EmojiArtTestSupport
import Foundation

/// xsettingsd serving desktop settings on the test X server, as a desktop session would (DESIGN
/// "Tests and CI": GTK 4.8 ignores `Xft.dpi` and `GDK_DPI_SCALE`, but reads `Xft/DPI` from the
/// XSETTINGS manager). Start it before the app, stop it by pid right after the test.
struct XSettingsDaemon: Sendable {
    let process: ChildProcess

    /// Serves `settings` ("Xft/DPI" → "122880", …) and returns once it owns the XSETTINGS selection.
    static func start(serving settings: [String: String], in workspace: TestWorkspace, on server: XvfbServer) async throws
        -> XSettingsDaemon
    {
        let configuration = workspace.root.appendingPathComponent("xsettingsd.conf")
        try Data(settings.map { "\($0.key) \($0.value)\n" }.joined().utf8).write(to: configuration)
        let log = workspace.root.appendingPathComponent("xsettingsd.stderr")
        let process = try ChildProcess.launch(
            try ExternalCommand.locate("xsettingsd"), arguments: ["--config", configuration.path],
            environment: workspace.environment(on: server), standardError: log)
        do {
            // xsettingsd logs this line once it is the settings manager GTK will ask.
            try await waitUntil("xsettingsd owns the XSETTINGS selection") {
                guard process.isRunning else {
                    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                    throw ExternalCommand.Failure(description: "xsettingsd exited with status \(process.exitStatus ?? -1): \(text)")
                }
                return ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("Took ownership of selection")
            }
        } catch {
            process.stop()
            throw error
        }
        return XSettingsDaemon(process: process)
    }

    func stop() {
        process.stop()
    }
}
