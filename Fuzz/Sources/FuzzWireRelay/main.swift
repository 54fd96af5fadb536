import EmojiArtCollab
import Foundation
import FuzzSupport

// What a relay sends, as a client reads it (C8, C10): refused with a sentence, or a message
// that encodes and decodes to itself: a client never traps on what a relay says.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    requireWireRoundTrip(FuzzDriver.data(bytes, count), decode: WireCodec.relayMessage(from:), encode: WireCodec.encode(_:))
    return 0
}

FuzzDriver.run(testOneInput)
