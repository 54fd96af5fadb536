import Foundation

// emojiart-stress: proves that saves are crash-safe (SPEC W2). Run through scripts/stress-saves.
//   EmojiArtStress kill N [FOLDER]   N rounds: start the save loop, SIGKILL it, check every file
//   EmojiArtStress full-disk         saves on a full disk fail cleanly and keep the old files
//   EmojiArtStress hostile           time and memory of hostile documents, against their budgets
//   EmojiArtStress save-loop FOLDER  the child the kill rounds start (saves until killed)
// --plain-writes (after the other arguments) saves the documents in place instead of atomically,
// to see the checks catch torn files: `kill 50 --plain-writes` is expected to fail.
let plainWrites = CommandLine.arguments.last == "--plain-writes"
let arguments = Array(CommandLine.arguments.dropFirst().filter { $0 != "--plain-writes" })
switch arguments.first {
case "save-loop" where arguments.count == 2:
    SaveLoop.run(folder: URL(fileURLWithPath: arguments[1]), plainWrites: plainWrites)
case "kill" where arguments.count >= 2:
    guard let rounds = Int(arguments[1]), rounds > 0 else { fallthrough }
    let folder = arguments.count > 2
        ? URL(fileURLWithPath: arguments[2])
        : URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("emojiart-stress-\(getpid())")
    let start = Date()
    let summary: KillDriver.Summary
    do {
        summary = try KillDriver(folder: folder, rounds: rounds, plainWrites: plainWrites).run()
    } catch {
        FileHandle.standardError.write(Data("stress-saves: \(error)\n".utf8))
        exit(2)
    }
    print("""
        stress-saves: \(summary.kills) kills (\(summary.killsDuringSave) left a temporary file: killed inside a save), \
        \(summary.savesReported) saves completed, \(summary.damagedFiles.count) damaged files, \
        \(Int(Date().timeIntervalSince(start))) s
        """)
    for damage in summary.damagedFiles.prefix(20) { print("  \(damage)") }
    if arguments.count == 2 { try? FileManager.default.removeItem(at: folder) }
    exit(summary.damagedFiles.isEmpty ? 0 : 1)
case "full-disk":
    let failures: [String]
    do {
        failures = try await FullDiskCheck.run()
    } catch {
        failures = ["the check could not run: \(error)"]
    }
    print(failures.isEmpty ? "full disk: ok" : "full disk: FAILED")
    for failure in failures { print("  \(failure)") }
    exit(failures.isEmpty ? 0 : 1)
case "hostile":
    exit((try? HostileBudgets.runAll()) == true ? 0 : 1)
case "hostile-one" where arguments.count == 2:
    guard let index = Int(arguments[1]), HostileBudgets.workloads.indices.contains(index) else { exit(64) }
    HostileBudgets.runOne(index)
default:
    FileHandle.standardError.write(Data("usage: EmojiArtStress kill N [FOLDER] | full-disk | hostile | save-loop FOLDER\n".utf8))
    exit(64)
}
