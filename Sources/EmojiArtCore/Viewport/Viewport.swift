/// How the document is shown on the canvas: a zoom and a pan (SPEC M1, G1–G5).
///
/// The document origin is drawn at the view's centre moved by `pan`, and one document unit
/// spans `zoom` view pixels: view = centre + pan + document × zoom. Keeping the origin tied to
/// the centre (not the corner) means a window resize keeps the picture centred, as on iOS.
/// Every change goes through a method that keeps `zoom` in `zoomRange` and both numbers finite,
/// so a viewport restored from disk or built from odd gesture input can always be drawn.
public struct Viewport: Hashable, Sendable {
    /// View pixels per document unit, always within `zoomRange`.
    public private(set) var zoom: Double
    /// Offset in view pixels of the document origin from the view's centre.
    public private(set) var pan: ViewVector

    /// The zooms a user can reach, as multiples of actual size (SPEC G1).
    public static let zoomRange: ClosedRange<Double> = 0.05...20

    /// Zoom factor of one mouse-wheel notch with Ctrl held (SPEC G1); wheel zoom multiplies,
    /// so equal notches feel equal at every zoom.
    public static let wheelZoomStep = 1.1

    /// Distance in view pixels that one arrow-key press pans when nothing is selected (SPEC G5).
    public static let arrowKeyPanStep = 40.0

    /// A viewport with `zoom` clamped to `zoomRange`; a zoom that is not a positive finite
    /// number becomes 1 and a pan that is not finite becomes zero.
    public init(zoom: Double = 1, pan: ViewVector = .zero) {
        self.zoom = zoom.isFinite && zoom > 0 ? Self.clampedZoom(zoom) : 1
        self.pan = pan.isFinite ? pan : .zero
    }

    /// Where `point` appears in a view of `size`.
    public func viewPoint(for point: DocumentPoint, in size: ViewSize) -> ViewPoint {
        let origin = documentOrigin(in: size)
        return ViewPoint(x: origin.x + point.x * zoom, y: origin.y + point.y * zoom)
    }

    /// The document point shown at `point` in a view of `size`; drops land here (SPEC G4).
    public func documentPoint(for point: ViewPoint, in size: ViewSize) -> DocumentPoint {
        let offset = point.vector(from: documentOrigin(in: size))
        return DocumentPoint(x: offset.dx / zoom, y: offset.dy / zoom)
    }

    /// Where the document origin is drawn in a view of `size`.
    public func documentOrigin(in size: ViewSize) -> ViewPoint {
        size.center.offset(by: pan)
    }

    /// This viewport with the picture moved by `translation` (drag, arrow keys, plain scroll).
    /// A translation that is not finite is ignored.
    public func panned(by translation: ViewVector) -> Viewport {
        guard translation.isFinite else { return self }
        return Viewport(zoom: zoom, pan: pan + translation)
    }

    static func clampedZoom(_ zoom: Double) -> Double {
        min(max(zoom, zoomRange.lowerBound), zoomRange.upperBound)
    }
}

/// Restored per document from window state (SPEC W4); decoding is tolerant so that old or
/// hand-edited state never stops a document from opening.
extension Viewport: Codable {
    private enum CodingKeys: String, CodingKey {
        case zoom, pan
    }

    /// Reads `{"zoom": …, "pan": {"dx": …, "dy": …}}`; a missing zoom is 1, a missing pan is
    /// zero, and an out-of-range zoom is clamped as in `init(zoom:pan:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            zoom: try container.decodeIfPresent(Double.self, forKey: .zoom) ?? 1,
            pan: try container.decodeIfPresent(ViewVector.self, forKey: .pan) ?? .zero)
    }

    /// Writes `{"zoom": …, "pan": {"dx": …, "dy": …}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(zoom, forKey: .zoom)
        try container.encode(pan, forKey: .pan)
    }
}
