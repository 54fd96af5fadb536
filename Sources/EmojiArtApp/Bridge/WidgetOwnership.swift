import CGtk

// The helpers behind the ownership rule written at the top of Signals.swift.

/// Takes the owner's one reference on `widget` (sinking a floating one): from now on the
/// pointer stays valid, and so do the pointers to the widgets inside it, until the owner gives
/// the reference back with `g_object_unref` when it closes.
@MainActor
func takeReference(on widget: UnsafeMutablePointer<GtkWidget>) {
    g_object_ref_sink(widget.raw)
}

/// Keeps `owner` alive until GTK finalizes `object`, however long after its closing that is
/// (something else — a file chooser, a drag — may still hold it): the handlers the owner
/// connected on the object and everything it owns can then never outlive the owner, so their
/// `[unowned self]` captures are safe.
@MainActor
func keepAlive(_ owner: AnyObject, until object: some GObjectPointer) {
    let retained = Unmanaged.passRetained(owner).toOpaque()
    g_object_weak_ref(cast(object), releaseKeptOwner, retained)
}

/// GLib calls this once, while it finalizes the object, after its handlers are disconnected.
private let releaseKeptOwner: GWeakNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
