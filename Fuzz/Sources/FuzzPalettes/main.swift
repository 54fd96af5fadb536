import EmojiArtCore
import Foundation
import FuzzSupport

// `palettes.json` (SPEC P5) on any bytes, decoded as `PaletteStore.reload()` decodes it: unusable
// files give nil (the store then sets them aside), usable ones give palettes with distinct ids
// that survive being written and read again.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let palettes = PaletteStore.palettes(fromFileContents: FuzzDriver.data(bytes, count)) else { return 0 }
    require(!palettes.isEmpty, "an empty list of palettes was accepted")
    require(Set(palettes.map(\.id)).count == palettes.count, "two palettes share an id")
    for palette in palettes {
        // What the strip (P1) and the editor (P3) do with a palette's text.
        _ = palette.uniqueEmojis
        _ = palette.emojis.uniqueEmojis
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let written = try? encoder.encode(File(palettes: palettes)) else {
        require(false, "decoded palettes cannot be encoded")
        return 0
    }
    require(PaletteStore.palettes(fromFileContents: written) == palettes, "palettes changed when written and read again")
    return 0
}

/// The file's shape (`PaletteFile` in Core), written the way the store writes it.
struct File: Encodable {
    var version = 1
    var palettes: [Palette]
}

FuzzDriver.run(testOneInput)
