import EmojiArtCollab
import EmojiArtCollabTestSupport
import EmojiArtTestSupport
import Foundation
import Testing

/// `--room-ttl-days` (SPEC C8): a room nobody touched for that long is deleted when the relay
/// starts (and at every sweep after); a touched one stays.
@Suite struct RoomTimeToLiveTests {
    @Test("a room untouched for longer than the time to live is gone after a restart; the one in use stays")
    func untouchedRoomDeleted() async throws {
        let relay = try RelayProcess()
        let kept = try await HostileClientTests.firstRoom(relay)
        #expect(try HostileClientTests.createRoom(relay, room: "abandoned-room-1").status == 201)
        relay.kill9()
        let abandoned = relay.dataFolder.appendingPathComponent("rooms/abandoned-room-1")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3 * 86_400)], ofItemAtPath: abandoned.path)
        try relay.start(extraArguments: ["--room-ttl-days", "2"])
        try await waitUntil("the abandoned room is deleted at start") { !FileManager.default.fileExists(atPath: abandoned.path) }
        try await HostileClientTests.expectIntact(kept, emojis: 1)
    }

    @Test(
        "issue 45 item 10: a deleted room leaves a tombstone — another's keys cannot make its id again, its own can; after the time to live again, anyone"
    )
    func deletedRoomCannotBeSquatted() async throws {
        let relay = try RelayProcess()
        #expect(try HostileClientTests.createRoom(relay, room: "abandoned-room-2").status == 201)
        relay.kill9()
        let abandoned = relay.dataFolder.appendingPathComponent("rooms/abandoned-room-2")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3 * 86_400)], ofItemAtPath: abandoned.path)
        try relay.start(extraArguments: ["--room-ttl-days", "2"])
        try await waitUntil("the abandoned room is deleted at start") { !FileManager.default.fileExists(atPath: abandoned.path) }
        let tombstone = relay.dataFolder.appendingPathComponent("tombstones/abandoned-room-2")
        #expect(FileManager.default.fileExists(atPath: tombstone.path))
        let stranger = RoomCredentials(roomKey: Array(repeating: 42, count: 16))
        let squat = try HostileClientTests.createRoom(relay, room: "abandoned-room-2", credentials: stranger)
        #expect(squat.status == 409, "\(squat.status) \(squat.body)")
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        // Its members come back with the room's own keys: it is made again, and its tombstone goes.
        #expect(try HostileClientTests.createRoom(relay, room: "abandoned-room-2").status == 201)
        #expect(!FileManager.default.fileExists(atPath: tombstone.path))

        // A tombstone older than the time to live is swept at the next start: the id is free.
        #expect(try HostileClientTests.createRoom(relay, room: "abandoned-room-3").status == 201)
        relay.kill9()
        let third = relay.dataFolder.appendingPathComponent("rooms/abandoned-room-3")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3 * 86_400)], ofItemAtPath: third.path)
        try relay.start(extraArguments: ["--room-ttl-days", "2"])
        try await waitUntil("the third room is deleted at start") { !FileManager.default.fileExists(atPath: third.path) }
        let thirdTombstone = relay.dataFolder.appendingPathComponent("tombstones/abandoned-room-3")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3 * 86_400)], ofItemAtPath: thirdTombstone.path)
        relay.kill9()
        try relay.start(extraArguments: ["--room-ttl-days", "2"])
        try await waitUntil("the old tombstone is swept") { !FileManager.default.fileExists(atPath: thirdTombstone.path) }
        #expect(try HostileClientTests.createRoom(relay, room: "abandoned-room-3", credentials: stranger).status == 201)
    }
}
