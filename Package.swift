// swift-tools-version: 6.0
import PackageDescription

// Dependencies point down: emojiart → EmojiArtRender → EmojiArtCore. EmojiArtCore depends on
// Foundation only and must build on Linux and macOS alike (no GTK, no cairo, no OpaquePointer).
// EmojiArtRender uses cairo + pango only (through CPangoCairo), never GTK, so headless export works.
let package = Package(
    name: "EmojiArt",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "EmojiArtCore", targets: ["EmojiArtCore"]),
        .library(name: "EmojiArtRender", targets: ["EmojiArtRender"]),
        .executable(name: "emojiart", targets: ["emojiart"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        .target(name: "EmojiArtCore"),
        .systemLibrary(
            name: "CPangoCairo",
            path: "Sources/CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        .target(name: "EmojiArtRender", dependencies: ["EmojiArtCore", "CPangoCairo"]),
        .executableTarget(
            name: "emojiart",
            dependencies: [
                "EmojiArtCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "EmojiArtCoreTests",
            dependencies: [
                "EmojiArtCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "EmojiArtRenderTests", dependencies: ["EmojiArtRender", "EmojiArtCore"]),
    ],
    swiftLanguageModes: [.v6]
)
