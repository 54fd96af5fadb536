import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

@Suite struct PaletteStoreTests {
    static let defaultNames = [
        "Faces", "COVID", "Weather", "Flora", "Animal Faces", "Animals", "Music", "Sports", "Vehicles",
    ]

    /// The project's list of the defaults, which the source was generated from.
    static let defaultPalettesTSV = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/default-palettes.tsv")

    @Test("a first run has the nine default palettes in order, without writing a file")
    func firstRunDefaults() throws {
        try withTemporaryDirectory { directory in
            let store = PaletteStore(dataDirectory: directory)
            #expect(store.palettes.map(\.name) == Self.defaultNames)
            #expect(Set(store.palettes.map(\.id)).count == 9)
            #expect(store.loadWarning == nil)
            let written = try contents(of: directory)
            #expect(written.isEmpty)
        }
    }

    @Test("the defaults hold default-palettes.tsv's exact emoji strings")
    func defaultsMatchTSV() throws {
        let text = try String(contentsOf: Self.defaultPalettesTSV, encoding: .utf8)
        let rows = text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let expected = rows.filter { $0.count == 2 }.map { (String($0[0]), String($0[1])) }
        try #require(expected.count == 9)
        for (palette, (name, emojis)) in zip(DefaultPalettes.all, expected) {
            #expect(palette.name == name)
            // Compare scalars: String equality would let a normalized copy pass.
            #expect(Array(palette.emojis.unicodeScalars) == Array(emojis.unicodeScalars), "\(name)")
        }
    }

    @Test("changes persist across instances")
    func persists() throws {
        try withTemporaryDirectory { directory in
            let store = PaletteStore(dataDirectory: directory)
            let new = try store.insertPalette(named: "New", emojis: "🐶🐶", at: 1)
            try store.renamePalette(withID: 1, to: "Smileys")
            try store.setEmojis("🍎🍐", forPaletteWithID: 2)

            let reopened = PaletteStore(dataDirectory: directory)
            #expect(reopened.palettes == store.palettes)
            #expect(reopened.palettes[1] == new)
            #expect(reopened.palettes[1].emojis == "🐶🐶")
            #expect(reopened.palettes[0].name == "Smileys")
            #expect(reopened.palette(withID: 2)?.emojis == "🍎🍐")
            #expect(reopened.loadWarning == nil)
            #expect(try contents(of: directory) == [PaletteStore.fileName])
        }
    }

    @Test("the store's folder is created when missing")
    func createsFolder() throws {
        try withTemporaryDirectory { directory in
            let nested = directory.appendingPathComponent("share/emojiart")
            let store = PaletteStore(dataDirectory: nested)
            try store.renamePalette(withID: 3, to: "Sky")
            #expect(PaletteStore(dataDirectory: nested).palette(withID: 3)?.name == "Sky")
        }
    }

