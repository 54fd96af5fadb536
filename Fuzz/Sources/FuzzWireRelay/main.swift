import EmojiArtCollab
import Foundation
import FuzzSupport

// What a relay sends, as a client reads it (C8, C10): any frame is refused with a `CollabError`
// or decodes to a message that encodes and decodes to itself: a client never traps on what a
// relay says.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let frame = FuzzDriver.data(bytes, count)
    let message: RelayMessage
    do {
        message = try WireCodec.relayMessage(from: frame)
    } catch {
        require(!error.description.isEmpty, "a refusal without a sentence")
        return 0
    }
    let encoded: Data
    do {
        encoded = try WireCodec.encode(message)
    } catch {
        require(false, "a message that decoded does not encode: \(error)")
        return 0
    }
    do {
        let again = try WireCodec.relayMessage(from: encoded)
        require(again == message, "a message changed on the wire: \(message) became \(again)")
    } catch {
        require(false, "a message that decoded does not decode again: \(error)")
    }
    return 0
}

FuzzDriver.run(testOneInput)
