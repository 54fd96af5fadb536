import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// EMOJIART_TRACE: the milestones a launch benchmark reads, one JSON line each.
    @Suite("Launch trace", .serialized, .ownXvfbDisplay)
    struct LaunchTraceTests {
        @Test("a launch writes window-shown, document-decoded, first-frame with the emoji count, and background-ready")
        func milestones() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let expectedCount = try document.savedModel().emojis.count
                let traceFile = document.app.workspace.traceFile
                let events = try await waitFor("the trace to hold first-frame and background-ready") { () -> [[String: Any]]? in
                    let events = try Self.readEvents(traceFile)
                    let names = Set(events.compactMap { $0["event"] as? String })
                    return names.isSuperset(of: ["first-frame", "background-ready"]) ? events : nil
                }
                let names = events.compactMap { $0["event"] as? String }
                #expect(names.contains("window-shown"))
                #expect(names.contains("document-decoded"))
                let decoded = try #require(events.first { $0["event"] as? String == "document-decoded" })
                #expect(decoded["emojis"] as? Int == expectedCount)
                let frame = try #require(events.first { $0["event"] as? String == "first-frame" })
                #expect(frame["emojis"] as? Int == expectedCount)
                // How many rasters the frame made itself: usually 0 (the launch prepared them on
                // the decode thread), but a frame never waits for that, so only its presence is
                // checked here; Render's PreparedRastersTests prove the prepared ones are right.
                #expect((frame["rasterized"] as? Int).map { $0 >= 0 } == true)
                // Milliseconds since the process started: positive, below the test's own time limit,
                // and the frame cannot come before the decode it draws.
                let milliseconds = events.compactMap { $0["ms"] as? Double }
                #expect(milliseconds.count == events.count)
                #expect(milliseconds.allSatisfy { $0 > 0 && $0 < 120_000 })
                #expect(try #require(frame["ms"] as? Double) >= (try #require(decoded["ms"] as? Double)))
                #expect(names.filter { $0 == "first-frame" }.count == 1, "first-frame is written once per launch")
            }
        }

        @Test("the palette strip's pictures beyond the view are made after the first frame, and every one in view shows")
        func paletteAfterFirstFrame() async throws {
            try await withExampleDocument("sunny-meadow", accessible: true) { document in
                let traceFile = document.app.workspace.traceFile
                let events = try await waitFor("the trace to hold palette-ready") { () -> [[String: Any]]? in
                    let events = try Self.readEvents(traceFile)
                    return events.contains { $0["event"] as? String == "palette-ready" } ? events : nil
                }
                func milliseconds(_ name: String) throws -> Double {
                    try #require(events.first { $0["event"] as? String == name }?["ms"] as? Double, "no \(name)")
                }
                #expect(try milliseconds("palette-ready") >= milliseconds("first-frame"))

                // Every emoji button in view has its picture: colourful pixels inside its frame.
                let strip = try await document.paletteStrip(minimumButtons: 10)
                let shot = try await document.settledScreenshot()
                let blank = zip(strip.emojiNames, strip.emojiButtons).filter { _, frame in
                    !(frame.minY..<frame.maxY).contains { y in (frame.minX..<frame.maxX).contains { x in shot[x, y].chroma > 80 } }
                }
                #expect(blank.isEmpty, "buttons without a picture: \(blank.map(\.0))")
                try await shot.archive(as: "palette-after-first-frame")
            }
        }

        /// Each line of the trace parsed as a JSON object; a line that is not one fails the test.
        static func readEvents(_ file: URL) throws -> [[String: Any]] {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
            return try text.split(separator: "\n").map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
                return try #require(object as? [String: Any], "not a JSON object: \(line)")
            }
        }
    }
}
