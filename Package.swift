// swift-tools-version: 6.0
import PackageDescription

// Dependencies point down: emojiart → EmojiArtCore. EmojiArtCore depends on Foundation only
// and must build on Linux and macOS alike (no GTK, no cairo, no OpaquePointer).
let package = Package(
    name: "EmojiArt",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "EmojiArtCore", targets: ["EmojiArtCore"]),
        .executable(name: "emojiart", targets: ["emojiart"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        .target(name: "EmojiArtCore"),
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
        // Runs the built `emojiart` binary; depends on it so it is built first.
        .testTarget(name: "EmojiArtCLITests", dependencies: ["emojiart"]),
    ],
    swiftLanguageModes: [.v6]
)
