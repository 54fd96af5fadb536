import EmojiArtCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts the save loop as a child, SIGKILLs it a random 3–100 ms after it is ready, and checks
/// every file as the next launch finds it: each must open and be one whole generation, either
/// the last one the child reported saved or the one it was writing; then the launch's cleanup
/// (`AtomicFile.removeStaleTemporaryFiles`) must leave no temporary file behind. Repeats.
struct KillDriver {
    let folder: URL
    let rounds: Int
    /// Passed on to the save loop (see `SaveLoop.run`).
    var plainWrites = false

    struct Summary {
        var kills = 0
        /// Kills that left a temporary file: the kill landed inside a save.
        var killsDuringSave = 0
        var savesReported = 0
        var damagedFiles = [String]()
    }

    func run() throws -> Summary {
        let files = SavedFiles(folder: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var summary = Summary()
        var known = try files.generations()
        for round in 1...rounds {
            let saved: [String: Int]
            do {
                saved = try killChildAfterRandomDelay()
            } catch {
                // The child could not even open the files: the last round left them damaged.
                summary.damagedFiles.append("round \(round): \(error)")
                break
            }
            summary.kills += 1
            summary.savesReported += saved.count
            var lastSaved = known
            for (name, generation) in saved { lastSaved[name] = generation }

            let leftovers = files.temporaryFiles()
            if !leftovers.isEmpty { summary.killsDuringSave += 1 }
            do {
                let found = try files.generations()
                for name in SavedFiles.names {
                    let base = lastSaved[name] ?? 0
                    let generation = found[name] ?? 0
                    guard generation == base || generation == base + 1 else {
                        throw Damage("\(name) holds generation \(generation), expected \(base) or \(base + 1)")
                    }
                }
                known = found
            } catch {
                summary.damagedFiles.append("round \(round): \(error)")
                known = (try? files.generations()) ?? [:]
            }
            // What a launch does: temporary files of saves that never finished are removed (the
            // child is dead, so no age is needed to be sure the save is not still running).
            // The app cleans its own folders at launch and a document's when it opens it.
            for storeFolder in files.saveFolders.dropFirst() {
                AtomicFile.removeStaleTemporaryFiles(in: storeFolder, olderThanSeconds: 0)
            }
            for document in [files.smallDocument, files.largeDocument] {
                AtomicFile.removeStaleTemporaryFiles(of: document, olderThanSeconds: 0)
            }
            // The next writer of the version history (or the app opening the document) tidies it.
            files.versionHistory.cleanUp()
            let strayVersions = (try? files.strayVersionFiles()) ?? ["(the history cannot be read)"]
            let stray = files.temporaryFiles() + files.quarantinedFiles() + strayVersions
            if !stray.isEmpty { summary.damagedFiles.append("round \(round): left behind \(stray)") }
            if round % 100 == 0 || round == rounds {
                print("stress-saves: \(round) kills, \(summary.killsDuringSave) during a save, \(summary.damagedFiles.count) damaged")
            }
        }
        return summary
    }

    /// Runs one child until the kill; returns the generation of each file it reported saved.
    private func killChildAfterRandomDelay() throws -> [String: Int] {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["save-loop", folder.path] + (plainWrites ? ["--plain-writes"] : [])
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let reader = output.fileHandleForReading
        var text = ""
        while !text.contains("ready\n") {
            let chunk = reader.availableData
            if chunk.isEmpty {  // the child ended before it was ready
                child.waitUntilExit()
                throw Damage("the save loop exited with status \(child.terminationStatus) before it was ready (see its message above)")
            }
            text += String(decoding: chunk, as: UTF8.self)
        }
        usleep(UInt32.random(in: 3_000...100_000))
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        guard child.terminationReason == .uncaughtSignal else {
            throw Damage("the save loop exited with status \(child.terminationStatus) before the kill")
        }
        text += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        var saved = [String: Int]()
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 3, parts[0] == "saved", let generation = Int(parts[2]) { saved[String(parts[1])] = generation }
        }
        return saved
    }
}
