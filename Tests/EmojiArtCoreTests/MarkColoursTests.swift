import Testing

@testable import EmojiArtCore

/// X10: the marks' colours follow the style, and with high contrast take a dark ink and a light
/// halo that contrast enough with each other and with anything under them.
@Suite struct MarkColoursTests {
    @Test("contrast ratios are WCAG 2's")
    func contrastRatios() {
        #expect(abs(RGBColour.black.contrastRatio(with: .white) - 21) < 0.001)
        #expect(RGBColour.white.contrastRatio(with: .white) == 1)
        // GNOME's blue on white is below AA's 4.5: why high contrast needs its own ink.
        #expect(abs(RGBColour.gnomeBlue.contrastRatio(with: .white) - 3.76) < 0.02)
        #expect(RGBColour.gnomeBlue.contrastRatio(with: .white) == RGBColour.white.contrastRatio(with: .gnomeBlue))
    }

    @Test("the usual style draws in its accent colour over a translucent white halo")
    func usualStyle() {
        let accent = RGBColour(red: 0.47, green: 0.68, blue: 0.93)
        let colours = MarkColours.forStyle(accent: accent, highContrast: false, foreground: .black, background: .white)
        #expect(colours.ink == accent)
        #expect(!colours.isHighContrast)
        #expect(MarkColours.forStyle(accent: nil, highContrast: false, foreground: nil, background: nil) == .standard)
    }

    @Test("high contrast takes the style's dark and light colours, whichever is the foreground, opaque and wider")
    func highContrast() {
        let dark = RGBColour(red: 0.05, green: 0.05, blue: 0.05)
        let light = RGBColour(red: 0.98, green: 0.98, blue: 0.98)
        for (foreground, background) in [(dark, light), (light, dark)] {
            let colours = MarkColours.forStyle(accent: .gnomeBlue, highContrast: true, foreground: foreground, background: background)
            #expect(colours.ink == dark)
            #expect(colours.guide == dark)
            #expect(colours.halo == light)
            #expect(colours.haloOpacity == 1)
            #expect(colours.lineScale > 1)
        }
    }

    @Test("high contrast falls back to black and white when the style's pair is too close or missing")
    func highContrastFallback() {
        let grey = RGBColour(red: 0.4, green: 0.4, blue: 0.4)
        for colours in [
            MarkColours.forStyle(accent: nil, highContrast: true, foreground: grey, background: .white),
            MarkColours.forStyle(accent: nil, highContrast: true, foreground: nil, background: nil),
        ] {
            #expect(colours.ink == .black)
            #expect(colours.halo == .white)
        }
    }

    @Test("one of high contrast's two colours stands out 4.5:1 from any grey under it")
    func eitherColourStandsOut() {
        let colours = MarkColours.forStyle(accent: nil, highContrast: true, foreground: nil, background: nil)
        for level in stride(from: 0.0, through: 1.0, by: 0.01) {
            let under = RGBColour(red: level, green: level, blue: level)
            #expect(max(colours.ink.contrastRatio(with: under), colours.halo.contrastRatio(with: under)) >= 4.5)
        }
    }
}
