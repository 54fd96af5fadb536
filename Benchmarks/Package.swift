// swift-tools-version: 6.0
import PackageDescription

// Performance measurements live here, never in timed unit tests. A package of its own, so the
// main build on 2 cores never rebuilds it. Run with: swift run -c release --package-path Benchmarks
let package = Package(
    name: "EmojiArtBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "EmojiArt", path: "..")
    ],
    targets: [
        // mallinfo2 is not exported by Swift's Glibc module.
        .target(name: "CMallocInfo"),
        .systemLibrary(name: "CBenchmarkPangoCairo", pkgConfig: "pangocairo"),
        .executableTarget(
            name: "EmojiArtBenchmarks",
            dependencies: [
                "CMallocInfo", "CBenchmarkPangoCairo",
                .product(name: "EmojiArtCore", package: "EmojiArt"),
                .product(name: "EmojiArtRender", package: "EmojiArt"),
                .product(name: "EmojiArtTestSupport", package: "EmojiArt"),
                // The `collab` workload: real clients (WebSocket, AES-GCM) against the release relay.
                .product(name: "EmojiArtCollab", package: "EmojiArt"),
                .product(name: "EmojiArtCollabNet", package: "EmojiArt"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
