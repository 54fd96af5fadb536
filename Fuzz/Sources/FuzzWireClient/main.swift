import EmojiArtCollab
import Foundation
import FuzzSupport

// What a client sends, as the relay reads it (C1, C8): any frame is refused with a `CollabError`
// or decodes to a message that encodes and decodes to itself, so the relay forwards what it read.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let frame = FuzzDriver.data(bytes, count)
    let message: ClientMessage
    do {
        message = try WireCodec.clientMessage(from: frame)
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
        let again = try WireCodec.clientMessage(from: encoded)
        require(again == message, "a message changed on the wire: \(message) became \(again)")
    } catch {
        require(false, "a message that decoded does not decode again: \(error)")
    }
    return 0
}

FuzzDriver.run(testOneInput)
