import Foundation
import PropertyBased

@testable import EmojiArtCore

/// Generators for the viewport's property tests, over the sizes a desktop canvas sees.
enum ViewportGen {
    static var viewport: Generator<Viewport, some SendableSequenceType> {
        zip(Gen.double(in: Viewport.zoomRange), Gen.double(in: -5000...5000), Gen.double(in: -5000...5000))
            .map { values in Viewport(zoom: values.0, pan: ViewVector(dx: values.1, dy: values.2)) }
    }

    static var size: Generator<ViewSize, some SendableSequenceType> {
        zip(Gen.double(in: 1...4000), Gen.double(in: 1...4000))
            .map { values in ViewSize(width: values.0, height: values.1) }
    }

    /// Pointer positions, including some outside the view (a drag may leave it).
    static var viewPoint: Generator<ViewPoint, some SendableSequenceType> {
        zip(Gen.double(in: -1000...5000), Gen.double(in: -1000...5000))
            .map { values in ViewPoint(x: values.0, y: values.1) }
    }

    static var documentPoint: Generator<DocumentPoint, some SendableSequenceType> {
        zip(Gen.double(in: -100_000...100_000), Gen.double(in: -100_000...100_000))
            .map { values in DocumentPoint(x: values.0, y: values.1) }
    }

    static var translation: Generator<ViewVector, some SendableSequenceType> {
        zip(Gen.double(in: -3000...3000), Gen.double(in: -3000...3000))
            .map { values in ViewVector(dx: values.0, dy: values.1) }
    }

    /// Zoom factors spread evenly on a log scale from about 1/1000 to 1000, so that many of
    /// them push the zoom past a limit of `Viewport.zoomRange`.
    static var factor: Generator<Double, some SendableSequenceType> {
        Gen.double(in: -7...7).map { exp($0) }
    }

    /// Rects whose fitting zoom may or may not fall within `Viewport.zoomRange`.
    static var rect: Generator<DocumentRect, some SendableSequenceType> {
        zip(documentPoint, Gen.double(in: 1...50_000), Gen.double(in: 1...50_000))
            .map { values in
                DocumentRect(center: values.0, size: DocumentSize(width: values.1, height: values.2))
            }
    }
}

/// Whether two view points agree within `tolerance` view pixels.
func isClose(_ lhs: ViewPoint, _ rhs: ViewPoint, tolerance: Double = 1e-6) -> Bool {
    abs(lhs.x - rhs.x) <= tolerance && abs(lhs.y - rhs.y) <= tolerance
}

/// Whether two document points agree within `tolerance` document units.
func isClose(_ lhs: DocumentPoint, _ rhs: DocumentPoint, tolerance: Double = 1e-6) -> Bool {
    abs(lhs.x - rhs.x) <= tolerance && abs(lhs.y - rhs.y) <= tolerance
}
