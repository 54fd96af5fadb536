import Foundation

/// A window's document session (W1, W2, W5): where its document lives, what it is called, what
/// closing it takes, and what Save As switches over. Each step returns what the window must do
/// (`CloseStep`); the App's `DocumentWindow` does the saving, the asking and the closing.
public struct DocumentSession: Hashable, Sendable {
    public private(set) var location: DocumentLocation
    /// The shared document's name from the link it was joined with (C2): an untitled window's
    /// name until it is saved.
    public var joinedDocumentName: String?
    /// Close was asked for and is being decided: saving, or asking the user.
    public private(set) var isClosing = false

    public init(location: DocumentLocation) {
        self.location = location
    }

    /// The document's name: its file's without the extension, else the joined room's; nil for an
    /// untitled document, which the window calls "Untitled".
    public var documentName: String? {
        location.fileURL.map { $0.deletingPathExtension().lastPathComponent } ?? joinedDocumentName
    }

    /// The name Save As offers: the file's own, else the document's name with the extension.
    public func suggestedFileName(untitledName: String) -> String {
        location.fileURL?.lastPathComponent ?? "\(documentName ?? untitledName).\(EmojiArtFormat.fileExtension)"
    }

    /// Save (Ctrl+S) writes a file now; an untitled document must be given one (Save As).
    public var saveNeedsAFile: Bool { location.fileURL == nil }

    /// Save As wrote the document to `url`, and autosave keeps writing there from now on. Returns
    /// the untitled document's draft, which the file now holds and which goes.
    public mutating func savedAs(_ url: URL) -> URL? {
        defer { location = .file(url) }
        if case .draft(let draft) = location { return draft }
        return nil
    }

    // MARK: - Closing

    /// What the window does next while closing.
    public enum CloseStep: Hashable, Sendable {
        /// Nothing can be lost: the window closes.
        case close
        /// The untitled document's draft (at this URL) and its versions go, then the window.
        case discardDraftAndClose(URL)
        /// Ask Save As… / Discard / Cancel, saying why.
        case ask(CloseQuestion)
        /// Save As, then close once saved (`saveAsFinished`).
        case saveAs
        /// The window stays open; Close may be asked for again.
        case stayOpen
    }

    /// Why closing asks first.
    public enum CloseQuestion: Hashable, Sendable {
        /// The file's last changes could not be saved; the message says why.
        case saveFailed(String)
        /// The document was never saved to a file.
        case untitled
    }

    /// The user's answer to the `CloseQuestion`.
    public enum CloseAnswer: Hashable, Sendable {
        case discard, saveAs, cancel
    }

    /// Close was asked for (the window's close button, Ctrl+W, Quit): true when the window should
    /// save and then ask `closing`; false while an earlier request is still being decided.
    public mutating func beginClosing() -> Bool {
        guard !isClosing else { return false }
        isClosing = true
        return true
    }

    /// What closing takes once the document was saved, or failed to be (`saveError`): a saved
    /// file closes; one that failed to save asks; an empty untitled document leaves no draft
    /// behind; any other untitled one asks.
    public func closing(saveError: (any Error)?, documentIsEmpty: Bool) -> CloseStep {
        switch location {
        case .file:
            guard let saveError else { return .close }
            return .ask(.saveFailed("\(saveError)"))
        case .draft(let url):
            return documentIsEmpty ? .discardDraftAndClose(url) : .ask(.untitled)
        }
    }

    /// The user answered the question: Discard closes without saving — an untitled document's
    /// draft goes too —, Save As… saves first, Cancel keeps the window.
    public mutating func answered(_ answer: CloseAnswer) -> CloseStep {
        switch answer {
        case .discard:
            if case .draft(let url) = location { return .discardDraftAndClose(url) }
            return .close
        case .saveAs:
            return .saveAs
        case .cancel:
            isClosing = false
            return .stayOpen
        }
    }

    /// The Save As that closing asked for ended: saved, the window closes; cancelled or failed,
    /// it stays.
    public mutating func saveAsFinished(saved: Bool) -> CloseStep {
        guard saved else {
            isClosing = false
            return .stayOpen
        }
        return .close
    }
}
