import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation
import MainLoopBridge

/// Starts the GUI: `emojiart [FILE…]` (SPEC W1, W3, E4).
public enum ApplicationLauncher {
    /// The application ID, the same in GApplication, the desktop file, icon and metainfo (X5).
    public static let applicationID = "io.github.emojiart.EmojiArt"

    /// Runs the application until its last window closes and returns the exit status.
    /// Without a display it prints one line naming the headless commands and returns 1 (E4).
    @MainActor
    public static func run(files: [String]) -> Int32 {
        // GApplication sees only the program name and file paths: our own options belong to
        // swift-argument-parser, and GApplication would refuse them (DESIGN "Process").
        LaunchTrace.mark("launcher-started")
        let paths = files.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        growHeapInLargeSteps()
        // Decoding starts before GTK does, on the other core, so the two overlap.
        let storage = StorageLocations()
        DocumentPrefetch.shared.start(paths: paths, stateDirectory: storage.stateDirectory, geometry: DocumentWindow.expectedGeometry)
        guard gtk_init_check() != 0 else {
            let message =
                "emojiart: "
                + localized(
                    "cannot open a window: no display found (is DISPLAY or WAYLAND_DISPLAY set?). Headless commands work anywhere: emojiart info FILE; see emojiart --help."
                ) + "\n"
            FileHandle.standardError.write(Data(message.utf8))
            return 1
        }
        adw_init()
        LaunchTrace.mark("gtk-initialized")
        MainQueueBridge.install()
        let stallMonitor = StallMonitor.startIfRequested()
        defer { stallMonitor?.writeReport() }
        let application = EmojiArtApplication(storage: storage)
        let arguments = ["emojiart"] + paths
        return application.run(arguments: arguments)
    }

    /// The heap grows 64 MB past each request instead of glibc's 128 KB. While GTK starts on the
    /// main thread and the launch's decode and rasters are made on the other core, the many
    /// small steps slowed GTK's start: the 10,000-emoji art's first frame came 3–8% sooner with
    /// this in five paired runs of 20–25 launches, the 100k art's ~15 ms sooner. The
    /// price: what is freed at the heap's top is kept, ~20 MB more resident at the 100k art's
    /// peak (docs/performance.md).
    private static func growHeapInLargeSteps() {
        emojiart_set_heap_top_pad(64 * 1024 * 1024)
    }
}
