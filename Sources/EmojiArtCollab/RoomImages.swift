import Foundation

/// A shared window's background images by the name of their blob (C7): what it has, what it
/// asked the relay for, and the sealed blobs of its own still to upload after a share.
struct RoomImages {
    private var images: [String: Data] = [:]
    private var requested = Set<String>()
    /// Sealed blobs of mine to upload, by name (`CollabDocumentBridge.publishBlobs`).
    private(set) var uploads: [String: Data] = [:]

    init(images: [String: Data], uploads: [String: Data]) {
        self.images = images
        self.uploads = uploads
    }

    subscript(name: String) -> Data? { images[name] }

    mutating func keep(_ image: Data, named name: String) {
        images[name] = image
    }

    /// Whether `name` should be asked for now: missing, and not asked for already.
    mutating func shouldRequest(_ name: String) -> Bool {
        guard images[name] == nil, !requested.contains(name) else { return false }
        requested.insert(name)
        return true
    }

    /// An answer (an image, or none yet) came for `name`: it may be asked for again.
    mutating func answered(_ name: String) {
        requested.remove(name)
    }
}
