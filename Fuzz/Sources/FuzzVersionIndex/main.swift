import EmojiArtCore
import Foundation
import FuzzSupport

// A version history's index (SPEC H1) on any bytes, read as `DocumentHistory.versions()` reads
// it: refused with a `VersionStoreError`, or a list the panel and `emojiart versions` can show —
// newest first, numbers that name files, counts and sizes no version can exceed.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzDriver.data(bytes, count)
    guard let versions = try? DocumentHistory.versions(fromIndexContents: data) else { return 0 }
    var previous = Int.max
    for version in versions {
        require(version.number >= 1 && version.number < previous, "numbers out of order: \(version.number) after \(previous)")
        require(version.emojiCount >= 0 && version.byteCount >= 0, "a negative count or size was accepted")
        require(version.date.timeIntervalSince1970.isFinite, "a time that is no date was accepted")
        require((version.name?.count ?? 0) <= 200, "a name of \(version.name?.count ?? 0) characters was accepted")
        previous = version.number
    }
    require((try? DocumentHistory.versions(fromIndexContents: data)) == versions, "the same bytes read differently")
    return 0
}

FuzzDriver.run(testOneInput)
