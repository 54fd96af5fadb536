import Foundation
import Testing

@testable import EmojiArtCore

/// SPEC W4: a document's zoom and pan are saved and restored with its window state.
@Suite struct ViewportCodingTests {
    @Test("a viewport survives encoding and decoding")
    func codableRoundTrip() throws {
        let viewport = Viewport(zoom: 2.5, pan: ViewVector(dx: -12.25, dy: 40))
        let data = try JSONEncoder().encode(viewport)
        #expect(try JSONDecoder().decode(Viewport.self, from: data) == viewport)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["zoom"] as? Double == 2.5)
        let pan = try #require(object["pan"] as? [String: Any])
        #expect(pan["dx"] as? Double == -12.25)
        #expect(pan["dy"] as? Double == 40)
    }

    @Test(
        "saved state decodes tolerantly: missing fields get defaults, zoom is clamped",
        arguments: [
            (#"{}"#, Viewport()),
            (#"{"zoom": 3}"#, Viewport(zoom: 3)),
            (#"{"pan": {"dx": 5, "dy": -5}}"#, Viewport(pan: ViewVector(dx: 5, dy: -5))),
            (#"{"zoom": 1000, "pan": {"dx": 1, "dy": 2}}"#, Viewport(zoom: 20, pan: ViewVector(dx: 1, dy: 2))),
            (#"{"zoom": -2, "extra": true}"#, Viewport()),
        ])
    func tolerantDecoding(json: String, expected: Viewport) throws {
        #expect(try JSONDecoder().decode(Viewport.self, from: Data(json.utf8)) == expected)
    }
}
