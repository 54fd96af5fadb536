import EmojiArtCollab
import EmojiArtCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One room on disk (the data folder's layout is in docs/sharing.md, "Running a relay"):
///
///     rooms/<room>/epoch           the room's epoch, written once when the room is made
///     rooms/<room>/access          the verifier its creator registered (C10), base64url
///     rooms/<room>/clients.jsonl   each client id's secret hash, one line per id, appended
///     rooms/<room>/snapshot.json   the last compaction (a SequencedSnapshot), replaced atomically
///     rooms/<room>/log.jsonl       one SequencedPush per line after the snapshot, appended
///
/// The log is append-only and fsynced before anything in it is acknowledged (invariant 2); a
/// torn last line (a crash mid-write) was never acknowledged and is cut off when the room is
/// read back. Compaction writes the snapshot first, then replaces the log with what follows it,
/// so a crash between the two leaves entries the snapshot covers, which loading skips.
final class RoomFiles {
    let folder: URL
    private var log: Int32
    /// Bytes appended since the last `sync()`.
    private(set) var unsyncedBytes = 0

    private init(folder: URL) throws(RelayStoreError) {
        self.folder = folder
        log = try Self.openLog(folder.appendingPathComponent("log.jsonl"))
    }

    deinit {
        close(log)
    }

    /// Makes a room's folder, its verifier and its epoch file (last: a room exists once it has one).
    static func create(in folder: URL, epoch: String, verifier: String) throws(RelayStoreError) -> RoomFiles {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: RelayFiles.folderAttributes)
            try AtomicFile.write(Data(verifier.utf8), to: folder.appendingPathComponent("access"), private: true)
            try AtomicFile.write(Data(epoch.utf8), to: folder.appendingPathComponent("epoch"), private: true)
        } catch {
            throw .unwritable(path: folder.path, reason: String(describing: error))
        }
        return try RoomFiles(folder: folder)
    }

    /// Reads a room back: nil when it was never made.
    static func load(id: String, from folder: URL) throws(RelayStoreError) -> (RelayRoom, RoomFiles)? {
        let epochURL = folder.appendingPathComponent("epoch")
        guard FileManager.default.fileExists(atPath: epochURL.path) else { return nil }
        do {
            let epoch = String(decoding: try AtomicFile.read(epochURL, maxBytes: 1024), as: UTF8.self)
            let snapshotURL = folder.appendingPathComponent("snapshot.json")
            var snapshot: SequencedSnapshot?
            if FileManager.default.fileExists(atPath: snapshotURL.path) {
                snapshot = try JSONDecoder().decode(SequencedSnapshot.self, from: AtomicFile.read(snapshotURL, maxBytes: Int.max))
            }
            let logURL = folder.appendingPathComponent("log.jsonl")
            var entries = [SequencedPush]()
            if FileManager.default.fileExists(atPath: logURL.path) {
                let data = try Data(contentsOf: logURL)
                let (read, goodLength) = readLog(data, after: snapshot?.seq ?? 0)
                entries = read
                if goodLength < data.count { truncate(logURL.path, off_t(goodLength)) }
            }
            let accessURL = folder.appendingPathComponent("access")
            let verifier =
                FileManager.default.fileExists(atPath: accessURL.path)
                ? String(decoding: try AtomicFile.read(accessURL, maxBytes: 1024), as: UTF8.self) : nil
            let room = RelayRoom(
                id: id, epoch: epoch, verifier: verifier, clientSecrets: try readClients(folder.appendingPathComponent("clients.jsonl")),
                snapshot: snapshot, log: entries)
            return (room, try RoomFiles(folder: folder))
        } catch let error as RelayStoreError {
            throw error
        } catch {
            throw .unreadable(path: folder.path, reason: String(describing: error))
        }
    }

    /// The complete, contiguous entries after `snapshotSeq`, and the length of the file they
    /// make up (what follows is a torn or corrupt tail, never acknowledged).
    private static func readLog(_ data: Data, after snapshotSeq: Int) -> ([SequencedPush], Int) {
        var entries = [SequencedPush]()
        var expected: Int?
        var offset = data.startIndex
        let decoder = JSONDecoder()
        while let newline = data[offset...].firstIndex(of: UInt8(ascii: "\n")) {
            guard let entry = try? decoder.decode(SequencedPush.self, from: data[offset..<newline]) else { break }
            if let expected, entry.seq != expected { break }
            expected = entry.seq + 1
            if entry.seq > snapshotSeq {
                guard entries.last.map({ $0.seq + 1 == entry.seq }) ?? (entry.seq == snapshotSeq + 1) else { break }
                entries.append(entry)
            }
            offset = newline + 1
        }
        return (entries, offset - data.startIndex)
    }

    /// The client bindings: complete lines only (a torn last one was an id bound just before a
    /// crash, and is bound again on its next admission).
    private static func readClients(_ url: URL) throws -> [ClientID: String] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        var bindings = [ClientID: String]()
        let data = try AtomicFile.read(url, maxBytes: 64 * 1_048_576)
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let binding = try? JSONDecoder().decode(ClientBinding.self, from: line), let client = ClientID(binding.client) else {
                continue
            }
            if bindings[client] == nil { bindings[client] = binding.secret }
        }
        return bindings
    }

    /// Keeps what an admission changed: the verifier of a room from before protocol 2, a new
    /// client binding.
    func record(_ admission: Admission) throws(RelayStoreError) {
        do {
            if let verifier = admission.registeredVerifier {
                try AtomicFile.write(Data(verifier.utf8), to: folder.appendingPathComponent("access"), private: true)
            }
            if let secret = admission.boundSecretHash {
                var line = try Self.encoder.encode(ClientBinding(client: admission.client.rawValue, secret: secret))
                line.append(UInt8(ascii: "\n"))
                let fd = open(
                    folder.appendingPathComponent("clients.jsonl").path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, RelayFiles.fileMode)
                guard fd >= 0 else { throw RelayStoreError.unwritable(path: folder.path, reason: String(cString: strerror(errno))) }
                defer { close(fd) }
                try Self.writeAll(line, to: fd, path: folder.path)
            }
        } catch let error as RelayStoreError {
            throw error
        } catch {
            throw .unwritable(path: folder.path, reason: String(describing: error))
        }
    }

    private struct ClientBinding: Codable {
        var client: String
        var secret: String
    }

    /// Appends an entry (not yet durable).
    func append(_ push: SequencedPush) throws(RelayStoreError) {
        var line: Data
        do {
            line = try Self.encoder.encode(push)
        } catch {
            throw .unwritable(path: folder.path, reason: String(describing: error))
        }
        line.append(UInt8(ascii: "\n"))
        try Self.writeAll(line, to: log, path: folder.path)
        unsyncedBytes += line.count
    }

    /// The fsync point: every entry appended so far is on the disk.
    func sync() throws(RelayStoreError) {
        guard unsyncedBytes > 0 else { return }
        guard fsync(log) == 0 else { throw .unwritable(path: folder.path, reason: String(cString: strerror(errno))) }
        unsyncedBytes = 0
    }

    /// Compaction: the snapshot, then the log of what follows it.
    func compact(_ snapshot: SequencedSnapshot, remaining: some Sequence<SequencedPush>) throws(RelayStoreError) {
        do {
            try sync()
            try AtomicFile.write(try Self.encoder.encode(snapshot), to: folder.appendingPathComponent("snapshot.json"), private: true)
            var data = Data()
            for push in remaining {
                data.append(try Self.encoder.encode(push))
                data.append(UInt8(ascii: "\n"))
            }
            let logURL = folder.appendingPathComponent("log.jsonl")
            try AtomicFile.write(data, to: logURL, private: true)
            close(log)
            log = try Self.openLog(logURL)
        } catch let error as RelayStoreError {
            throw error
        } catch {
            throw .unwritable(path: folder.path, reason: String(describing: error))
        }
    }

    private static func openLog(_ url: URL) throws(RelayStoreError) -> Int32 {
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, RelayFiles.fileMode)
        guard fd >= 0 else { throw .unwritable(path: url.path, reason: String(cString: strerror(errno))) }
        return fd
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws(RelayStoreError) {
        var failure: String?
        data.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let written = write(fd, buffer.baseAddress! + done, buffer.count - done)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                done += written
            }
        }
        if let failure { throw .unwritable(path: path, reason: failure) }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// The relay's disk problems, as sentences for whoever runs it.
enum RelayStoreError: Error, CustomStringConvertible {
    case unwritable(path: String, reason: String)
    case unreadable(path: String, reason: String)
    /// A shared store that has not answered in time (see `RoomActor.flush`).
    case noAnswer(after: Duration)

    var description: String {
        switch self {
        case .noAnswer(let deadline):
            "The database gave no answer within \(deadline.components.seconds) s"
        case .unwritable(let path, let reason):
            "The relay could not write “\(path)” (\(reason)); free some disk space or check the data folder’s permissions."
        case .unreadable(let path, let reason):
            "The relay could not read “\(path)” (\(reason)); move that room’s folder away to start it anew."
        }
    }
}
