import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// Print… (SPEC X7): Ctrl+P runs a GtkPrintOperation; with EMOJIART_TEST_PRINT_TO_PDF set, it
    /// exports the page to a PDF instead of showing the dialog, which the test reads back with
    /// pdftoppm.
    @Suite("Printing", .serialized, .ownXvfbDisplay)
    struct PrintTests {
        /// GTK's default margins, 0.25 inch, around the printable area the artwork is fitted to.
        static let margin = 18.0
        /// How far from the computed spot a drawn emoji may be: the paper's margins are GTK's to
        /// choose and need not be equal on all sides.
        static let slack = 24.0

        @Test("Ctrl+P prints one landscape page with each emoji in colour where it belongs, fitted to the page (X7)")
        func printsFittedPage() async throws {
            try await withWorkspace { workspace in
                let file = try workspace.copyExample("sunny-meadow")
                let pdf = workspace.root.appendingPathComponent("printed.pdf")
                try await withApp(in: workspace, arguments: [file.path], extraEnvironment: ["EMOJIART_TEST_PRINT_TO_PDF": pdf.path]) {
                    app in
                    let document = try await OpenDocument.waitForWindow(of: file, in: app)
                    try await document.input.key("ctrl+p")
                    let info = try await waitFor("the printed PDF is complete") { () -> String? in
                        guard FileManager.default.fileExists(atPath: pdf.path) else { return nil }
                        let output = try await ExternalCommand.run("pdfinfo", [pdf.path])
                        return output.status == 0 ? output.text : nil
                    }
                    #expect(info.contains("Pages:           1"), "\(info)")
                    let page = try Screenshot(
                        ppm: try await ExternalCommand.runChecked(
                            "pdftoppm", ["-r", "72", "-singlefile", pdf.path]
                        ).standardOutput)
                    try await page.archive(as: "printed-page")
                    // The artwork is wider than tall, so the page is landscape (A4 or Letter).
                    #expect(page.width > page.height, "page \(page.width)×\(page.height)")
                    try checkEmojis(of: try document.savedModel(), on: page)
                }
            }
        }

        /// Each emoji is drawn around the spot the fit puts it, and the big ones in their colours.
        private func checkEmojis(of model: EmojiArtModel, on page: Screenshot) throws {
            // The printed area is Export's "both": the emojis' squares grown by 15 % of their size.
            let boxes = model.emojis.map { emoji -> DocumentRect in
                let side = emoji.size * 1.3
                return DocumentRect(center: emoji.position, size: DocumentSize(width: side, height: side))
            }
            let area = try #require(boxes.dropFirst().reduce(boxes.first) { $0?.union($1) })
            let printableWidth = Double(page.width) - 2 * Self.margin
            let printableHeight = Double(page.height) - 2 * Self.margin
            let scale = min(printableWidth / area.width, printableHeight / area.height)
            #expect(scale > 1.1, "the artwork is enlarged to fill the page (scale \(scale))")
            for emoji in model.emojis {
                let x = Double(page.width) / 2 + (emoji.position.x - area.center.x) * scale
                let y = Double(page.height) / 2 + (emoji.position.y - area.center.y) * scale
                let reach = emoji.size * scale * 0.3 + Self.slack
                let region = ScreenRect(
                    minX: Int(x - reach), minY: Int(y - reach), maxX: Int(x + reach), maxY: Int(y + reach))
                let inked = page.count(in: region) { $0.luminance < 230 || $0.chroma > 40 }
                #expect(inked > 20, "\(emoji.text) is not drawn around (\(Int(x)), \(Int(y))) on the page")
            }
            // Colour, not black glyphs: the sun is yellow, the tree green.
            let sun = try #require(model.emojis.first { $0.text == "☀️" })
            let tree = try #require(model.emojis.first { $0.text == "🌳" })
            for (emoji, isItsColour) in [
                (sun, { (c: RGB) in c.red > 200 && c.green > 140 && c.blue < 90 }),
                (tree, { (c: RGB) in Int(c.green) > Int(c.red) + 30 && Int(c.green) > Int(c.blue) + 30 }),
            ] {
                let x = Double(page.width) / 2 + (emoji.position.x - area.center.x) * scale
                let y = Double(page.height) / 2 + (emoji.position.y - area.center.y) * scale
                let reach = emoji.size * scale * 0.5 + Self.slack
                let region = ScreenRect(
                    minX: Int(x - reach), minY: Int(y - reach), maxX: Int(x + reach), maxY: Int(y + reach))
                #expect(page.count(in: region, where: isItsColour) > 200, "\(emoji.text) is not in its colours")
            }
            // Nothing outside the artwork: the page's corners stay white.
            for corner in [
                ScreenRect(minX: 0, minY: 0, maxX: 12, maxY: 12),
                ScreenRect(minX: page.width - 12, minY: page.height - 12, maxX: page.width, maxY: page.height),
            ] {
                #expect(page.count(in: corner) { !$0.isWhite } == 0, "ink in the corner \(corner)")
            }
        }

        @Test("the printed page carries the background at its full resolution, not the canvas's 4,096 px copy (X7, E1)")
        func printsFullResolutionBackground() async throws {
            try await withWorkspace { workspace in
                // 6,000 px wide: the canvas shows a copy at most 4,096 px a side. White but for a
                // red corner, so the canvas is still found on screen by its white.
                let png = try await ExternalCommand.runChecked(
                    "convert", ["-size", "6000x80", "xc:white", "-fill", "red", "-draw", "rectangle 0,0 40,40", "png:-"]
                ).standardOutput
                let file = try workspace.writeDocument(
                    named: "wide.emojiart",
                    contents:
                        #"{"background":{"imageData":"\#(png.base64EncodedString())"},"emojis":[{"id":1,"size":40,"text":"🌳","x":0,"y":0}],"formatVersion":1,"uniqueEmojiId":1}"#
                )
                let pdf = workspace.root.appendingPathComponent("printed.pdf")
                try await withApp(in: workspace, arguments: [file.path], extraEnvironment: ["EMOJIART_TEST_PRINT_TO_PDF": pdf.path]) {
                    app in
                    let document = try await OpenDocument.waitForWindow(of: file, in: app)
                    try await document.input.key("ctrl+p")
                    let images = try await waitFor("the printed PDF lists its images") { () -> String? in
                        guard FileManager.default.fileExists(atPath: pdf.path) else { return nil }
                        let output = try await ExternalCommand.run("pdfimages", ["-list", pdf.path])
                        return output.status == 0 && output.text.contains("image") ? output.text : nil
                    }
                    // pdfimages -list: "page num type width height …"; the background is the widest.
                    let widths = images.split(separator: "\n").dropFirst(2).compactMap { line in
                        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first.flatMap { Int($0) }
                    }
                    #expect(widths.max() == 6000, "the background's width in the PDF: \(images)")
                }
            }
        }

        @Test("Print… is in the primary menu's File section, after Export…, and opens the print dialog (X7)")
        func printOpensDialog() async throws {
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let file = try workspace.copyExample("sunny-meadow")
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: bus.environment) { app in
                        _ = try await OpenDocument.waitForWindow(of: file, in: app)
                        _ = try await AccessibleTree.waitFor("the Main Menu button is published", in: app, on: bus) {
                            $0.first(role: "push button", name: "Main Menu")
                        }
                        try await AccessibleTree.perform("click", role: "push button", name: "Main Menu", in: app, on: bus)
                        let items = try await AccessibleTree.waitFor("the main menu's items show", in: app, on: bus) { tree in
                            let names = tree.names(ofRole: "menu item")
                            return names.contains("About EmojiArt") ? names : nil
                        }
                        let export = try #require(items.firstIndex(of: "Export…"))
                        #expect(items.firstIndex(of: "Print…") == export + 1, "Print… follows Export… in \(items)")
                        try await AccessibleTree.perform("click", role: "menu item", name: "Print…", in: app, on: bus)
                        _ = try await app.waitForWindow(titled: "Print")
                        try await Screenshot.capture(on: app.server).archive(as: "print-dialog")
                    }
                }
            }
        }
    }
}
