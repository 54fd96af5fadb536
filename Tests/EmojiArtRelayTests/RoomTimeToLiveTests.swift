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
}
