import CGtk
import EmojiArtCollab
import EmojiArtCore
import Foundation

/// The dialogs of editing together (C2): Share… asks for the name others will see (the sharing
/// server's address kept behind a disclosure) and then shows the room's links with Copy
/// buttons; Join… takes a link and the name. Both refuse what they cannot use inline, with the
/// reason, and keep their main button insensitive until the entry holds something usable.
@MainActor
enum SharingDialogs {
    /// The relay the user typed last, or the local default (SPEC C1's 127.0.0.1:7447).
    static var lastRelay = RelayDefaults.localServer

    /// `failure`: why the last try with `lastRelay` did not work, shown under the address until
    /// it is edited, so a failed Share comes back with what was typed.
    static func askForRelay(
        parent: UnsafeMutablePointer<GtkWidget>, name: String, failure: String? = nil,
        completion: @escaping @MainActor (_ server: String, _ name: String) -> Void
    ) {
        entryDialog(
            parent: parent, title: localized("Share Document"),
            body: localized("People you send the link to can edit this document with you, live, in EmojiArt or in a web browser."),
            entryName: localized("Sharing server address"), initial: lastRelay, failure: failure, action: localized("_Share"),
            disclosure: localized("Sharing Server"), yourName: name,
            validate: { text in
                RoomLink.server(parsing: text) == nil ? localized("Enter a server address such as relay.example:7447.") : nil
            },
            completion: { text, name in
                guard let address = RoomLink.server(parsing: text) else { return }
                lastRelay = address
                completion(address, name ?? "")
            })
    }

    static func askForLink(
        parent: UnsafeMutablePointer<GtkWidget>?, name: String, completion: @escaping @MainActor (RoomLink, _ name: String) -> Void
    ) {
        entryDialog(
            parent: parent, title: localized("Join Shared Document"),
            body: localized("Paste the link someone shared with you."),
            entryName: localized("Room link"), initial: "", failure: nil, action: localized("_Join"), yourName: name,
            validate: { text in
                do {
                    // C10: there is no room without a key.
                    guard try RoomLink(parsing: text).key != nil else { return CollabError.linkWithoutKey.description }
                    return nil
                } catch {
                    return text.isEmpty ? "" : String(describing: error)
                }
            },
            completion: { text, name in
                if let link = try? RoomLink(parsing: text) { completion(link, name ?? "") }
            })
    }

    /// A relay that makes rooms only for its token's holders (C8): the token, kept for that relay
    /// once it worked.
    static func askForToken(
        relay: String, rejected: Bool, parent: UnsafeMutablePointer<GtkWidget>, completion: @escaping @MainActor (String) -> Void
    ) {
        entryDialog(
            parent: parent, title: localized("Token Needed"),
            body: rejected
                ? localized("The relay did not accept that token. Enter the token its operator gave you.")
                : localized(
                    "This relay makes rooms only for people with its token. Enter the token its operator gave you; it is kept on this computer for this relay."
                ),
            entryName: localized("Token"), initial: "", failure: nil, action: localized("_Share"),
            validate: { text in text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "" : nil },
            completion: { text, _ in completion(text.trimmingCharacters(in: .whitespacesAndNewlines)) })
    }

