import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// A3: with LANGUAGE set (and a UTF-8 locale, as on any desktop), the window speaks that
    /// language — read through AT-SPI, as a screen reader user hears it. The catalogs are
    /// compiled from po/ into a folder of the test's own (EMOJIART_LOCALEDIR).
    @Suite("Languages", .serialized, .ownXvfbDisplay)
    struct LanguageTests {
        /// The catalogs, compiled once per run by scripts/compile-translations.
        static let catalogs: URL = {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojiart-locale-\(UUID().uuidString)")
            let process = Process()
            process.executableURL = TestWorkspace.packageRoot.appendingPathComponent("scripts/compile-translations")
            process.arguments = [folder.path]
            try? process.run()
            process.waitUntilExit()
            return folder
        }()

        @Test(
            "the main menu, the palette strip and the window title read in the chosen language (A3)",
            arguments: [
                ("ko", ["새 창", "열기…", "인쇄…", "키보드 바로 가기", "다른 이름으로 저장…", "정렬"], "얼굴"),
                ("zh_CN", ["新建窗口", "打开…", "打印…", "键盘快捷键", "另存为…", "排列"], "表情"),
                ("de", ["Neues Fenster", "Öffnen …", "Drucken …", "Tastenkürzel", "Speichern unter …", "Anordnen"], "Gesichter"),
                ("ar", ["نافذة جديدة", "افتح…", "اطبع…", "اختصارات لوحة المفاتيح", "احفظ باسم…", "ترتيب"], "الوجوه"),
                ("he", ["חלון חדש", "פתיחה…", "הדפסה…", "קיצורי מקלדת", "שמירה בשם…", "סידור"], "פרצופים"),
            ])
        func mainMenuInLanguage(language: String, menuItems: [String], firstPalette: String) async throws {
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let file = try workspace.copyExample("sunny-meadow")
                    var environment = bus.environment
                    environment["LANGUAGE"] = language
                    environment["EMOJIART_LOCALEDIR"] = Self.catalogs.path
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: environment) { app in
                        // The title is translated too ("{name} — EmojiArt" keeps its shape in these three).
                        _ = try await app.waitForWindow(titled: "sunny-meadow — EmojiArt")
                        let tree = try await AccessibleTree.waitFor("the window is published", in: app, on: bus) { tree in
                            tree.allNodes.first { $0.role == "push button" && $0.name.hasPrefix("Gtk") } == nil
                                && tree.names(ofRole: "push button").count > 4 ? tree : nil
                        }
                        let buttons = tree.names(ofRole: "push button")
                        #expect(!buttons.contains("Main Menu"), "\(buttons)")
                        #expect(buttons.contains(firstPalette), "the Faces palette is named “\(firstPalette)”: \(buttons)")
                        let menuName = try #require(
                            tree.allNodes.first { $0.role == "push button" && $0.description == $0.name && $0.actions.isEmpty }?.name,
                            "the main menu button")
                        try await AccessibleTree.perform("click", role: "push button", name: menuName, in: app, on: bus)
                        let items = try await AccessibleTree.waitFor("the main menu's items show", in: app, on: bus) { tree in
                            let names = tree.names(ofRole: "menu item")
                            return names.count > 10 ? names : nil
                        }
                        for item in menuItems {
                            #expect(items.contains(item), "no “\(item)” in the \(language) menu: \(items)")
                        }
                        #expect(!items.contains("Quit"), "\(items)")
                        try await Screenshot.capture(on: app.server).archive(as: "main-menu-\(language)")
                    }
                }
            }
        }

        /// A file whose second emoji has no text: the open error's reason is a clause built in
        /// Core (the decoder's), spliced into the dialog's sentence.
        static let emojiWithoutText = #"{"emojis": [{"text": "😀", "x": 0, "y": 0}, {"x": 10, "y": 10}]}"#

        @Test(
            "opening a damaged file explains why wholly in the chosen language, clause included (A3)",
            arguments: [
                ("de", "„broken.emojiart“ kann nicht geöffnet werden: Emoji Nr. 2 hat keinen Text."),
                ("fr", "« broken.emojiart » ne peut pas être ouvert : l’émoji n° 2 n’a pas de texte."),
                ("es", "No se puede abrir «broken.emojiart»: el emoji n.º 2 no tiene texto."),
                ("ja", "“broken.emojiart”を開けません: 2 番目の絵文字にテキストがありません。"),
                ("ko", "“broken.emojiart”을(를) 열 수 없습니다: 2번째 이모지에 텍스트가 없습니다."),
                ("zh_CN", "无法打开“broken.emojiart”：第 2 个表情符号没有文本。"),
                ("ar", "تعذّر فتح ”broken.emojiart“: الرمز التعبيري رقم 2 ليس له نص."),
                ("he", "לא ניתן לפתוח את „broken.emojiart“: לאמוג׳י מספר 2 אין טקסט."),
            ])
        func openErrorInLanguage(language: String, sentence: String) async throws {
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let file = try workspace.writeDocument(named: "broken.emojiart", contents: Self.emojiWithoutText)
                    var environment = bus.environment
                    environment["LANGUAGE"] = language
                    environment["EMOJIART_LOCALEDIR"] = Self.catalogs.path
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: environment) { app in
                        let texts = try await AccessibleTree.waitFor("the open error is shown", in: app, on: bus) { tree in
                            let texts = tree.allNodes.map(\.name)
                            return texts.contains { $0.contains("broken.emojiart") } ? texts : nil
                        }
                        #expect(texts.contains(sentence), "no “\(sentence)” among \(texts)")
                        #expect(
                            !texts.contains {
                                $0.contains("emoji number") || $0.contains("has no text") || $0.contains("cannot be opened")
                            },
                            "\(texts)")
                        try await Screenshot.capture(on: app.server).archive(as: "open-error-\(language)")
                    }
                }
            }
        }
    }
}
