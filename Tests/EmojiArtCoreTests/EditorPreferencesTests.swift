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
}
