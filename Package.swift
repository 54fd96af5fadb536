// swift-tools-version: 6.0
import PackageDescription

// Dependencies point down: emojiart → EmojiArtApp → EmojiArtRender → EmojiArtCore.
// EmojiArtCore depends on Foundation only and must build on Linux and macOS alike (no GTK, no
// cairo, no OpaquePointer); EmojiArtRender uses cairo and pango, never GTK.
let package = Package(
    name: "EmojiArt",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "EmojiArtCore", targets: ["EmojiArtCore"]),
        .library(name: "EmojiArtRender", targets: ["EmojiArtRender"]),
        .library(name: "EmojiArtCollab", targets: ["EmojiArtCollab"]),
        // For the benchmarks' collab clients (Benchmarks/).
        .library(name: "EmojiArtCollabNet", targets: ["EmojiArtCollabNet"]),
        .executable(name: "emojiart", targets: ["emojiart"]),
        // For the benchmarks' user-shaped documents (UserShapedArt), the same the tests draw.
        .library(name: "EmojiArtTestSupport", targets: ["EmojiArtTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        // Editing together (COLLAB): the relay's server, the app's WebSocket client, AES-GCM.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        // http(s) for background images and the relay's rooms and blobs (EmojiArtHTTP), on the
        // NIO and NIOSSL the WebSocket client already brings, instead of URLSession, whose
        // libcurl and its ~25 libraries cost every launch ~9 ms (README, Performance).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.30.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.26.0"),
        // The relay's PostgreSQL store (`--store postgres://…`), for the relay targets only.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
    ],
    targets: [
        .target(name: "EmojiArtCore"),
        // The sync engine for editing together (SPEC C1–C7; COLLAB): pure Swift over Core, no
        // networking, so its property tests run in memory. The relay and the WebSocket client
        // are their own targets, keeping their dependencies out of everything else's build.
        // Crypto for protocol 3's signatures (Ed25519: admission by public key, signed edits, C10,
        // C12): computation only, no I/O.
        .target(name: "EmojiArtCollab", dependencies: ["EmojiArtCore", .product(name: "Crypto", package: "swift-crypto")]),
        // The http(s) transport (AsyncHTTPClient): `ImageFetcher.live` within SPEC B6's limits,
        // and the relay's plain HTTP requests. Core keeps the limits, the errors and file://
        // reading, and stays Foundation only.
        .target(
            name: "EmojiArtHTTP",
            dependencies: [
                "EmojiArtCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ]
        ),
        // The client side of the network: a RelayLink over WebSocket (WSClient, no server code)
        // and the AES-GCM sealer (C7), for the app and the CLI.
        .target(
            name: "EmojiArtCollabNet",
            dependencies: [
                "EmojiArtCollab",
                "EmojiArtHTTP",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The relay (C1): rooms, fsynced logs, snapshots, blobs, on Hummingbird. Its own
        // executable, so the server stack never loads with the app (`emojiart relay` execs it).
        // gettext from glibc's own headers, for the relay's sentences (no GLib in the relay).
        .systemLibrary(name: "CLibintl", path: "Sources/CLibintl"),
        .target(
            name: "EmojiArtRelay",
            dependencies: [
                "EmojiArtCollab",
                "CLibintl",
                // SHA-256 for blob names and the create token's digest.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .executableTarget(
            name: "emojiart-relay",
            dependencies: [
                "EmojiArtRelay", "EmojiArtCollab", "EmojiArtCore", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .systemLibrary(
            name: "CPangoCairo",
            path: "Sources/CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CGdkPixbuf",
            path: "Sources/CGdkPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
        ),
        // libdeflate and zlib for the PNG writer (Export/PNGEncoder.swift).
        .systemLibrary(
            name: "CPNGEncoding",
            path: "Sources/CPNGEncoding",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev", "zlib1g-dev"])]
        ),
        // The pixel loops that must run at memory speed (painting emoji rasters), in C.
        .target(name: "CRenderKernels"),
        .target(
            name: "EmojiArtRender",
            dependencies: ["EmojiArtCore", "CPangoCairo", "CGdkPixbuf", "CPNGEncoding", "CRenderKernels"]),
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]
        ),
        // The libdispatch ↔ GLib main-queue bridge (DESIGN joint 3), GLib only, so its test and the
        // sanitizer runs (scripts/sanitize) reach it without GTK.
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        .target(name: "MainLoopBridge", dependencies: ["CGLib"]),
        // Runs the bridge under g_main_loop_run on the main thread, for MainLoopBridgeTests.
        .executableTarget(name: "MainLoopBridgeCheck", dependencies: ["MainLoopBridge", "CGLib"]),
        .target(
            name: "EmojiArtApp",
            dependencies: [
                "EmojiArtCore", "EmojiArtRender", "EmojiArtCollab", "EmojiArtCollabNet", "EmojiArtHTTP", "CGtk", "MainLoopBridge",
            ]),
        .executableTarget(
            name: "emojiart",
            dependencies: [
                "EmojiArtCore",
                "EmojiArtRender",
                "EmojiArtApp",
                "EmojiArtCollab",
                "EmojiArtCollabNet",
                "EmojiArtHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the test targets share: one HTTP test server, one polling helper, temporary
        // folders, test images and fetch limits. Only test targets depend on it.
        .target(name: "EmojiArtTestSupport", dependencies: ["EmojiArtCore"], path: "Tests/EmojiArtTestSupport"),
        // The in-memory relay the sync engine's tests talk to through `RelayLink` (the same
        // `RoomHost` the real relay runs), kept out of the product.
        .target(
            name: "EmojiArtCollabTestSupport", dependencies: ["EmojiArtCollab", .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/EmojiArtCollabTestSupport"),
        .testTarget(
            name: "EmojiArtCoreTests",
            dependencies: [
                "EmojiArtCore",
                "EmojiArtTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // The live fetcher and the relay's requests against the HTTP test server on 127.0.0.1.
        .testTarget(
            name: "EmojiArtHTTPTests",
            dependencies: [
                "EmojiArtHTTP", "EmojiArtCore", "EmojiArtTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "EmojiArtCollabTests",
            dependencies: [
                "EmojiArtCollab",
                "EmojiArtCollabTestSupport",
                "EmojiArtCore",
                "EmojiArtTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // The relay and the WebSocket link on real sockets (127.0.0.1:0), the relay binary killed
        // and restarted; depends on the relay executable so it is built first.
        .testTarget(
            name: "EmojiArtRelayTests",
            dependencies: [
                "EmojiArtRelay", "EmojiArtCollabNet", "EmojiArtCollab", "emojiart-relay", "EmojiArtTestSupport",
                "EmojiArtCollabTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                // HostileRelayTests' fake relay (a server that misbehaves on purpose).
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ]
        ),
        // The client's networking pieces that need no relay: backoff, sealing and the shared
        // protocol vectors (data/protocol), which the browser client's tests check too.
        .testTarget(
            name: "EmojiArtCollabNetTests",
            dependencies: ["EmojiArtCollabNet", "EmojiArtCollab", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // Pictures for Render's tests: cairo surfaces read back as pixels, small test images.
        .target(
            name: "EmojiArtRenderTestSupport", dependencies: ["EmojiArtRender", "EmojiArtCore"],
            path: "Tests/EmojiArtRenderTestSupport"),
        .testTarget(
            name: "EmojiArtRenderTests",
            dependencies: ["EmojiArtRender", "EmojiArtCore", "EmojiArtTestSupport", "EmojiArtRenderTestSupport"]),
        // The suites that keep both cores busy for long and wait on no clock: documents of a million
        // emojis, hostile documents, threads racing on a store, pixel sweeps over every glyph size,
        // property tests of the sync engine. A target of their own so they run in a process of
        // their own (scripts/test): beside the others they held the pool's threads for a minute, and
        // a test waiting on a real clock (a relay's reader, a download's deadline) ran out of time.
        .testTarget(
            name: "EmojiArtWorkloadTests",
            dependencies: [
                "EmojiArtCore", "EmojiArtRender", "EmojiArtCollab", "EmojiArtCollabTestSupport", "EmojiArtTestSupport",
                "EmojiArtRenderTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // Swift Testing runs tests on the cooperative pool, never the main thread: the test
        // spawns MainLoopBridgeCheck, which owns its main thread. Depends on it so it is built first.
        .testTarget(name: "MainLoopBridgeTests", dependencies: ["MainLoopBridgeCheck"]),
        // Runs the built `emojiart` binary; depends on it so it is built first.
        // (and on emojiart-relay, which `emojiart relay` runs; the collab tests drive a peer of their own).
        .testTarget(
            name: "EmojiArtCLITests",
            dependencies: ["emojiart", "emojiart-relay", "EmojiArtCollab", "EmojiArtCollabNet", "EmojiArtCore", "EmojiArtTestSupport"]),
        // Drives the built `emojiart` binary under its own Xvfb with xdotool (DESIGN "Tests and
        // CI"); depends on it so it is built first. The drag-source helper is C, compiled by the
        // tests at run time against GTK, so it is not part of the Swift target; neither is the
        // Python AT-SPI reader the accessibility tests run.
        .testTarget(
            name: "EmojiArtGUITests",
            dependencies: ["emojiart", "emojiart-relay", "EmojiArtCore", "EmojiArtCollab", "EmojiArtTestSupport"],
            exclude: ["DragSourceHelper", "AccessibilityHelper"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// scripts/sanitize tests Core, Render (with their workload suites) and the main-queue bridge only: with EMOJIART_SANITIZE_SUBSET
// set, the manifest keeps just their targets, so the sanitizer build (its own scratch folder)
// compiles neither the networking stack (NIO, Hummingbird, swift-crypto, BoringSSL) nor GTK.
if Context.environment["EMOJIART_SANITIZE_SUBSET"] != nil {
    let kept: Set<String> = [
        "EmojiArtCore", "EmojiArtRender", "CPangoCairo", "CGdkPixbuf", "CPNGEncoding", "CRenderKernels",
        "CGLib", "MainLoopBridge", "MainLoopBridgeCheck", "EmojiArtTestSupport", "EmojiArtRenderTestSupport",
        "EmojiArtCoreTests", "EmojiArtRenderTests", "EmojiArtWorkloadTests", "MainLoopBridgeTests",
    ]
    package.targets.removeAll { !kept.contains($0.name) }
    // The workload suites of Core and Render; the sync engine's (Collab/) need swift-crypto.
    for target in package.targets where target.name == "EmojiArtWorkloadTests" {
        target.exclude.append("Collab")
        target.dependencies.removeAll { dependency in
            switch dependency {
            case .byNameItem(let name, _), .targetItem(let name, _): return name.hasPrefix("EmojiArtCollab")
            default: return false
            }
        }
    }
    package.products.removeAll { product in product.name != "EmojiArtCore" && product.name != "EmojiArtRender" }
    package.dependencies.removeAll { dependency in
        guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
        return !location.hasSuffix("swift-property-based")
    }
}
