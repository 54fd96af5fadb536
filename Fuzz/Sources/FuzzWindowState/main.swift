import EmojiArtCore
import Foundation
import FuzzSupport

// A window-state file (SPEC W4) on any bytes, decoded as `WindowStateStore.state(for:)` decodes
// it: a state comes back only for its own document and only with values a window can have, and
// it survives being written and read again.
let documentPath = "/home/ann/cat.emojiart"

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzDriver.data(bytes, count)
    require(WindowStateStore.state(fromFileContents: data, documentPath: "/elsewhere") == nil
        || data.range(of: Data("/elsewhere".utf8)) != nil, "a state came back for another document")
    guard let state = WindowStateStore.state(fromFileContents: data, documentPath: documentPath) else { return 0 }
    require(state.isValid, "a state no window can have was accepted")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let written = try? encoder.encode(Record(documentPath: documentPath, state: state)) else {
        require(false, "a decoded state cannot be encoded")
        return 0
    }
    require(WindowStateStore.state(fromFileContents: written, documentPath: documentPath) == state,
            "a state changed when written and read again")
    return 0
}

/// The file's shape (`WindowStateRecord` in Core), written the way the store writes it.
struct Record: Encodable {
    var version = 1
    var documentPath: String
    var state: WindowState
}

FuzzDriver.run(testOneInput)
