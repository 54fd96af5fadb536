import Foundation
import Testing

/// The main-queue bridge (DESIGN joint 3) needs the main thread, which Swift Testing never runs
/// a test on, so the check runs in a program of its own, MainLoopBridgeCheck, built beside this
/// test bundle; this test runs it and reads its verdict.
@Suite struct MainLoopBridgeTests {
    @Test(
        "under g_main_loop_run, MainActor tasks, MainActor.run and DispatchQueue.main all run on the main thread, also beside a redraw that never catches up, and the idle loop sleeps"
    )
    func bridgeDrainsTheMainQueue() throws {
        let checker = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("MainLoopBridgeCheck")
        let process = Process()
        process.executableURL = checker
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("main-queue bridge: ok"), "\(text)")
    }
}
