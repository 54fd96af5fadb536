import Dispatch
import Foundation

/// Reads a `file://` background (SPEC D2): only a regular file after resolving links, within
/// the download limit, so `/dev/zero`, FIFOs and folders are refused before any read.
enum LocalImageFile {
    /// Reads on a dispatch queue: the read is bounded but blocking, and Swift's cooperative
    /// threads (two on a two-core machine) must not wait on a disk.
    static func read(_ url: URL, maxBytes: Int) async throws(ImageFetchError) -> Data {
        let result: Result<Data, ImageFetchError> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(
                    returning: Result { () throws(ImageFetchError) -> Data in
                        do {
                            return try AtomicFile.read(url, maxBytes: maxBytes)
                        } catch let error as FileReadError {
                            if case .tooLarge = error { throw .tooLarge(bytes: maxBytes) }
                            throw .fileNotReadable(error)
                        } catch {
                            throw .fileNotReadable(.unreadable(path: url.path, reason: "\(error)"))
                        }
                    })
            }
        }
        return try result.get()
    }
}
