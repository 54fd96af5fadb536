// swift-tools-version: 6.0
import PackageDescription

// libFuzzer harnesses for every decoder that reads outside data (DESIGN joint 8). A package of its
// own: it is built with -sanitize=fuzzer,address into its own scratch folder, and the main build
// never sees it. Build and run through scripts/fuzz, which passes the sanitizer flags to every
// module (EmojiArtCore included, so libFuzzer sees its coverage).
let package = Package(
    name: "EmojiArtFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "EmojiArt", path: ".."),
    ],
    targets: [
        // The declaration of LLVMFuzzerRunDriver; the library comes with -sanitize=fuzzer.
        .systemLibrary(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
        .executableTarget(name: "FuzzDocument", dependencies: ["FuzzSupport", core]),
        .executableTarget(name: "FuzzPalettes", dependencies: ["FuzzSupport", core]),
        .executableTarget(name: "FuzzWindowState", dependencies: ["FuzzSupport", core]),
        .executableTarget(name: "FuzzVersionIndex", dependencies: ["FuzzSupport", core]),
        .executableTarget(name: "FuzzText", dependencies: ["FuzzSupport", core]),
        .executableTarget(name: "FuzzImageHeader", dependencies: ["FuzzSupport", core]),
        .executableTarget(name: "FuzzClipboard", dependencies: ["FuzzSupport", core]),
        .executableTarget(name: "FuzzWireClient", dependencies: ["FuzzSupport", collab]),
        .executableTarget(name: "FuzzWireRelay", dependencies: ["FuzzSupport", collab]),
        .executableTarget(name: "FuzzSnapshot", dependencies: ["FuzzSupport", core, collab]),
    ],
    swiftLanguageModes: [.v6]
)

var core: Target.Dependency { .product(name: "EmojiArtCore", package: "EmojiArt") }
var collab: Target.Dependency { .product(name: "EmojiArtCollab", package: "EmojiArt") }
