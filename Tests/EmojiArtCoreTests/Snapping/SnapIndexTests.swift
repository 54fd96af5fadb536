import EmojiArtTestSupport
import Testing

@testable import EmojiArtCore

/// The sorted index answers every drag frame exactly as looking at every target line would
/// (`LinearSnapScan`), on random documents whose whole-point coordinates make lines coincide
/// often, as in files, where positions and sizes are mostly whole points.
@Suite struct SnapIndexTests {
    /// Whole numbers in `range`, the same on every run.
    struct WholeNumbers {
        var sequence: SeededSequence

        mutating func next(_ range: ClosedRange<Int>) -> Double {
            Double(range.lowerBound + Int(sequence.next() * Double(range.count)))
        }

        mutating func frame() -> DocumentRect {
            let x = next(-300...300)
            let y = next(-300...300)
            return DocumentRect(minX: x, minY: y, maxX: x + next(0...80), maxY: y + next(0...80))
        }
    }

    @Test("the index and a scan of every line agree on the correction and the guides", arguments: 0..<40)
    func indexMatchesScan(seed: Int) {
        var numbers = WholeNumbers(sequence: SeededSequence(seed: UInt64(seed) &* 0x9E37_79B9 &+ 1))
        let frames = (0..<Int(numbers.next(0...100))).map { _ in numbers.frame() }
        let background = numbers.next(0...1) == 0 ? nil : numbers.frame()
        // A view over most of the frames, or over some of them.
        let visible = DocumentRect(
            center: DocumentPoint(x: numbers.next(-200...200), y: numbers.next(-200...200)),
            size: DocumentSize(width: numbers.next(200...800), height: numbers.next(200...800)))
        let targets = SnapTargets(frames: frames, background: background, visibleRect: visible)
        let scan = LinearSnapScan(frames: frames, background: background, visibleRect: visible)
        let edgeChoices: [SnapEdges] = [.all, [.right, .bottom], [.left, .top], [.left, .bottom], [.center, .middle]]
        for _ in 0..<50 {
            let moving = numbers.frame()
            let edges = edgeChoices[Int(numbers.next(0...4))]
            let tolerance = numbers.next(0...12) / 2
            #expect(targets.snap(moving, edges: edges, tolerance: tolerance) == scan.snap(moving, edges: edges, tolerance: tolerance))
        }
    }

    @Test("a snapped corner scale puts a moving edge on a line within the tolerance, or keeps the scale", arguments: 0..<20)
    func scaleLandsOnLine(seed: Int) {
        var numbers = WholeNumbers(sequence: SeededSequence(seed: UInt64(seed) &+ 0x5EED))
        let frames = (0..<30).map { _ in numbers.frame() }
        let targets = SnapTargets(frames: frames, background: nil, visibleRect: SnapFixtures.wholeView)
        for _ in 0..<50 {
            let frame = numbers.frame()
            let pivot = DocumentPoint(x: frame.minX, y: frame.minY)
            let scale = 0.25 + numbers.next(0...100) / 37
            let result = targets.snapScale(scale, of: frame, about: pivot, movingEdges: [.right, .bottom], tolerance: 6)
            if result.guides.isEmpty {
                #expect(result.scale == scale)
                continue
            }
            #expect(result.scale > 0)
            let before = frame.scaled(by: scale, about: pivot)
            let after = frame.scaled(by: result.scale, about: pivot)
            // The guides lie on the snapped frame's moving edges …
            for guide in result.guides {
                let edge = guide.orientation == .vertical ? after.maxX : after.maxY
                #expect(abs(edge - guide.position) < 1e-6)
            }
            // … and the edge that decided moved no further than the tolerance.
            let moves = [abs(after.maxX - before.maxX), abs(after.maxY - before.maxY)]
            #expect(moves.min() ?? .infinity <= 6 + 1e-9)
        }
    }
}
