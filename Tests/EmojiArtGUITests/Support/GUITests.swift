import Testing

/// The GUI tests: they drive the built `emojiart` binary on Xvfb with xdotool and check what it
/// did through the saved document and screenshots (DESIGN "Tests and CI"). Each suite below
/// has its own X server; each test launches the app with its own HOME.
///
/// Everything here runs one test at a time — `.serialized` is inherited by the nested suites,
/// which also say so themselves: a CI machine has 2 cores, and several X servers and apps
/// drawing at once would make the input timing GTK relies on (double-click interval, drag
/// threshold, the X drag protocol) depend on load. Set EMOJIART_GUI_SCREENSHOTS to a folder to
/// keep the screenshots the tests check.
@Suite(.serialized, .timeLimit(.minutes(2)))
enum GUITests {}
