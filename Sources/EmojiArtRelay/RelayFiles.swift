import Foundation

/// The modes of everything the relay writes in its data folder: its owner's alone. A room's
/// verifier, its sealed log and its blobs are nobody else's on the machine (SPEC C10); the relay's
/// executable also sets its umask to 077, so nothing it makes is wider by accident.
enum RelayFiles {
    static let folderMode: Int16 = 0o700
    static let fileMode: mode_t = 0o600
    static var folderAttributes: [FileAttributeKey: Any] { [.posixPermissions: folderMode] }
}
