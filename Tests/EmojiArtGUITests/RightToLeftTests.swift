import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// X9: in Arabic and Hebrew the window mirrors as GTK mirrors it — the header bar's start and
    /// end swap sides, the palette strip starts at the right — and the canvas does not: the same
    /// input gives the same picture and the same file as in English. The language is LANGUAGE with
    /// the workspace's UTF-8 locale (LANG=C.UTF-8; gettext ignores LANGUAGE in plain C); GTK turns
    /// right to left because its own catalog (gtk40, Debian's libgtk-4-common) translates
    /// "default:LTR" as "default:RTL" in these languages. Read through AT-SPI, as Orca reads it.
    @Suite("Right to left", .serialized, .ownXvfbDisplay)
    struct RightToLeftTests {
        /// The header bar's buttons, in the window's coordinates (x, y, width, height).
        struct HeaderButtons {
            var windowWidth: Int
            var undo: [Int]
            var redo: [Int]
            var mainMenu: [Int]

            var all: [[Int]] { [undo, redo, mainMenu] }
        }

        /// Opens a copy of sunny-meadow in an app speaking `language`, its tree on a private bus.
        private func withDocument(language: String, _ body: (AccessibilityBus, OpenDocument) async throws -> Void) async throws {
            try await withWorkspace { workspace in
                let file = try workspace.copyExample("sunny-meadow")
                let environment = ["LANGUAGE": language, "EMOJIART_LOCALEDIR": LanguageTests.catalogs.path]
                try await withApp(in: workspace, arguments: [file.path], extraEnvironment: environment, accessible: true) { app in
                    let bus = try #require(app.accessibilityBus)
                    try await body(bus, try await OpenDocument.waitForWindow(of: file, in: app))
                }
            }
        }

        /// The header bar's Undo, Redo and Main Menu buttons, found by their names in the app's language.
        private func headerButtons(
            of document: OpenDocument, undo: String, redo: String, mainMenu: String, on bus: AccessibilityBus
        ) async throws -> HeaderButtons {
            try await AccessibleTree.waitFor("the header bar's buttons are published", in: document.app, on: bus) { tree in
                guard let window = tree.children.first(where: { $0.name == document.savedTitle }), let width = window.frame?[2],
                    let undo = window.first(role: "push button", name: undo)?.frame,
                    let redo = window.first(role: "push button", name: redo)?.frame,
                    let menu = window.first(role: "push button", name: mainMenu)?.frame
                else { return nil }
                return HeaderButtons(windowWidth: width, undo: undo, redo: redo, mainMenu: menu)
            }
        }

        @Test(
            "the header bar's start and end swap sides, mirroring the English window, and the palette strip starts at the right (X9)",
            arguments: [
                ("ar", "تراجع", "أعد", "القائمة الرئيسية", "اللوحة: "),
                ("he", "ביטול פעולה", "ביצוע חוזר", "תפריט ראשי", "לוח: "),
            ])
        func windowMirrors(language: String, undo: String, redo: String, mainMenu: String, chooserPrefix: String) async throws {
            var english: HeaderButtons?
            try await withDocument(language: "en") { bus, document in
                english = try await headerButtons(of: document, undo: "Undo", redo: "Redo", mainMenu: "Main Menu", on: bus)
                let strip = try await document.paletteStrip(minimumButtons: 5)
                let firstButton = try #require(strip.emojiButtons.first)
                #expect(strip.chooserName.maxX <= firstButton.minX, "left to right: the chooser, then the emojis")
            }
            let leftToRight = try #require(english)
            #expect(leftToRight.undo[0] < leftToRight.redo[0] && leftToRight.redo[0] < leftToRight.mainMenu[0], "\(leftToRight)")

            try await withDocument(language: language) { bus, document in
                let header = try await headerButtons(of: document, undo: undo, redo: redo, mainMenu: mainMenu, on: bus)
                #expect(header.windowWidth == leftToRight.windowWidth)
                // The start pack (Undo, Redo) is on the right, the end pack (Main Menu) on the left,
                // each button where the English one is, seen in a mirror.
                #expect(header.mainMenu[0] < header.redo[0] && header.redo[0] < header.undo[0], "\(header)")
                for (ltr, rtl) in zip(leftToRight.all, header.all) {
                    let mirroredX = leftToRight.windowWidth - ltr[0] - ltr[2]
                    #expect(abs(rtl[0] - mirroredX) <= 2 && rtl[1] == ltr[1] && rtl[2] == ltr[2] && rtl[3] == ltr[3], "\(ltr) → \(rtl)")
                }

                // The strip starts at the right: the chooser there, then the palette's emojis leftwards
                // from its first one, in view without scrolling.
                let first = try #require(DefaultPalettes.all[0].uniqueEmojis.first)
                let firstName = try #require(EmojiSearch.shared.name(of: first, language: language))
                let strip = try await document.paletteStrip("the strip shows “\(firstName)” first", chooserPrefix: chooserPrefix) {
                    $0.emojiButtons.count >= 5 && $0.emojiNames.first == firstName ? $0 : nil
                }
                let firstButton = try #require(strip.emojiButtons.first)
                #expect(strip.chooserName.minX >= firstButton.maxX, "the chooser is right of the emojis")
                let lefts = strip.emojiButtons.map(\.minX)
                #expect(zip(lefts, lefts.dropFirst()).allSatisfy { $0 > $1 }, "the emojis run right to left: \(lefts)")
                try await document.settledScreenshot().archive(as: "rtl-window-\(language)")

                // The main menu opens from its button on the left, its items in the language.
                try await AccessibleTree.perform("click", role: "push button", name: mainMenu, in: document.app, on: bus)
                let items = try await AccessibleTree.waitFor("the main menu's items show", in: document.app, on: bus) { tree in
                    let items = tree.allNodes.filter { $0.role == "menu item" && $0.frame != nil }
                    return items.count > 10 ? items : nil
                }
                #expect(!items.contains { $0.name == "New Window" }, "\(items.map(\.name))")
                try await document.settledScreenshot().archive(as: "rtl-main-menu-\(language)")
            }
        }

        /// What one run leaves: where the canvas is, the saved file's bytes, the final picture.
        struct CanvasRun {
            var canvas: CanvasGeometry
            var file: Data
            var picture: Screenshot
        }

        /// In `language`: adds the strip's first emoji with a click (at the view's centre),
        /// drags it 120 px right and 80 px up, drags the dog 60 px left and 40 px down, nudges it
        /// with → and ↑, and saves — all by xdotool at the same canvas points in every language.
        private func drawAndSave(language: String, chooserPrefix: String) async throws -> CanvasRun {
            var run: CanvasRun?
            try await withDocument(language: language) { bus, document in
                let canvas = document.canvas
                let original = try document.savedModel()
                let strip = try await document.paletteStrip(minimumButtons: 1, chooserPrefix: chooserPrefix)
                try await document.input.click(at: try #require(strip.emojiButtons.first).center)
                _ = try await document.waitForSavedModel("holds the added emoji") { $0.emojis.count == original.emojis.count + 1 }

                let centre = canvas.screenPoint(for: DocumentPoint(x: 0, y: 0))
                try await document.input.drag(from: centre, to: centre.offset(dx: 120, dy: -80), steps: 12)
                let dog = try #require(original.emojis.first { $0.text == "🐶" })
                let dogPoint = canvas.screenPoint(for: dog.position)
                try await document.input.drag(from: dogPoint, to: dogPoint.offset(dx: -60, dy: 40), steps: 12)
                try await document.input.key("Right", "Up")
                _ = try await document.save()
                // The pointer rests in the same corner of the canvas in both runs, away from what changed.
                try await document.input.move(to: ScreenPoint(x: canvas.frame.minX + 4, y: canvas.frame.minY + 4))
                run = CanvasRun(
                    canvas: canvas, file: try Data(contentsOf: document.file), picture: try await document.settledScreenshot())
                try await run?.picture.archive(as: "rtl-canvas-\(language)")
            }
            return try #require(run)
        }

        /// The saved file's text with its "documentID" member taken out, the rest as written.
        static func withoutDocumentID(_ file: Data) throws -> String {
            let text = String(decoding: file, as: UTF8.self)
            let pattern = try Regex(#""documentID":"[0-9A-Fa-f-]+","#)
            #expect(text.contains(pattern), "the file has a document id: \(text)")
            return text.replacing(pattern, with: "")
        }

        @Test("the canvas is not mirrored: the same clicks, drags and keys give the same picture and the same file as in English (X9)")
        func canvasAndFileAreNotMirrored() async throws {
            let english = try await drawAndSave(language: "en", chooserPrefix: "Palette: ")
            let arabic = try await drawAndSave(language: "ar", chooserPrefix: "اللوحة: ")
            #expect(arabic.canvas.frame == english.canvas.frame)
            // Byte for byte, but for the id each new file is given once (a random UUID).
            let (englishText, arabicText) = (try Self.withoutDocumentID(english.file), try Self.withoutDocumentID(arabic.file))
            #expect(arabicText == englishText, "English: \(englishText)\nArabic: \(arabicText)")

            // Where the input put things, in document points: right is +x, up is −y, as in English.
            let model = try EmojiArtDecoder().decode(arabic.file)
            let added = try #require(model.emojis.last)
            #expect(abs(added.position.x - 120) <= 8 && abs(added.position.y + 80) <= 8, "the added emoji is at \(added.position)")
            let dog = try #require(model.emojis.first { $0.text == "🐶" })
            #expect(abs(dog.position.x - 91) <= 8 && abs(dog.position.y - 149) <= 8, "the dog is at \(dog.position)")

            // The same pixels, but for the zoom controls, which float in the canvas's trailing
            // corner (the bottom right in English, the bottom left in Arabic).
            let frame = english.canvas.frame
            let aboveControls = ScreenRect(minX: frame.minX, minY: frame.minY, maxX: frame.maxX, maxY: frame.maxY - 60)
            #expect(arabic.picture.matches(english.picture, in: aboveControls), "the canvas draws the same picture")
        }
    }
}
