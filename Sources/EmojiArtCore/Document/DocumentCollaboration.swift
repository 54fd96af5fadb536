/// What a shared document's steps go to instead of its own undo stack (C3, C4): the room's
/// session, through a bridge that maps each step to ops, and whose undo is mine only. Core knows
/// no rooms; `EmojiArtCollab` implements it.
@MainActor
public protocol DocumentCollaboration: AnyObject {
    /// A finished step of mine, already applied to `document.model`. The collaboration sends it
    /// and then shows the room's state with `document.showShared(_:)`.
    func document(_ document: EmojiArtDocument, didPerform step: FieldStep)
    /// A frame of a gesture still running (a drag, a pinch): `emojis` as they are now, not a step
    /// yet. Shown live to others; the gesture becomes one step when it ends.
    func document(_ document: EmojiArtDocument, didPreview emojis: [Emoji])
    /// Undo and redo of my own steps only (C4).
    func undo(_ document: EmojiArtDocument)
    func redo(_ document: EmojiArtDocument)
    var undoActionName: String? { get }
    var redoActionName: String? { get }
}
