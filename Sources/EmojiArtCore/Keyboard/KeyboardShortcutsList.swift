/// What the Keyboard Shortcuts window lists (X2, A2), section by section, in the language of
/// the moment. Kept in Core beside `KeyboardAccess` so a test can check that every accelerator
/// and canvas key of every action is listed; the app builds the GtkShortcutsWindow from it.
public enum KeyboardShortcutsList {
    public struct Shortcut: Hashable, Sendable {
        /// GtkShortcutsShortcut's accelerator syntax: one or more accelerators, space-separated.
        /// A modifier alone ("<Shift>") shows that key, for what it changes about a drag: GTK's
        /// syntax has no name for a pointer.
        public var accelerator: String
        public var title: String
        /// A second, dimmer line: how a held key is used. Keeps titles short, so two columns
        /// fit a 1280-pixel screen.
        public var subtitle: String? = nil
    }

    public struct Section: Hashable, Sendable {
        public var title: String
        public var shortcuts: [Shortcut]
    }

    /// What the window shows at once: sections that fit two of GtkShortcutsWindow's columns of
    /// 15 rows. GTK 4.8 lays more out as pages of its own and warns about labels of negative
    /// width each time the window opens; these pages are picked from the window's title instead.
    public struct Page: Hashable, Sendable {
        public var title: String
        public var sections: [Section]
    }

    public static var pages: [Page] {
        [
            Page(title: localized("Editing"), sections: [editing, documents, general]),
            Page(title: localized("Arranging"), sections: [arranging, view]),
        ]
    }

    public static var sections: [Section] { pages.flatMap(\.sections) }

    private static var documents: Section {
        section(
            localized("Documents"),
            [
                ("<Control>n", localized("New window")), ("<Control>o", localized("Open")), ("<Control>s", localized("Save")),
                ("<Control><Shift>s", localized("Save as")), ("<Control><Shift>e", localized("Export")),
                ("<Control>p", localized("Print")), ("<Control>w", localized("Close window")), ("<Control>q", localized("Quit")),
            ])
    }

    private static var editing: Section {
        section(
            localized("Editing"),
            [
                ("<Control>z", localized("Undo")), ("<Control><Shift>z <Control>y", localized("Redo")),
                ("<Control>x", localized("Cut")), ("<Control>c", localized("Copy")), ("<Control>v", localized("Paste")),
                ("<Control>d", localized("Duplicate")), ("Delete BackSpace", localized("Delete the selection")),
                ("<Control>a", localized("Select all")), ("Escape", localized("Clear the selection")),
                ("Tab", localized("Select the next emoji")),
                ("<Shift>", localized("Select with a rectangle")),
                ("Menu <Shift>F10", localized("Context menu")),
            ])
    }

    private static var arranging: Section {
        section(
            localized("Arranging"),
            [
                ("Left Right Up Down", localized("Nudge the selection by 1 point")),
                ("<Shift>Left <Shift>Right", localized("Nudge by 10 points")),
                ("Page_Up", localized("Bring forward")), ("Page_Down", localized("Send backward")),
                ("Home", localized("Bring to front")), ("End", localized("Send to back")),
                ("less greater", localized("Scale down and up")),
                ("bracketleft bracketright", localized("Rotate by 15°")), ("braceleft braceright", localized("Rotate by 1°")),
                ("h", localized("Flip horizontally")),
                ("<Control><Shift>Left <Control><Shift>Right", localized("Align left and right edges")),
                ("<Control><Shift>Up <Control><Shift>Down", localized("Align top and bottom edges")),
                ("<Alt>h <Alt>v", localized("Align centres and middles")),
                ("<Control><Alt>h <Control><Alt>v", localized("Distribute horizontally and vertically")),
                ("<Control>g", localized("Group")), ("<Control><Shift>g", localized("Ungroup")),
                ("<Control>l", localized("Lock")), ("<Control><Shift>l", localized("Unlock all")),
                ("<Alt>", localized("Move without snapping")),
            ])
    }

    private static var view: Section {
        section(
            localized("View"),
            [
                ("<Control>0", localized("Zoom to fit")), ("<Control>equal <Control>plus", localized("Zoom in")),
                ("<Control>minus", localized("Zoom out")),
                ("Left Right Up Down", localized("Pan, with nothing selected")),
            ])
    }

    private static var general: Section {
        section(
            localized("General"),
            [
                ("<Control>question", localized("Keyboard shortcuts")), ("F10", localized("Main menu")),
                ("<Control>f", localized("Find an emoji by name")),
                // The canvas takes Tab to step through the emojis; Ctrl+Tab always moves on, to
                // the palette strip (GTK's own binding).
                ("<Control>Tab", localized("Move the focus out of the canvas")),
                ("Return space", localized("Activate the focused button")),
            ])
    }

    /// Every accelerator the window lists, one by one.
    public static var listedAccelerators: Set<String> {
        Set(sections.flatMap(\.shortcuts).flatMap { $0.accelerator.split(separator: " ").map(String.init) })
    }

    /// The second lines, by accelerator: how a held key changes a drag, what a key does.
    private static var subtitles: [String: String] {
        [
            "<Shift>": localized("Hold while dragging on empty canvas"), "<Alt>": localized("Hold while dragging"),
            "Return space": localized("Adds a palette emoji, for one"),
        ]
    }

    private static func section(_ title: String, _ shortcuts: [(String, String)]) -> Section {
        let subtitles = subtitles
        return Section(
            title: title, shortcuts: shortcuts.map { Shortcut(accelerator: $0.0, title: $0.1, subtitle: subtitles[$0.0]) })
    }
}