    @Test("the last palette cannot be deleted")
    func lastPaletteStays() throws {
        try withTemporaryDirectory { directory in
            let store = PaletteStore(dataDirectory: directory)
            for palette in store.palettes.dropLast() {
                #expect(store.canRemovePalette)
                try store.removePalette(withID: palette.id)
            }
            #expect(store.palettes.map(\.name) == ["Vehicles"])
            #expect(!store.canRemovePalette)
            #expect(throws: PaletteStoreError.cannotDeleteLastPalette(name: "Vehicles")) {
                try store.removePalette(withID: 9)
            }
            #expect(PaletteStore(dataDirectory: directory).palettes.map(\.name) == ["Vehicles"])
        }
    }

    @Test("changing a palette that is gone is refused")
    func missingPalette() throws {
        try withTemporaryDirectory { directory in
            let store = PaletteStore(dataDirectory: directory)
            #expect(throws: PaletteStoreError.noSuchPalette(id: 42)) {
                try store.renamePalette(withID: 42, to: "x")
            }
        }
    }

    @Test("a new palette gets an id never used before, even after deletions")
    func freshIDs() throws {
        try withTemporaryDirectory { directory in
            let store = PaletteStore(dataDirectory: directory)
            let first = try store.insertPalette(named: "New", at: 0)
            try store.removePalette(withID: first.id)
            let reopened = PaletteStore(dataDirectory: directory)
            let second = try reopened.insertPalette(named: "New", at: 99)
            #expect(first.id == 10)
            #expect(second.id == 11)
            #expect(reopened.palettes.last == second)
        }
    }

    @Test(
        "moving works like a list's drag to reorder",
        arguments: [
            ([0], 3, ["COVID", "Weather", "Faces", "Flora"]),
            ([3], 0, ["Flora", "Faces", "COVID", "Weather"]),
            ([0, 2], 4, ["COVID", "Flora", "Faces", "Weather"]),
            ([1, 3], 0, ["COVID", "Flora", "Faces", "Weather"]),
            ([1], 1, ["Faces", "COVID", "Weather", "Flora"]),
        ])
    func moves(source: [Int], destination: Int, expectedFirstFour: [String]) throws {
        try withTemporaryDirectory { directory in
            let store = PaletteStore(dataDirectory: directory)
            try store.movePalettes(fromOffsets: IndexSet(source), toOffset: destination)
            #expect(Array(store.palettes.map(\.name).prefix(4)) == expectedFirstFour)
            #expect(store.palettes.count == 9)
            #expect(PaletteStore(dataDirectory: directory).palettes == store.palettes)
        }
    }

    @Test(
        "palette(at:) wraps around for “next palette”",
        arguments: [(0, "Faces"), (9, "Faces"), (10, "COVID"), (-1, "Vehicles"), (-10, "Vehicles")])
    func wrapsAround(index: Int, name: String) throws {
        try withTemporaryDirectory { directory in
            #expect(PaletteStore(dataDirectory: directory).palette(at: index).name == name)
        }
    }

    @Test(
        "a damaged file is moved aside with its bytes, the defaults are used, and a warning explains it",
        arguments: [
            ("not json at all", "it is not valid JSON"),
            (#"[1, 2, 3]"#, "it doesn’t hold a list of palettes"),
            (#"{"palettes": "Faces"}"#, "it doesn’t hold a list of palettes"),
            (#"{"palettes": [{"name": "Faces"}]}"#, "it doesn’t hold a list of palettes"),
            (#"{"version": 1, "palettes": []}"#, "its list of palettes is empty"),
            (#"{"version": 2, "palettes": [{"id": 1, "name": "A", "emojis": "🐶"}]}"#, "written by a newer version of EmojiArt"),
            ("", "it is not valid JSON"),
        ])
    func damagedFile(contents text: String, problem: String) throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent(PaletteStore.fileName)
            let original = Data(text.utf8)
            try original.write(to: file)

            let store = PaletteStore(dataDirectory: directory)

            #expect(store.palettes == DefaultPalettes.all)
            let warning = try #require(store.loadWarning)
            #expect(warning.problem.contains(problem))
            #expect(warning.description.contains("The default palettes are used instead."))
            let keptAs = try #require(warning.keptAs)
            #expect(keptAs.lastPathComponent.hasPrefix("palettes.json.corrupt-"))
            #expect(try Data(contentsOf: keptAs) == original)
            #expect(try contents(of: directory) == [keptAs.lastPathComponent])
        }
    }

    @Test("a second damaged file never overwrites the first one kept aside")
    func keepsEveryDamagedFile() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent(PaletteStore.fileName)
            try Data("first".utf8).write(to: file)
            let first = try #require(PaletteStore(dataDirectory: directory).loadWarning?.keptAs)
            try Data("second".utf8).write(to: file)
            let second = try #require(PaletteStore(dataDirectory: directory).loadWarning?.keptAs)
            #expect(first != second)
            #expect(try Data(contentsOf: first) == Data("first".utf8))
            #expect(try Data(contentsOf: second) == Data("second".utf8))
        }
    }

    @Test("unknown fields and a missing version are tolerated; duplicate ids get fresh ones")
    func toleratesUnknownFields() throws {
        try withTemporaryDirectory { directory in
            let json = #"""
                {"palettes": [{"id": 4, "name": "A", "emojis": "🐶", "colour": "red"},
                              {"id": 4, "name": "B", "emojis": "🐱"}],
                 "theme": "dark"}
                """#
            try Data(json.utf8).write(to: directory.appendingPathComponent(PaletteStore.fileName))
            let store = PaletteStore(dataDirectory: directory)
            #expect(store.loadWarning == nil)
            #expect(store.palettes == [Palette(id: 4, name: "A", emojis: "🐶"), Palette(id: 5, name: "B", emojis: "🐱")])
        }
    }

    @Test("duplicates of the largest id get the smallest free ids instead of overflowing (found by fuzzing)")
    func duplicatesOfTheLargestID() throws {
        let json =
            #"{"palettes": [{"id": 9223372036854775807, "name": "A", "emojis": "🐶"}, {"id": 1, "name": "B", "emojis": "🐱"},"#
            + #"{"id": 9223372036854775807, "name": "C", "emojis": "🐭"}]}"#
        let palettes = try #require(PaletteStore.palettes(fromFileContents: Data(json.utf8)))
        #expect(palettes.map(\.id) == [Int.max, 1, 2])
        #expect(Set(palettes.map(\.id)).count == palettes.count)
    }

    @Test("the saved file is versioned JSON that keeps every palette field")
    func savedShape() throws {
        try withTemporaryDirectory { directory in
            let store = PaletteStore(dataDirectory: directory)
            try store.renamePalette(withID: 2, to: "Virus")
            let data = try Data(contentsOf: directory.appendingPathComponent(PaletteStore.fileName))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["version"] as? Int == 1)
            #expect(object["lastPaletteID"] as? Int == 9)
            let palettes = try #require(object["palettes"] as? [[String: Any]])
            #expect(palettes.count == 9)
            #expect(palettes[1]["id"] as? Int == 2)
            #expect(palettes[1]["name"] as? String == "Virus")
            #expect(palettes[1]["emojis"] as? String == "💉🦠😷🤧🤒")
        }
    }

    @Test("a failed save keeps the change in memory and throws a readable error")
    func failedSave() throws {
        try withTemporaryDirectory { directory in
            // A file where the store's folder should be makes every save fail, even for root.
            let blocker = directory.appendingPathComponent("emojiart")
            try Data("x".utf8).write(to: blocker)
            let store = PaletteStore(dataDirectory: blocker)
            let error = #expect(throws: PaletteStoreError.self) {
                try store.renamePalette(withID: 1, to: "Smileys")
            }
            guard case .saveFailed(let writeError) = try #require(error) else {
                Issue.record("expected saveFailed, got \(String(describing: error))")
                return
            }
            #expect(writeError.path.hasSuffix("emojiart/palettes.json"))
            #expect(store.palettes[0].name == "Smileys")
            #expect(error?.description.hasPrefix("Your palettes couldn’t be saved") == true)
        }
    }

    @Test("reload picks up another process's change")
    func reloads() throws {
        try withTemporaryDirectory { directory in
            let mine = PaletteStore(dataDirectory: directory)
            let theirs = PaletteStore(dataDirectory: directory)
            try theirs.renamePalette(withID: 1, to: "Mine now")
            #expect(mine.palettes[0].name == "Faces")
            #expect(mine.reload() == nil)
            #expect(mine.palettes[0].name == "Mine now")
        }
    }
}
