import Foundation

/// A colour as the canvas's marks use it: sRGB components from 0 to 1.
public struct RGBColour: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let white = RGBColour(red: 1, green: 1, blue: 1)
    public static let black = RGBColour(red: 0, green: 0, blue: 0)
    /// GNOME's accent blue, #3584e4.
    public static let gnomeBlue = RGBColour(red: 0x35 / 255.0, green: 0x84 / 255.0, blue: 0xE4 / 255.0)
    /// The snap guides' magenta, #e01b84: the colour design tools give smart guides, apart from
    /// the selection's blue.
    public static let guideMagenta = RGBColour(red: 0xE0 / 255.0, green: 0x1B / 255.0, blue: 0x84 / 255.0)

    /// WCAG 2's relative luminance: 0 for black, 1 for white.
    public var relativeLuminance: Double {
        func linear(_ component: Double) -> Double {
            component <= 0.040_45 ? component / 12.92 : pow((component + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio with `other`, from 1 (the same) to 21 (black on white); text and
    /// marks that must be seen need 4.5 (level AA).
    public func contrastRatio(with other: RGBColour) -> Double {
        let (lighter, darker) = (max(relativeLuminance, other.relativeLuminance), min(relativeLuminance, other.relativeLuminance))
        return (lighter + 0.05) / (darker + 0.05)
    }
}

/// The colours the canvas's own marks are drawn in (X10): the selection's marks, frame, handles
/// and rubber band, the snap guides, group outlines and others' selections. Each line is drawn
/// over a wider `halo`, so it shows on a light picture and a dark one alike.
///
/// With the system's high contrast, `ink` and `halo` are the style's foreground and background
/// (a dark one and a light one, contrasting at least 7:1 with each other, else black and white),
/// fully opaque and wider, and others' coloured marks get the same edge: wherever a mark lies,
/// one of its two colours contrasts at least 4.5:1 with what is under it.
public struct MarkColours: Hashable, Sendable {
    public var ink: RGBColour
    public var guide: RGBColour
    public var halo: RGBColour
    public var haloOpacity: Double
    /// How much wider than usual lines are drawn.
    public var lineScale: Double
    public var isHighContrast: Bool

    public init(ink: RGBColour, guide: RGBColour, halo: RGBColour, haloOpacity: Double, lineScale: Double, isHighContrast: Bool) {
        self.ink = ink
        self.guide = guide
        self.halo = halo
        self.haloOpacity = haloOpacity
        self.lineScale = lineScale
        self.isHighContrast = isHighContrast
    }

    /// The widest `lineScale`, for culling what reaches past a mark's shape.
    public static let widestLineScale = 1.5

    public static let standard = MarkColours(
        ink: .gnomeBlue, guide: .guideMagenta, halo: .white, haloOpacity: 0.85, lineScale: 1, isHighContrast: false)

    /// The marks' colours for the style the app runs in: `accent` its accent colour, and with
    /// `highContrast` its `foreground` and `background` colours (any of them nil when the style
    /// names none).
    public static func forStyle(accent: RGBColour?, highContrast: Bool, foreground: RGBColour?, background: RGBColour?)
        -> MarkColours
    {
        guard highContrast else {
            var colours = standard
            if let accent { colours.ink = accent }
            return colours
        }
        var (dark, light) = (RGBColour.black, RGBColour.white)
        if let foreground, let background, foreground.contrastRatio(with: background) >= 7 {
            (dark, light) =
                foreground.relativeLuminance < background.relativeLuminance ? (foreground, background) : (background, foreground)
        }
        return MarkColours(ink: dark, guide: dark, halo: light, haloOpacity: 1, lineScale: widestLineScale, isHighContrast: true)
    }
}
