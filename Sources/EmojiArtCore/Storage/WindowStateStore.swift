import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Remembers each document's window state (SPEC W4) in `<state directory>/window-state/`, one
/// small file per document, named by a hash of the document's canonical path.
///
/// A value with no state of its own: every call reads or writes its one file, so it is
/// `Sendable` and may save from a background task (W4 asks for state within ~2 s of a change).
/// Symlinks are resolved first, so a document opened through a link and through its target
/// shares one state.
public struct WindowStateStore: Sendable {
    /// The folder inside the state directory (`StorageLocations.stateDirectory`).
    public static let folderName = "window-state"
    /// A state file is a few hundred bytes; anything much larger is not one.
    public static let maximumFileBytes = 64 * 1024

    /// `<state directory>/window-state`.
    public let directory: URL
    private let reportWarning: @Sendable (CorruptFileWarning) -> Void

    /// - Parameter reportWarning: called when a damaged state file is moved aside; the app logs
    ///   it (losing a zoom level is not worth a dialog).
    public init(
        stateDirectory: URL,
        reportWarning: @escaping @Sendable (CorruptFileWarning) -> Void = { _ in }
    ) {
        self.directory = stateDirectory.standardizedFileURL
            .appendingPathComponent(Self.folderName, isDirectory: true)
        self.reportWarning = reportWarning
    }

    /// The path state is keyed by: links resolved, `.` and `..` removed. A document that no
    /// longer exists keeps its path as given, standardized.
    public static func canonicalPath(of documentURL: URL) -> String {
        let standardized = documentURL.standardizedFileURL.path
        return (try? PathResolution.resolvingSymlinks(standardized)) ?? standardized
    }

    /// The file holding the document's state, whether or not it exists.
    public func stateFileURL(for documentURL: URL) -> URL {
        stateFileURL(forCanonicalPath: Self.canonicalPath(of: documentURL))
    }

    /// The saved state, or nil when there is none usable: never saved, written by a newer
    /// EmojiArt, saved by another document whose path hashes the same, or holding values no
    /// window could have. A damaged file is moved aside and reported through `reportWarning`.
    public func state(for documentURL: URL) -> WindowState? {
        let path = Self.canonicalPath(of: documentURL)
        let file = stateFileURL(forCanonicalPath: path)
        let data: Data
        do {
            data = try AtomicFile.read(file, maxBytes: Self.maximumFileBytes)
        } catch let error as FileReadError {
            if case .notFound = error { return nil }
            setAside(file, problem: error.clause)
            return nil
        } catch {
            return nil
        }
        let outcome = WindowStateRecord.decode(data)
        if case .damaged(let problem) = outcome {
            setAside(file, problem: problem)
            return nil
        }
        return Self.state(in: outcome, documentPath: path)
    }

    /// The state a window-state file holding `data` gives the document at `documentPath` (a
    /// canonical path, see `canonicalPath(of:)`), decoded exactly as `state(for:)` decodes the
    /// file, or nil when it gives none. No file is touched, so the fuzzer (`Fuzz/`) can feed it
    /// any bytes.
    public static func state(fromFileContents data: Data, documentPath: String) -> WindowState? {
        state(in: WindowStateRecord.decode(data), documentPath: documentPath)
    }

    private static func state(in outcome: WindowStateRecord.Outcome, documentPath: String) -> WindowState? {
        guard case .record(let record) = outcome else { return nil }
        return record.documentPath == documentPath && record.state.isValid ? record.state : nil
    }

    /// Saves the document's state atomically, replacing any earlier one (also one left by a
    /// document whose path hashes the same: the latest window wins).
    public func save(_ state: WindowState, for documentURL: URL) throws {
        if let problem = state.problem { throw WindowStateStoreError.invalidState(problem: problem) }
        let path = Self.canonicalPath(of: documentURL)
        let file = stateFileURL(forCanonicalPath: path)
        do {
            try PrivateDirectory.create(directory, forSaving: file.path)
            let data = try WindowStateRecord(documentPath: path, state: state).encoded()
            try AtomicFile.write(data, to: file)
        } catch let error as FileWriteError {
            throw WindowStateStoreError.saveFailed(error)
        } catch {
            throw WindowStateStoreError.saveFailed(.failed(path: file.path, reason: "\(error)"))
        }
    }

    /// Forgets the document's state. A file that holds another document's state is left alone;
    /// no file at all is not an error.
    public func removeState(for documentURL: URL) throws {
        let path = Self.canonicalPath(of: documentURL)
        let file = stateFileURL(forCanonicalPath: path)
        if let data = try? AtomicFile.read(file, maxBytes: Self.maximumFileBytes),
            case .record(let record) = WindowStateRecord.decode(data),
            record.documentPath != path
        {
            return
        }
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw WindowStateStoreError.removeFailed(path: file.path, reason: SystemError.current.text)
        }
    }

    private func stateFileURL(forCanonicalPath path: String) -> URL {
        directory.appendingPathComponent("\(PathHash.hexDigits(of: path)).json")
    }

    private func setAside(_ file: URL, problem: String) {
        reportWarning(
            FileQuarantine.setAside(
                file, problem: problem,
                consequence: localized("The window opens with its usual zoom and size instead.")))
    }
}
