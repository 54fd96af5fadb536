import CGtk
import Foundation

/// The desktop's recently used files list (W5: saved and opened documents go there).
@MainActor
enum RecentFiles {
    static func add(_ url: URL) {
        gtk_recent_manager_add_item(gtk_recent_manager_get_default(), url.absoluteString)
    }
}
