import EmojiArtCollab
import Foundation
import FuzzSupport

// What a client sends, as the relay reads it (C1, C8): refused with a sentence, or a message
// that encodes and decodes to itself, so the relay forwards what it read.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    requireWireRoundTrip(FuzzDriver.data(bytes, count), decode: WireCodec.clientMessage(from:), encode: WireCodec.encode(_:))
    return 0
}

FuzzDriver.run(testOneInput)
