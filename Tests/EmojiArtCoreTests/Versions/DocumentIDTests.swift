import Foundation
import Testing

@testable import EmojiArtCore

/// The document id of H1: a key of ours that the iOS app ignores, written only once a document has
/// one, so the original's files read and write as before (M4).
@Suite struct DocumentIDTests {
    static let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    @Test("a file without the key has no id, and writing it adds none")
    func noKeyNoID() throws {
        for file in BackwardCompatibilityTests.fixtures.map(\.file) {
            let model = try EmojiArtDecoder().decode(FixtureFiles.data(named: file))
            #expect(model.documentID == nil)
            let written = try FixtureFiles.jsonObject(EmojiArtEncoder().encode(model))
            #expect(written["documentID"] == nil)
        }
    }

    @Test("an id is written as a lowercase UUID string and reads back")
    func roundTrip() throws {
        var model = EmojiArtModel()
        model.addEmoji("😀", at: .zero, size: 40)
        model.documentID = Self.id
        let data = EmojiArtEncoder().encode(model)
        let object = try FixtureFiles.jsonObject(data)
        #expect(object["documentID"] as? String == "6f9619ff-8b86-d011-b42d-00c04fc964ff")
        #expect(try EmojiArtDecoder().decode(data) == model)
    }

    @Test("the iOS app's keys stay as they were beside the id")
    func originalKeysKept() throws {
        let original = try FixtureFiles.data(named: "ios-url-background.emojiart")
        var model = try EmojiArtDecoder().decode(original)
        model.documentID = Self.id
        let written = try FixtureFiles.jsonObject(EmojiArtEncoder().encode(model))
        #expect(FixtureFiles.isSubset(try FixtureFiles.jsonObject(original), of: written))
    }

    @Test(
        "an id of another type, or text that is no UUID, is ignored like an unknown key",
        arguments: [#""documentID":42"#, #""documentID":"not-a-uuid""#, #""documentID":{"a":1}"#, #""documentID":null"#])
    func tolerant(key: String) throws {
        let json = #"{"background":{},"#.appending(key).appending(#","emojis":[]}"#)
        let model = try EmojiArtDecoder().decode(Data(json.utf8))
        #expect(model.documentID == nil)
    }

    @Test("the first usable id counts when the key is repeated")
    func repeatedKey() throws {
        let json = #"{"documentID":"6f9619ff-8b86-d011-b42d-00c04fc964ff","documentID":"x","emojis":[]}"#
        #expect(try EmojiArtDecoder().decode(Data(json.utf8)).documentID == Self.id)
    }

    @Test("Save As gets a fresh id; ensuring an id keeps the one there is")
    @MainActor func freshAndEnsured() {
        let document = EmojiArtDocument()
        let first = document.ensureDocumentID()
        #expect(document.ensureDocumentID() == first)
        #expect(!document.hasUnsavedChanges)
        #expect(!document.canUndo)
        document.giveFreshDocumentID()
        #expect(document.model.documentID != first)
        #expect(document.model.withFreshDocumentID().documentID != document.model.documentID)
    }

    @Test("edits and undo leave the id alone")
    @MainActor func editsKeepID() {
        let document = EmojiArtDocument()
        let id = document.ensureDocumentID()
        document.addEmoji("😀", at: .zero, size: 40)
        document.undo()
        #expect(document.model.documentID == id)
    }
}
