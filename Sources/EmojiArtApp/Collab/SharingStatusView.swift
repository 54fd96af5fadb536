import CGtk
import EmojiArtCollab
import EmojiArtCore

/// The header bar's view of a room (C5): the connection state ("Connected", "Reconnecting…",
/// "Offline, 3 edits waiting") and who else is here, as initials in their colour with their
/// name as tooltip and accessible name. Hidden while the document is not shared.
@MainActor
final class SharingStatusView {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let people: UnsafeMutablePointer<GtkWidget>
    private var shownPeople: [String] = []
    /// In a narrow window (X8) the state's words are cut short; the tooltip has them whole.
    private var isShort = false

    init() {
        ParticipantColours.installStyle()
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        people = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2)
        label = gtk_label_new(nil)
        gtk_widget_add_css_class(label, "dim-label")
        gtk_widget_add_css_class(label, "caption")
        gtk_box_append(cast(widget), people)
        gtk_box_append(cast(widget), label)
        gtk_widget_set_visible(widget, 0)
    }

    /// Says the state in full, or cut short to fit a narrow window's header bar.
    func showInFull(_ inFull: Bool) {
        isShort = !inFull
        gtk_label_set_ellipsize(cast(label), inFull ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(cast(label), inFull ? -1 : 10)
    }

    /// Shows `connection`'s state and participants.
    func update(_ connection: RoomConnection) {
        gtk_widget_set_visible(widget, 1)
        let waiting = connection.pendingCount
        var text: String
        var tooltip: String?
        switch connection.status {
        case .connecting:
            text = localized("Connecting…")
        case .connected:
            text = localized("Connected")
        case .offline(let reason):
            tooltip = reason
            text =
                waiting == 0
                ? localized("Reconnecting…")
                : localizedPlural("Offline, {count} edit waiting", "Offline, {count} edits waiting", count: waiting)
        }
        if !connection.bridge.session.credentials.canEdit {
            // TRANSLATORS: C12, the header bar's room state of a window joined with a view link, e.g. "View Only · Connected".
            text = localized("View Only · {state}", ["state": text])
        }
        gtk_label_set_text(cast(label), text)
        setTooltip(label, tooltip ?? (isShort ? text : nil))
        // TRANSLATORS: the accessible name of the header bar's room state, e.g. "Room: Connected".
        emojiart_accessible_set_label(label, localized("Room: {state}", ["state": text]))
        showPeople(connection.bridge.presence.participants)
    }

    /// The window left its room.
    func hide() {
        gtk_widget_set_visible(widget, 0)
        shownPeople = []
        while let child = gtk_widget_get_first_child(people) { gtk_box_remove(cast(people), child) }
    }

    private func showPeople(_ participants: [ClientID: Presence]) {
        let sorted = participants.sorted { $0.key < $1.key }
        let keys = sorted.map { "\($0.key.rawValue) \($0.value.name) \($0.value.colour)" }
        guard keys != shownPeople else { return }
        shownPeople = keys
        while let child = gtk_widget_get_first_child(people) { gtk_box_remove(cast(people), child) }
        for (client, presence) in sorted {
            let badge = gtk_label_new(ParticipantColours.initials(of: presence.name))!
            gtk_widget_add_css_class(badge, "participant")
            gtk_widget_set_valign(badge, GTK_ALIGN_CENTER)  // a round badge, not the header bar's height
            gtk_widget_add_css_class(badge, ParticipantColours.cssClass(ParticipantColours.index(of: presence, from: client)))
            setTooltip(badge, presence.name)
            emojiart_accessible_set_label(badge, presence.name)
            gtk_box_append(cast(people), badge)
        }
    }
}
