import Testing

@testable import EmojiArtCore

@Suite struct PaletteTests {
    @Test("duplicates are shown once, where they first appear")
    func uniqueEmojisKeepFirstOccurrence() {
        let palette = Palette(id: 1, name: "Test", emojis: "🐶🐱🐶🦙🐱🐻‍❄️🐻‍❄️")
        #expect(palette.uniqueEmojis == ["🐶", "🐱", "🦙", "🐻‍❄️"])
        #expect(palette.emojis == "🐶🐱🐶🦙🐱🐻‍❄️🐻‍❄️")
    }

    @Test("an emoji with and without its emoji presentation selector are different")
    func variationSelectorsDiffer() {
        #expect(Palette(id: 1, name: "Sun", emojis: "☀️☀☀️").uniqueEmojis == ["☀️", "☀"])
    }

    @Test("the default Animals palette holds two duplicates, shown once")
    func defaultAnimalsDuplicates() throws {
        let animals = try #require(DefaultPalettes.all.first { $0.name == "Animals" })
        #expect(animals.emojis.count == 57)
        #expect(animals.uniqueEmojis.count == 55)
    }
}
