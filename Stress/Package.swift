// swift-tools-version: 6.0
import PackageDescription

// Proves that saves are crash-safe (SPEC W2): a child saves documents, palettes and window state
// in a loop, the driver SIGKILLs it at random moments and checks every file after each kill; and
// a full disk fails saves cleanly. A package of its own, like Benchmarks/, so the main build never
// builds it. Run with scripts/stress-saves.
let package = Package(
    name: "EmojiArtStress",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "EmojiArt", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "EmojiArtStress",
            dependencies: [.product(name: "EmojiArtCore", package: "EmojiArt")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
