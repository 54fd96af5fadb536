import Testing

/// The GUI tests: they drive the built `emojiart` binary on Xvfb with xdotool and check what it
/// did through the saved document and screenshots (DESIGN "Tests and CI"). Each suite below
/// has its own X server; each test launches the app with its own HOME.
///
/// Each suite runs its tests one at a time (they say `.serialized` themselves), and two suites
/// run side by side, each on its own X server (`SuiteSlots`). Set EMOJIART_GUI_SCREENSHOTS to a
/// folder to keep the screenshots the tests check.
@Suite(.timeLimit(.minutes(2)))
enum GUITests {}
