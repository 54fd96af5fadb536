import Testing

extension GUITests {
    /// The header bar's undo and redo buttons, found and pressed through AT-SPI by their names as
    /// a screen reader finds them (not by where their icons are drawn): each is insensitive until
    /// there is something to undo or redo, and its description names the step ("Undo Delete").
    @Suite("Undo and redo buttons", .serialized, .ownXvfbDisplay)
    struct HistoryButtonTests {
        /// The Undo and Redo buttons: whether each is sensitive, and its description.
        private static func buttons(in tree: AccessibleNode) -> (undo: (Bool, String), redo: (Bool, String))? {
            guard let undo = tree.first(role: "push button", name: "Undo"), let redo = tree.first(role: "push button", name: "Redo")
            else { return nil }
            return ((undo.states.contains("sensitive"), undo.description), (redo.states.contains("sensitive"), redo.description))
        }

        @Test("the undo button is insensitive until there is something to undo, then redo is; both name the step (U2)")
        func buttonsFollowHistory() async throws {
            try await withAccessibleExample("sunny-meadow") { bus, document in
                let app = document.app
                let first = try await AccessibleTree.waitFor("the history buttons are published", in: app, on: bus) { Self.buttons(in: $0) }
                #expect(first.undo == (false, "Nothing to Undo") && first.redo == (false, "Nothing to Redo"), "\(first)")

                let dog = try #require(try document.savedModel().emojis.first { $0.text == "🐶" })
                try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                try await document.input.key("Delete")
                let edited = try await AccessibleTree.waitFor("Undo turns sensitive", in: app, on: bus) { tree in
                    Self.buttons(in: tree).flatMap { $0.undo.0 ? $0 : nil }
                }
                #expect(edited.undo.1 == "Undo Delete" && edited.redo == (false, "Nothing to Redo"), "\(edited)")
                try await Screenshot.capture(on: app.server).archive(as: "history-undo-sensitive")

                try await AccessibleTree.perform("click", role: "push button", name: "Undo", in: app, on: bus)
                let undone = try await AccessibleTree.waitFor("Redo turns sensitive", in: app, on: bus) { tree in
                    Self.buttons(in: tree).flatMap { $0.redo.0 ? $0 : nil }
                }
                #expect(undone.redo.1 == "Redo Delete" && undone.undo == (false, "Nothing to Undo"), "\(undone)")
                try await Screenshot.capture(on: app.server).archive(as: "history-redo-sensitive")

                try await AccessibleTree.perform("click", role: "push button", name: "Redo", in: app, on: bus)
                _ = try await AccessibleTree.waitFor("Redo deletes the dog again", in: app, on: bus) { tree in
                    Self.buttons(in: tree).flatMap { $0.undo.0 && !$0.redo.0 ? true : nil }
                }
                _ = try await document.waitForSavedModel("has no dog: Redo deleted it again") { model in
                    !model.emojis.contains { $0.text == "🐶" }
                }
            }
        }

        @Test("while the emoji search has the focus, Undo keeps its sensitivity and its click still undoes (U2, F1)")
        func buttonsWhileSearching() async throws {
            try await withAccessibleExample("sunny-meadow") { bus, document in
                let app = document.app
                let dog = try #require(try document.savedModel().emojis.first { $0.text == "🐶" })
                try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                try await document.input.key("Delete")
                _ = try await AccessibleTree.waitFor("Undo turns sensitive", in: app, on: bus) { tree in
                    Self.buttons(in: tree).flatMap { $0.undo.0 ? true : nil }
                }
                try await document.input.key("ctrl+f")
                let searching = try await AccessibleTree.waitFor("the search entry has the focus", in: app, on: bus) { tree in
                    tree.allNodes.contains { $0.role == "entry" && $0.states.contains("focused") } ? tree : nil
                }
                #expect(Self.buttons(in: searching)?.undo.0 == true, "Undo greyed out while searching")
                try await AccessibleTree.perform("click", role: "push button", name: "Undo", in: app, on: bus)
                _ = try await document.waitForSavedModel("the dog is back") { model in model.emojis.contains { $0.text == "🐶" } }
            }
        }
    }
}
