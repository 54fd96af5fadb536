extension Viewport {
    /// The zoom as the canvas's zoom controls show it: "100%", "250%", "5%" — whole percents,
    /// the sign spaced as the language spaces it ("100 %" in French).
    public var zoomLevelText: String {
        localized("{percent}%", ["percent": String(Int((zoom * 100).rounded()))])
    }
}
