import EmojiArtCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A full disk (SPEC W2, W5, H1): saves of a document, its versions, the palettes and the window
/// state fail with one clear error while the previous files stay intact and the changes stay in
/// memory; once space is freed, the next save writes them.
///
/// The disk is a 1 MB tmpfs mounted for the check (root only). Where mounting is not allowed,
/// the failure is injected instead: RLIMIT_FSIZE makes writes past 64 KB fail with EFBIG, which
/// is reported as a plain failure rather than a full disk; the rest is checked the same way.
@MainActor
enum FullDiskCheck {
    static func run() async throws -> [String] {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("emojiart-full-disk-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mounted = runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", folder.path])
        defer { if mounted { _ = runTool("/bin/umount", [folder.path]) } }
        print("full disk: \(mounted ? "a 1 MB tmpfs" : "no mount allowed here; writes limited by RLIMIT_FSIZE instead")")

        var failures = [String]()
        func check(_ condition: Bool, _ what: String) {
            if !condition { failures.append(what) }
        }
        func isExpected(_ error: FileWriteError) -> Bool {
            if case .diskFull = error { return true }
            if !mounted, case .failed = error { return true }
            return false
        }

        // Files as they were before the disk filled up.
        let documentURL = folder.appendingPathComponent("art.emojiart")
        var savedModel = SavedFiles.document(generation: 1, isLarge: false)
        savedModel.documentID = UUID()
        try DocumentFile.write(savedModel, to: documentURL)
        let versions = VersionStore(stateDirectory: folder.appendingPathComponent("state"))
        try versions.history(of: savedModel.documentID!).record(savedModel)
        let palettes = PaletteStore(dataDirectory: folder.appendingPathComponent("data"))
        try palettes.renamePalette(withID: palettes.palettes[0].id, to: "Before")
        let windowStates = WindowStateStore(stateDirectory: folder.appendingPathComponent("state"))
        try windowStates.save(SavedFiles.windowState(generation: 1), for: documentURL)
        let before = try snapshot(of: folder)

        let filler = folder.appendingPathComponent("filler")
        if mounted {
            fill(filler)
        } else {
            signal(SIGXFSZ, SIG_IGN)  // EFBIG from write() instead of a signal
            var limit = rlimit(rlim_cur: 64 * 1024, rlim_max: rlim_t.max)
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
        }

        // The document: autosave fails, reports one error however often it retries, keeps the edits.
        let document = EmojiArtDocument(model: savedModel)
        let autosaver = Autosaver(document: document, write: { model in try DocumentFile.write(model, to: documentURL) })
        var errorReports = 0
        autosaver.onErrorChange = { errorReports += 1 }
        // Its versions (H1) fail the same way, reported once, and leave the history as it was.
        let keeper = VersionKeeper(document: document, store: versions)
        var versionReports = 0
        keeper.onErrorChange = { versionReports += 1 }
        for step in 0..<5 {
            for index in 0..<2_000 { document.addEmoji("🐶", at: DocumentPoint(x: Double(index), y: Double(step)), size: 40) }
            autosaver.documentDidChange()
            await autosaver.saveNow()
            keeper.documentDidChange(.emojis)
            await keeper.takeVersionNow()
        }
        if case .unwritable(let error) = keeper.lastError {
            check(isExpected(error), "the version failed with \(error), not a full disk")
            print("full disk: versions: \(keeper.lastError!)")
        } else {
            check(false, "the version did not fail as unwritable: \(String(describing: keeper.lastError))")
        }
        check(versionReports == 1, "the version store's error was reported \(versionReports) times, not once")
        if let error = autosaver.lastError as? FileWriteError {
            check(isExpected(error), "the document's save failed with \(error), not a full disk")
            print("full disk: document: \(error)")
        } else {
            check(false, "the document's save did not fail with a FileWriteError: \(String(describing: autosaver.lastError))")
        }
        check(errorReports == 1, "the error was reported \(errorReports) times, not once")
        check(document.hasUnsavedChanges && document.model.emojis.count == savedModel.emojis.count + 10_000,
              "the unsaved changes did not stay in memory")

        // The palettes: the change is refused on disk, kept in memory.
        do {
            try palettes.setEmojis(String(repeating: "🐱", count: 200_000), forPaletteWithID: palettes.palettes[0].id)
            check(false, "saving the palettes on a full disk succeeded")
        } catch PaletteStoreError.saveFailed(let error) {
            check(isExpected(error), "the palettes' save failed with \(error)")
            print("full disk: palettes: \(PaletteStoreError.saveFailed(error))")
        }
        check(palettes.palettes[0].emojis.count == 200_000, "the palette change did not stay in memory")

        // The window state: a few hundred bytes, but nothing fits on a full disk.
        do {
            try windowStates.save(SavedFiles.windowState(generation: 2), for: documentURL)
            check(!mounted, "saving the window state on a full disk succeeded")
        } catch WindowStateStoreError.saveFailed(let error) {
            check(isExpected(error), "the window state's save failed with \(error)")
        }

        check(try snapshot(of: folder) == before, "a file changed or a temporary file was left behind")

        // Space again: the next save writes everything kept in memory, and the error clears.
        if mounted {
            try FileManager.default.removeItem(at: filler)
        } else {
            var limit = rlimit(rlim_cur: rlim_t.max, rlim_max: rlim_t.max)
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
        }
        await autosaver.saveNow()
        check(autosaver.lastError == nil && errorReports == 2, "the error did not clear once there was space")
        await keeper.takeVersionNow()
        check(keeper.lastError == nil && versionReports == 2, "the version store's error did not clear once there was space")
        let kept = try versions.history(of: savedModel.documentID!).versions()
        // Within the minute of the first version: thinning keeps the newer one only.
        check(kept.first?.emojiCount == document.model.emojis.count, "the owed version was not taken")
        check(!document.hasUnsavedChanges, "the document is still unsaved")
        check((try? DocumentFile.read(from: documentURL)) == document.model, "the document on disk is not the edited one")
        return failures
    }

    /// Every file in `folder` (recursively) with its contents, minus the filler.
    private static func snapshot(of folder: URL) throws -> [String: Data] {
        var files = [String: Data]()
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard path != "filler", FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                  !isDirectory.boolValue else { continue }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }

    /// Writes zeros until the file system refuses more.
    private static func fill(_ url: URL) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0, count: 4096)
        while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    private static func runTool(_ path: String, _ arguments: [String]) -> Bool {
        guard geteuid() == 0 else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
