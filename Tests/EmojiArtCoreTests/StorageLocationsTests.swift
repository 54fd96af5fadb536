import Foundation
import Testing

@testable import EmojiArtCore

@Suite struct StorageLocationsTests {
    @Test("without XDG variables the folders are under ~/.local")
    func defaultsUnderHome() {
        let locations = StorageLocations(environment: ["HOME": "/home/ann"])
        #expect(locations.dataDirectory.path == "/home/ann/.local/share/emojiart")
        #expect(locations.stateDirectory.path == "/home/ann/.local/state/emojiart")
    }

    @Test("absolute XDG variables are used")
    func usesXDGVariables() {
        let locations = StorageLocations(environment: [
            "HOME": "/home/ann", "XDG_DATA_HOME": "/data/", "XDG_STATE_HOME": "/var/state",
        ])
        #expect(locations.dataDirectory.path == "/data/emojiart")
        #expect(locations.stateDirectory.path == "/var/state/emojiart")
    }

    @Test(
        "relative or empty XDG variables are ignored, as the XDG specification says",
        arguments: ["", "relative/data", "./data", "~/data"])
    func ignoresRelativeValues(value: String) {
        let locations = StorageLocations(environment: [
            "HOME": "/home/ann", "XDG_DATA_HOME": value, "XDG_STATE_HOME": value,
        ])
        #expect(locations.dataDirectory.path == "/home/ann/.local/share/emojiart")
        #expect(locations.stateDirectory.path == "/home/ann/.local/state/emojiart")
    }

    @Test("folders given directly are used as they are, standardized")
    func explicitFolders() {
        let locations = StorageLocations(
            dataDirectory: URL(fileURLWithPath: "/a/b/../data"), stateDirectory: URL(fileURLWithPath: "/s"))
        #expect(locations.dataDirectory.path == "/a/data")
        #expect(locations.stateDirectory.path == "/s")
    }
}
