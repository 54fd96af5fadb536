import Foundation
import Testing

@testable import EmojiArtCore

/// Align and distribute (R2) on bounding boxes as drawn, groups moving as one (R3). Expected
/// positions are worked out by hand in the comments.
@Suite struct ArrangementTests {
    private func emoji(_ id: Int, _ x: Double, _ y: Double, size: Double = 20, rotation: Double = 0, group: String? = nil) -> Emoji {
        Emoji(id: id, text: "😀", position: DocumentPoint(x: x, y: y), size: size, rotation: rotation, group: group)
    }

    /// The new positions by id, for comparing with expectations to within rounding.
    private func positions(_ moved: [Emoji]) -> [Int: DocumentPoint] {
        Dictionary(uniqueKeysWithValues: moved.map { ($0.id, $0.position) })
    }

    private func expectPositions(_ moved: [Emoji], _ expected: [Int: (Double, Double)], sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = positions(moved)
        #expect(Set(actual.keys) == Set(expected.keys), "moved \(actual.keys.sorted())", sourceLocation: sourceLocation)
        for (id, (x, y)) in expected {
            guard let point = actual[id] else { continue }
            #expect(
                abs(point.x - x) < 1e-9 && abs(point.y - y) < 1e-9, "emoji \(id) at \(point), not (\(x), \(y))",
                sourceLocation: sourceLocation)
        }
    }

    // A: x −10…10, y −10…10. B: x 30…70, y 10…50. C, turned 45°: half-width 10√2 about (100, 0).
    private var threeEmojis: [Emoji] {
        [emoji(1, 0, 0), emoji(2, 50, 30, size: 40), emoji(3, 100, 0, rotation: 45)]
    }

    @Test("align left puts every frame's left edge on the leftmost one; the turned emoji by its bounding box")
    func alignLeft() {
        // The frame's left is −10 (A). B's centre is 20 right of its left edge, C's 10√2.
        expectPositions(Arrangement.align(threeEmojis, to: .left), [2: (10, 30), 3: (-10 + 10 * 2.0.squareRoot(), 0)])
    }

    /// Where each alignment puts the three. Frame: x −10…(100 + 10√2), y −10√2 (C's top)…50
    /// (B's bottom).
    static let alignments: [(Alignment, [Int: (Double, Double)])] = {
        let root2: Double = 2.0.squareRoot()
        let center: Double = 45 + 5 * root2
        let middle: Double = 25 - 5 * root2
        return [
            (.right, [1: (90 + 10 * root2, 0), 2: (80 + 10 * root2, 30)]),
            (.center, [1: (center, 0), 2: (center, 30), 3: (center, 0)]),
            (.top, [1: (0, 10 - 10 * root2), 2: (50, 20 - 10 * root2)]),
            (.middle, [1: (0, middle), 2: (50, middle), 3: (100, middle)]),
            (.bottom, [1: (0, 40), 3: (100, 50 - 10 * root2)]),
        ]
    }()

    @Test("align right, center, top, middle and bottom, each to the frame around all three", arguments: alignments)
    func alignEach(alignment: Alignment, expected: [Int: (Double, Double)]) {
        expectPositions(Arrangement.align(threeEmojis, to: alignment), expected)
    }

    @Test("aligning what is aligned moves nothing, rounding errors included", arguments: Alignment.allCases)
    func alignTwice(alignment: Alignment) {
        let once = Arrangement.align(threeEmojis, to: alignment)
        let moved = Dictionary(uniqueKeysWithValues: once.map { ($0.id, $0) })
        let aligned = threeEmojis.map { moved[$0.id] ?? $0 }
        #expect(Arrangement.align(aligned, to: alignment).isEmpty)
    }

    @Test("a group aligns by its group frame and moves rigidly")
    func alignGroup() {
        // Group g: P x −10…10, Q x 30…50 (y −10…20); R x 90…110 at y 100.
        let emojis = [emoji(1, 0, 0, group: "g"), emoji(2, 40, 10, group: "g"), emoji(3, 100, 100)]
        // Right edge 110: the group moves 60 right together.
        expectPositions(Arrangement.align(emojis, to: .right), [1: (60, 0), 2: (100, 10)])
        // Top −10: only R moves, to y 0.
        expectPositions(Arrangement.align(emojis, to: .top), [3: (100, 0)])
        // Centre x 50: the group's centre 20 goes 30 right, R's 100 goes 50 left.
        expectPositions(Arrangement.align(emojis, to: .center), [1: (30, 0), 2: (70, 10), 3: (50, 100)])
    }

    @Test("one unit alone has nothing to align with: a single emoji, or a whole group")
    func alignOneUnit() {
        #expect(Arrangement.align([emoji(1, 0, 0)], to: .left).isEmpty)
        #expect(Arrangement.align([emoji(1, 0, 0, group: "g"), emoji(2, 50, 50, group: "g")], to: .left).isEmpty)
        #expect(Arrangement.align([], to: .left).isEmpty)
    }

    @Test("distribute keeps the outer two and makes the gaps between frames equal, whatever the input order")
    func distributeHorizontally() {
        // A −10…10, B 20…40, C 80…120: 130 wide, 80 of it frames, two gaps of 25: B's left at 35.
        let emojis = [emoji(3, 100, 0, size: 40), emoji(1, 0, 0), emoji(2, 30, 0)]
        expectPositions(Arrangement.distribute(emojis, along: .horizontal), [2: (45, 0)])
        expectPositions(Arrangement.distribute(emojis.reversed(), along: .horizontal), [2: (45, 0)])
    }

    @Test("distribute vertically uses a turned emoji's bounding box")
    func distributeVerticallyRotated() {
        // A y −10…10, C y 90…110; B turned 45° spans 2·10√2: symmetric, so its centre goes to 50.
        let emojis = [emoji(1, 0, 0), emoji(2, 0, 30, rotation: 45), emoji(3, 0, 100)]
        expectPositions(Arrangement.distribute(emojis, along: .vertical), [2: (0, 50)])
    }

    @Test("overlapping frames get equal negative gaps")
    func distributeNegativeGap() {
        // A −10…10, B −5…15, C 10…30: 40 wide, 60 of frames, gaps of −10: B's left at 0.
        let emojis = [emoji(1, 0, 0), emoji(2, 5, 0), emoji(3, 20, 0)]
        expectPositions(Arrangement.distribute(emojis, along: .horizontal), [2: (10, 0)])
    }

    @Test("a group in the middle is placed by its group frame, its members moving together")
    func distributeGroup() {
        // A −110…−90; group P −60…−40, Q −50…−30 (frame −60…−30); B 90…110.
        // 220 wide, 70 of frames, gaps of 75: the group's left at −15, 45 to the right.
        let emojis = [emoji(1, -100, 0), emoji(2, -50, 0, group: "g"), emoji(3, -40, 30, group: "g"), emoji(4, 100, 0)]
        expectPositions(Arrangement.distribute(emojis, along: .horizontal), [2: (-5, 0), 3: (5, 30)])
    }

    @Test("distributing spaced units moves nothing; fewer than three units never move")
    func distributeNothing() {
        let spaced = [emoji(1, 0, 0), emoji(2, 50, 0), emoji(3, 100, 0)]
        #expect(Arrangement.distribute(spaced, along: .horizontal).isEmpty)
        #expect(Arrangement.distribute([emoji(1, 0, 0), emoji(2, 7, 0)], along: .horizontal).isEmpty)
        // Three emojis, but two of them one group: two units.
        let twoUnits = [emoji(1, 0, 0), emoji(2, 3, 0, group: "g"), emoji(3, 100, 0, group: "g")]
        #expect(Arrangement.distribute(twoUnits, along: .vertical).isEmpty)
    }
}
