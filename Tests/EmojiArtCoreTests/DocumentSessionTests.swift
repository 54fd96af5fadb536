import Foundation
import Testing

@testable import EmojiArtCore

/// W1, W2, W5: what closing a window takes, and what Save As switches over.
@Suite struct DocumentSessionTests {
    struct DiskFull: Error, CustomStringConvertible {
        var description: String { "The disk is full." }
    }

    let file = URL(fileURLWithPath: "/home/ada/Art/Sunset.emojiart")
    let draft = URL(fileURLWithPath: "/home/ada/.local/state/emojiart/drafts/1.emojiart")

    @Test("a file is named by its file, an untitled document by its joined room's name or not at all")
    func names() {
        #expect(DocumentSession(location: .file(file)).documentName == "Sunset")
        var untitled = DocumentSession(location: .draft(draft))
        #expect(untitled.documentName == nil)
        #expect(untitled.suggestedFileName(untitledName: "Untitled") == "Untitled.emojiart")
        untitled.joinedDocumentName = "Garden"
        #expect(untitled.documentName == "Garden")
        #expect(untitled.suggestedFileName(untitledName: "Untitled") == "Garden.emojiart")
        var saved = DocumentSession(location: .file(file))
        saved.joinedDocumentName = "Garden"
        #expect(saved.documentName == "Sunset")
        #expect(saved.suggestedFileName(untitledName: "Untitled") == "Sunset.emojiart")
    }

    @Test("Save writes a file now; an untitled document is given a file first")
    func saveNeedsAFile() {
        #expect(!DocumentSession(location: .file(file)).saveNeedsAFile)
        #expect(DocumentSession(location: .draft(draft)).saveNeedsAFile)
    }

    @Test("Save As moves an untitled document into the file and lets its draft go")
    func saveAsFromADraft() {
        var session = DocumentSession(location: .draft(draft))
        session.joinedDocumentName = "Garden"
        #expect(session.savedAs(file) == draft)
        #expect(session.location == .file(file))
        #expect(session.documentName == "Sunset")
        #expect(!session.saveNeedsAFile)
    }

    @Test("Save As moves a file's document into the new file, leaving the old one alone")
    func saveAsFromAFile() {
        var session = DocumentSession(location: .file(file))
        let copy = URL(fileURLWithPath: "/home/ada/Art/Sunset copy.emojiart")
        #expect(session.savedAs(copy) == nil)
        #expect(session.location == .file(copy))
        #expect(session.documentName == "Sunset copy")
    }

    @Test("a saved file closes; one whose save failed asks, saying why")
    func closingAFile() {
        var session = DocumentSession(location: .file(file))
        _ = session.beginClosing()
        #expect(session.closing(saveError: nil, documentIsEmpty: false) == .close)
        #expect(session.closing(saveError: DiskFull(), documentIsEmpty: true) == .ask(.saveFailed("The disk is full.")))
    }

    @Test("an empty untitled document leaves no draft behind; any other asks")
    func closingADraft() {
        let session = DocumentSession(location: .draft(draft))
        #expect(session.closing(saveError: nil, documentIsEmpty: true) == .discardDraftAndClose(draft))
        #expect(session.closing(saveError: nil, documentIsEmpty: false) == .ask(.untitled))
    }

    @Test("Close asked again while the first is being decided does nothing; after Cancel it asks again")
    func closingOnce() {
        var session = DocumentSession(location: .draft(draft))
        #expect(!session.isClosing)
        let first = session.beginClosing()
        #expect(first)
        #expect(session.isClosing)
        let again = session.beginClosing()
        #expect(!again)
        #expect(session.answered(.cancel) == .stayOpen)
        #expect(!session.isClosing)
        let afterCancel = session.beginClosing()
        #expect(afterCancel)
    }

    @Test("Discard closes, taking an untitled document's draft with it")
    func discard() {
        var untitled = DocumentSession(location: .draft(draft))
        _ = untitled.beginClosing()
        #expect(untitled.answered(.discard) == .discardDraftAndClose(draft))
        var failing = DocumentSession(location: .file(file))
        _ = failing.beginClosing()
        #expect(failing.answered(.discard) == .close)
    }

    @Test("Save As… saves first: saved, the window closes; cancelled or failed, it stays and Close may be asked again")
    func saveAsWhileClosing() {
        var session = DocumentSession(location: .draft(draft))
        _ = session.beginClosing()
        #expect(session.answered(.saveAs) == .saveAs)
        #expect(session.isClosing)
        #expect(session.saveAsFinished(saved: false) == .stayOpen)
        #expect(!session.isClosing)
        _ = session.beginClosing()
        _ = session.answered(.saveAs)
        #expect(session.saveAsFinished(saved: true) == .close)
    }
}
