import EmojiArtCore
import Foundation
import Testing
@testable import EmojiArtCollab

@Suite struct RoomKeyStoreTests {
    @Test("keys live under the state folder, one file per room, readable by the user only")
    func keysArePrivate() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let storage = CollabStorage(locations: StorageLocations(dataDirectory: state, stateDirectory: state))
        let store = storage.keys
        #expect(try store.key(for: "room-0001") == nil)
        try store.save("k3yk3yk3yk3yk3yk3yk3yk", for: "room-0001")
        try store.save("an0therk3yan0therk3yan", for: "room-0001")
        #expect(try store.key(for: "room-0001") == "an0therk3yan0therk3yan")
        let attributes = try FileManager.default.attributesOfItem(atPath: storage.keysFolder.appendingPathComponent("room-0001.key").path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(throws: RoomLinkError.badRoomID("../etc")) { try store.save("x", for: "../etc") }
        #expect(storage.journalFolder.lastPathComponent == "collab")
    }
}
