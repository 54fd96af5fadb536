import Foundation

extension PaletteStore {
    /// The palettes a `palettes.json` holding `data` gives, decoded exactly as `reload()` decodes
    /// the file (a newer version refused, duplicate ids renumbered), or nil when `reload()` would
    /// set the file aside and use the defaults. No file is touched, so the fuzzer (`Fuzz/`) can
    /// feed it any bytes.
    public static func palettes(fromFileContents data: Data) -> [Palette]? {
        try? PaletteFile.decode(data).palettes
    }
}
