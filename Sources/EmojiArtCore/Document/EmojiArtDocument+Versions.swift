import Foundation

/// The document's side of keeping its past (SPEC H1, H2): its id, which names its history, and
/// Restore, one undo step made of ordinary edits.
extension EmojiArtDocument {
    /// The id naming this document's versions, given now if it has none. The id is content of the
    /// file but no edit (no undo step, no "•"): call this when the document changes, so the save
    /// that change brings writes the id too.
    @discardableResult
    public func ensureDocumentID() -> UUID {
        if let id = model.documentID { return id }
        let id = UUID()
        model.documentID = id
        return id
    }

    /// A fresh id, for Save As and Duplicate (H1): the new file starts a history of its own,
    /// while the old one keeps its past.
    public func giveFreshDocumentID() {
        model.documentID = UUID()
    }

    /// Makes the document what `version` was, as one undo step "Restore Version" (H2): only
    /// what differs changes, emojis in both keep their ids, the document keeps its own id and
    /// room. In a shared document the step goes to the room as any edit does (H3, C3), so Undo
    /// takes it back for everybody. Nothing happens when they are the same already.
    public func restore(version: EmojiArtModel) {
        endGesture()
        perform(VersionRestore.edits(from: model, to: version), named: ActionName.restoreVersion)
    }
}

extension EmojiArtModel {
    /// A copy with a new document id (Save a Copy…, Duplicate, `versions --restore -o`): a
    /// history of its own.
    public func withFreshDocumentID() -> EmojiArtModel {
        var copy = self
        copy.documentID = UUID()
        return copy
    }
}