    /// Opening a document shared through a relay this user has not used: connect only when the
    /// person says so (C10), since connecting tells that relay their address and name.
    static func askToConnect(to server: String, parent: UnsafeMutablePointer<GtkWidget>, completion: @escaping @MainActor (Bool) -> Void) {
        let url = URL(string: server)
        let host = url.flatMap { url in url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } } ?? server
        confirm(
            parent: parent, title: localized("Connect to the Relay?"),
            // TRANSLATORS: {host} is a relay's host name, e.g. relay.example.
            body: localized(
                "This document is shared through {host}. Connecting lets that relay see your address and the name others see. Connect only if you trust where the document came from.",
                ["host": host]),
            cancel: localized("Stay _Offline"), action: localized("_Connect"), completion: completion)
    }

    /// Join… with a link whose key is not the one kept for its room.
    static func askToReplaceKey(parent: UnsafeMutablePointer<GtkWidget>?, completion: @escaping @MainActor (Bool) -> Void) {
        confirm(
            parent: parent, title: localized("Replace the Room’s Key?"),
            body: localized(
                "This computer already keeps another key for this room. Replace it only if the link comes from someone you trust: with a wrong key the room cannot be opened."
            ),
            cancel: localized("_Cancel"), action: localized("_Replace Key"), completion: completion)
    }

    private static func confirm(
        parent: UnsafeMutablePointer<GtkWidget>?, title: String, body: String, cancel: String, action: String,
        completion: @escaping @MainActor (Bool) -> Void
    ) {
        let dialog = adw_message_dialog_new(parent.map { cast($0) }, title, body)!
        gtk_window_set_title(cast(dialog), title)
        emojiart_message_dialog_add_response(cast(dialog), "cancel", cancel)
        emojiart_message_dialog_add_response(cast(dialog), "ok", action)
        adw_message_dialog_set_default_response(cast(dialog), "cancel")
        adw_message_dialog_set_close_response(cast(dialog), "cancel")
        connect(dialog, .messageDialogResponse) { response in completion(response == "ok") }
        gtk_window_present(cast(dialog))
    }

    /// The room's links (C12), selectable, each with its Copy: the edit link and the view link
    /// derived from it; a window that holds only a view link shows only that. Under each, its web
    /// link (C11), which opens the room in any web browser, with its own Copy, which keeps the
    /// dialog open (the link copied is selected), so both kinds can be copied in one visit.
    /// `onCopied` says which link a Copy button that closes the dialog put on the clipboard.
    static func showLink(_ link: RoomLink, parent: UnsafeMutablePointer<GtkWidget>, onCopied: @escaping @MainActor (String) -> Void) {
        let viewLink = link.isViewLink ? link : link.viewLink
        let editLink = link.isViewLink ? nil : link
        let dialog = adw_message_dialog_new(
            cast(parent), localized("Document Shared"),
            editLink == nil
                ? localized("Send this link to the people you want to show the document to. Anyone with it can watch, not edit.")
                : localized(
                    "Send the edit link to the people you want to edit with, and the view link to those who should only watch. Anyone with a link can open the document."
                ))!
        gtk_window_set_title(cast(dialog), localized("Document Shared"))
        emojiart_message_dialog_add_response(cast(dialog), "close", localized("_Close"))
        if viewLink != nil { emojiart_message_dialog_add_response(cast(dialog), "copy-view", localized("Copy _View Link")) }
        if editLink != nil {
            emojiart_message_dialog_add_response(cast(dialog), "copy", localized("_Copy Edit Link"))
            adw_message_dialog_set_response_appearance(cast(dialog), "copy", ADW_RESPONSE_SUGGESTED)
            adw_message_dialog_set_default_response(cast(dialog), "copy")
        }
        adw_message_dialog_set_close_response(cast(dialog), "close")
        let links = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let shownLinks = [
            (editLink, localized("Edit link"), localized("Web edit link"), localized("Copy _Web Link")),
            (viewLink, localized("View link"), localized("Web view link"), localized("Copy Web View _Link")),
        ]
        for (shown, name, webName, copyWeb) in shownLinks {
            guard let shown else { continue }
            let caption = gtk_label_new(name)!
            gtk_widget_set_halign(caption, GTK_ALIGN_START)
            gtk_widget_add_css_class(caption, "caption-heading")
            gtk_box_append(cast(links), caption)
            gtk_box_append(cast(links), linkEntry(shown.description, name: name))
            gtk_box_append(cast(links), webLinkRow(shown.webLink, name: webName, copy: copyWeb, clipboardOf: parent))
        }
        adw_message_dialog_set_extra_child(cast(dialog), links)
        connect(dialog, .messageDialogResponse) { [parent] response in
            let copied = response == "copy" ? editLink : response == "copy-view" ? viewLink : nil
            guard let copied else { return }
            gdk_clipboard_set_text(gtk_widget_get_clipboard(parent), copied.description)
            onCopied(copied.isViewLink ? localized("View link copied") : localized("Edit link copied"))
        }
        gtk_window_present(cast(dialog))
    }

    /// A link shown selectable but not editable, named for screen readers.
    private static func linkEntry(_ text: String, name: String) -> UnsafeMutablePointer<GtkWidget> {
        let entry = gtk_entry_new()!
        gtk_editable_set_text(cast(entry), text)
        gtk_editable_set_editable(cast(entry), 0)
        emojiart_accessible_set_label(entry, name)
        return entry
    }

    /// A web link (C11): a row with its caption, "Opens in any web browser", and its Copy, above
    /// the link itself (the whole width, so that most of it shows).
    private static func webLinkRow(
        _ webLink: String, name: String, copy: String, clipboardOf widget: UnsafeMutablePointer<GtkWidget>
    ) -> UnsafeMutablePointer<GtkWidget> {
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let caption = gtk_label_new(localized("Opens in any web browser"))!
        gtk_label_set_wrap(cast(caption), 1)
        gtk_label_set_xalign(cast(caption), 0)
        gtk_widget_set_hexpand(caption, 1)
        gtk_widget_add_css_class(caption, "caption")
        gtk_widget_add_css_class(caption, "dim-label")
        let entry = linkEntry(webLink, name: name)
        let button = gtk_button_new_with_mnemonic(copy)!
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        connect(button, .clicked) { [entry, widget, button] in
            gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), webLink)
            // The dialog stays open: what was copied shows selected, and the button says so.
            gtk_widget_grab_focus(entry)
            gtk_editable_select_region(cast(entry), 0, -1)
            showCopied(on: button)
        }
        gtk_box_append(cast(row), caption)
        gtk_box_append(cast(row), button)
        gtk_box_append(cast(column), row)
        gtk_box_append(cast(column), entry)
        return column
    }

    /// A question with one entry (`entryName`), optionally inside a disclosure labelled
    /// `disclosure` (opened when there is a `failure` to show), and optionally the name others
    /// see (`yourName`: its current value), which the completion gets back.
    /// "Copied" on a Copy button (its accessible name too), for as long as the dialog shows.
    private static func showCopied(on button: UnsafeMutablePointer<GtkWidget>) {
        gtk_button_set_label(cast(button), localized("Copied"))
        emojiart_accessible_set_label(button, localized("Copied"))
    }

    private static func entryDialog(
        parent: UnsafeMutablePointer<GtkWidget>?, title: String, body: String, entryName: String, initial: String, failure: String?,
        action: String, disclosure: String? = nil, yourName: String? = nil,
        validate: @escaping @MainActor (String) -> String?, completion: @escaping @MainActor (String, _ name: String?) -> Void
    ) {
        let dialog = adw_message_dialog_new(parent.map { cast($0) }, title, body)!
        gtk_window_set_title(cast(dialog), title)
        emojiart_message_dialog_add_response(cast(dialog), "cancel", localized("_Cancel"))
        emojiart_message_dialog_add_response(cast(dialog), "ok", action)
        adw_message_dialog_set_response_appearance(cast(dialog), "ok", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(cast(dialog), "ok")
        adw_message_dialog_set_close_response(cast(dialog), "cancel")
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let entry = textEntry(initial, name: entryName, purpose: GTK_INPUT_PURPOSE_URL)
        let problem = gtk_label_new(nil)!
        gtk_label_set_wrap(cast(problem), 1)
        gtk_label_set_xalign(cast(problem), 0)
        gtk_widget_add_css_class(problem, "error")
        gtk_widget_add_css_class(problem, "caption")
        if let disclosure {
            let expander = gtk_expander_new(disclosure)!
            gtk_expander_set_child(cast(expander), entry)
            gtk_expander_set_expanded(cast(expander), failure == nil ? 0 : 1)
            gtk_box_append(cast(box), expander)
        } else {
            gtk_box_append(cast(box), entry)
        }
        gtk_box_append(cast(box), problem)
        let nameEntry = yourName.map { textEntry($0, name: localized("Your name"), purpose: GTK_INPUT_PURPOSE_NAME) }
        if let nameEntry {
            let caption = gtk_label_new(localized("Your name, as the others see it"))!
            gtk_widget_set_halign(caption, GTK_ALIGN_START)
            gtk_widget_add_css_class(caption, "caption-heading")
            gtk_widget_set_margin_top(caption, 6)
            gtk_entry_set_max_length(cast(nameEntry), Int32(EditorPreferences.maximumDisplayNameLength))
            gtk_box_append(cast(box), caption)
            gtk_box_append(cast(box), nameEntry)
        }
        adw_message_dialog_set_extra_child(cast(dialog), box)
        let check = { [entry, problem, dialog] in
            let refusal = validate(String(cString: gtk_editable_get_text(cast(entry))))
            gtk_label_set_text(cast(problem), refusal ?? "")
            adw_message_dialog_set_response_enabled(cast(dialog), "ok", refusal == nil ? 1 : 0)
        }
        check()
        if let failure { gtk_label_set_text(cast(problem), failure) }
        connect(entry, .changed) { check() }
        connect(dialog, .messageDialogResponse) { [entry, nameEntry] response in
            guard response == "ok" else { return }
            completion(
                String(cString: gtk_editable_get_text(cast(entry))), nameEntry.map { String(cString: gtk_editable_get_text(cast($0))) })
        }
        if let parent { gtk_window_set_transient_for(cast(dialog), cast(parent)) }
        gtk_window_present(cast(dialog))
        // The entry the user came for: the address or link, or the name when the address is
        // behind its disclosure.
        if disclosure == nil || failure != nil {
            gtk_widget_grab_focus(entry)
        } else if let nameEntry {
            gtk_widget_grab_focus(nameEntry)
        }
    }

    private static func textEntry(_ text: String, name: String, purpose: GtkInputPurpose) -> UnsafeMutablePointer<GtkWidget> {
        let entry = gtk_entry_new()!
        gtk_editable_set_text(cast(entry), text)
        gtk_entry_set_activates_default(cast(entry), 1)
        gtk_entry_set_input_purpose(cast(entry), purpose)
        emojiart_accessible_set_label(entry, name)
        return entry
    }
}
