extension Viewport {
    /// `rect` on screen: zoom and pan keep rectangles axis-aligned.
    public func viewRect(for rect: DocumentRect, in size: ViewSize) -> ViewRect {
        ViewRect(
            corner: viewPoint(for: DocumentPoint(x: rect.minX, y: rect.minY), in: size),
            opposite: viewPoint(for: DocumentPoint(x: rect.maxX, y: rect.maxY), in: size))
    }

    /// The document area under `rect` on screen.
    public func documentRect(for rect: ViewRect, in size: ViewSize) -> DocumentRect {
        let first = documentPoint(for: ViewPoint(x: rect.minX, y: rect.minY), in: size)
        let second = documentPoint(for: ViewPoint(x: rect.maxX, y: rect.maxY), in: size)
        return DocumentRect(
            minX: min(first.x, second.x), minY: min(first.y, second.y),
            maxX: max(first.x, second.x), maxY: max(first.y, second.y))
    }

    /// A length in view pixels, in document points.
    public func documentLength(_ pixels: Double) -> Double { pixels / zoom }
}
