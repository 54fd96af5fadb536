import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

@Suite struct EditorPreferencesTests {
    @Test("preferences are remembered; a missing, damaged or partial file gives the defaults")
    func roundTrip() throws {
        try withTemporaryDirectory { directory in
            #expect(EditorPreferences.load(from: directory).snapsToObjects)
            try EditorPreferences(snapsToObjects: false).save(to: directory)
            #expect(!EditorPreferences.load(from: directory).snapsToObjects)
            let file = directory.appendingPathComponent(EditorPreferences.fileName)
            try Data("{not json".utf8).write(to: file)
            #expect(EditorPreferences.load(from: directory) == EditorPreferences())
            try Data("{}".utf8).write(to: file)
            #expect(EditorPreferences.load(from: directory).snapsToObjects)
        }
    }

    @Test("the name others see is the one given, trimmed and cut to a name's length, or the system's (C5)")
    func displayName() throws {
        try withTemporaryDirectory { directory in
            #expect(EditorPreferences.load(from: directory).participantName(systemName: "Ada Lovelace") == "Ada Lovelace")
            try EditorPreferences(displayName: "  Grace  ").save(to: directory)
            let loaded = EditorPreferences.load(from: directory)
            #expect(loaded.snapsToObjects && loaded.participantName(systemName: "Ada") == "Grace")
            #expect(EditorPreferences(displayName: " ").participantName(systemName: "Ada") == "Ada")
            let long = String(repeating: "x", count: 500)
            #expect(
                EditorPreferences(displayName: long).participantName(systemName: "Ada").count == EditorPreferences.maximumDisplayNameLength)
            // A name of the wrong type keeps the other settings.
            try Data(#"{"snapsToObjects": false, "displayName": 7}"#.utf8).write(
                to: directory.appendingPathComponent(EditorPreferences.fileName))
            #expect(EditorPreferences.load(from: directory) == EditorPreferences(snapsToObjects: false))
        }
    }
}
