import EmojiArtCore
import Testing

@testable import EmojiArtCollab

/// C5: presence follows every selection change at once, the pointer at most ~30 times a second,
/// and the pointer's last position arrives even when it stops between two updates.
@Suite struct PresencePacerTests {
    let ann = ClientID("ann")!

    @Test("a pointer that stops between two throttled updates still sends where it stopped")
    func trailingPointer() {
        var pacer = PresencePacer(interval: .milliseconds(33))
        #expect(pacer.pointerMoved(to: DocumentPoint(x: 1, y: 1), at: .milliseconds(0)) == .sendNow)
        #expect(pacer.pointerMoved(to: DocumentPoint(x: 2, y: 1), at: .milliseconds(10)) == .sendAfter(.milliseconds(23)))
        #expect(pacer.pointerMoved(to: DocumentPoint(x: 3, y: 1), at: .milliseconds(20)) == .nothing, "one trailing update is enough")
        #expect(pacer.due(at: .milliseconds(33)) == .sendNow)
        #expect(pacer.pointer == DocumentPoint(x: 3, y: 1), "what is sent is where it rests")
        #expect(pacer.due(at: .milliseconds(70)) == .nothing, "nothing new to send")
        #expect(pacer.pointerMoved(to: DocumentPoint(x: 4, y: 1), at: .milliseconds(100)) == .sendNow)
        #expect(pacer.pointerMoved(to: DocumentPoint(x: 4, y: 1), at: .milliseconds(101)) == .nothing, "not moved")
    }

    @Test("every change of the selection is sent at once, whatever the pointer's pace")
    func selectionAtOnce() {
        var pacer = PresencePacer(interval: .milliseconds(33))
        _ = pacer.pointerMoved(to: DocumentPoint(x: 1, y: 1), at: .milliseconds(0))
        let one = [CollabID(client: ann, counter: 1)]
        #expect(pacer.selectionChanged(to: one, at: .milliseconds(5)) == .sendNow, "Ctrl+A, Tab, a paste…")
        #expect(pacer.selectionChanged(to: one, at: .milliseconds(6)) == .nothing, "the same selection again")
        #expect(pacer.selectionChanged(to: [], at: .milliseconds(7)) == .sendNow, "Escape")
        // A pointer update held back meanwhile goes with the selection: nothing trails.
        _ = pacer.pointerMoved(to: DocumentPoint(x: 9, y: 9), at: .milliseconds(8))
        #expect(pacer.selectionChanged(to: one, at: .milliseconds(9)) == .sendNow)
        #expect(pacer.due(at: .milliseconds(60)) == .nothing)
    }
}
