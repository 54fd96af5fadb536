// Every signal the app connects, declared once: its GLib name and the shape of its handler
// (Signal+Shapes.swift). A name that two classes give signals of different shapes is declared
// once per class, named so that a call site shows which one it means (`.clickPressed`,
// `.longPressPressed`). Call sites write `connect(button, .clicked) { … }`.

extension Signal where Handler == VoidHandler {
    /// GApplication (the app's first and later launches), GtkEntry and GtkSearchEntry (Enter).
    static var activate: Self { Self(name: "activate", trampoline: .void) }
    /// GApplication, once, before the first activate or open.
    static var startup: Self { Self(name: "startup", trampoline: .void) }
    /// GtkButton, AdwSplitButton.
    static var clicked: Self { Self(name: "clicked", trampoline: .void) }
    /// GtkToggleButton.
    static var toggled: Self { Self(name: "toggled", trampoline: .void) }
    /// GtkEditable (GtkEntry, GtkSearchEntry, AdwEntryRow): the text changed. GdkClipboard: its
    /// content changed.
    static var changed: Self { Self(name: "changed", trampoline: .void) }
    /// GtkSearchEntry: Escape.
    static var stopSearch: Self { Self(name: "stop-search", trampoline: .void) }
    /// AdwEntryRow: Enter.
    static var entryActivated: Self { Self(name: "entry-activated", trampoline: .void) }
    /// GtkPopover.
    static var closed: Self { Self(name: "closed", trampoline: .void) }
    /// GtkWidget.
    static var destroy: Self { Self(name: "destroy", trampoline: .void) }
    /// GtkEventControllerFocus: the focus entered the widget or one inside it.
    static var focusEnter: Self { Self(name: "enter", trampoline: .void) }
    /// GtkEventControllerFocus (the focus left) and GtkEventControllerMotion (the pointer left).
    static var leave: Self { Self(name: "leave", trampoline: .void) }
}

extension Signal where Handler == PointerHandler {
    /// GSimpleAction, with its parameter (a GVariant, NULL for an action without one).
    static var actionActivate: Self { Self(name: "activate", trampoline: .pointer) }
    /// GSimpleAction, with the requested state (a GVariant).
    static var changeState: Self { Self(name: "change-state", trampoline: .pointer) }
    /// GtkFlowBox, with the GtkFlowBoxChild.
    static var childActivated: Self { Self(name: "child-activated", trampoline: .pointer) }
    /// GtkGesture, with the GdkEventSequence.
    static var gestureBegin: Self { Self(name: "begin", trampoline: .pointer) }
    /// GtkGesture, with the GdkEventSequence.
    static var gestureEnd: Self { Self(name: "end", trampoline: .pointer) }
    /// GtkDropTargetAsync, with the GdkDrop.
    static var dragLeave: Self { Self(name: "drag-leave", trampoline: .pointer) }
    /// GtkWindow's default-width property changed (with its GParamSpec).
    static var notifyDefaultWidth: Self { notify("default-width") }
    /// GtkWindow's default-height property changed.
    static var notifyDefaultHeight: Self { notify("default-height") }
    /// GtkSettings' gtk-xft-dpi property (the text scale) changed.
    static var notifyGtkXftDpi: Self { notify("gtk-xft-dpi") }

    /// GObject's notify, detailed with a property's name.
    private static func notify(_ property: String) -> Self { Self(name: "notify::\(property)", trampoline: .pointer) }
}

extension Signal where Handler == PointHandler {
    /// GtkEventControllerMotion: the pointer moved, to x, y.
    static var motion: Self { Self(name: "motion", trampoline: .point) }
    /// GtkEventControllerMotion: the pointer entered, at x, y.
    static var pointerEnter: Self { Self(name: "enter", trampoline: .point) }
    /// GtkGestureDrag: the start point.
    static var dragBegin: Self { Self(name: "drag-begin", trampoline: .point) }
    /// GtkGestureDrag: the offset from the start point.
    static var dragUpdate: Self { Self(name: "drag-update", trampoline: .point) }
    /// GtkGestureDrag: the last offset from the start point.
    static var dragEnd: Self { Self(name: "drag-end", trampoline: .point) }
    /// GtkGestureLongPress: pressed at x, y.
    static var longPressPressed: Self { Self(name: "pressed", trampoline: .point) }
    /// GtkGestureRotate: the angle and the change since the gesture began, in radians.
    static var angleChanged: Self { Self(name: "angle-changed", trampoline: .point) }
}

extension Signal where Handler == PressHandler {
    /// GtkGestureClick: the press count (2 for a double click), x, y.
    static var clickPressed: Self { Self(name: "pressed", trampoline: .press) }
}

extension Signal where Handler == ScrollHandler {
    /// GtkEventControllerScroll: dx, dy; true when handled.
    static var scroll: Self { Self(name: "scroll", trampoline: .scroll) }
}

extension Signal where Handler == ScaleHandler {
    /// GtkGestureZoom: the scale since the gesture began.
    static var scaleChanged: Self { Self(name: "scale-changed", trampoline: .scale) }
}

extension Signal where Handler == DropHandler {
    /// GtkDropTargetAsync: the GdkDrop and where; true when it will be read.
    static var drop: Self { Self(name: "drop", trampoline: .drop) }
}

extension Signal where Handler == DropMotionHandler {
    /// GtkDropTargetAsync: the drag entered, at x, y; returns the action it would get.
    static var dragEnter: Self { Self(name: "drag-enter", trampoline: .dropMotion) }
    /// GtkDropTargetAsync: the drag moved, to x, y; returns the action it would get.
    static var dragMotion: Self { Self(name: "drag-motion", trampoline: .dropMotion) }
}

extension Signal where Handler == OpenHandler {
    /// GApplication: files to open (the local paths).
    static var open: Self { Self(name: "open", trampoline: .open) }
}

extension Signal where Handler == KeyHandler {
    /// GtkEventControllerKey: the keyval and modifiers; true when handled.
    static var keyPressed: Self { Self(name: "key-pressed", trampoline: .key) }
}

extension Signal where Handler == NativeResponseHandler {
    /// GtkNativeDialog (the file choosers): the response id, a `GtkResponseType`.
    static var nativeDialogResponse: Self { Self(name: "response", trampoline: .nativeResponse) }
}

extension Signal where Handler == StringHandler {
    /// AdwMessageDialog: the id of the chosen response ("cancel", "save"…; the close response on Escape).
    static var messageDialogResponse: Self { Self(name: "response", trampoline: .string) }
    /// GtkEmojiChooser: the emoji.
    static var emojiPicked: Self { Self(name: "emoji-picked", trampoline: .string) }
}

extension Signal where Handler == StopHandler {
    /// GtkWindow: the user asked to close it; true keeps it open.
    static var closeRequest: Self { Self(name: "close-request", trampoline: .stop) }
}

extension Signal where Handler == FileMonitorHandler {
    /// GFileMonitor: the watched file changed (the event).
    static var fileMonitorChanged: Self { Self(name: "changed", trampoline: .fileMonitor) }
}

extension Signal where Handler == DrawPageHandler {
    /// GtkPrintOperation: draw a page.
    static var drawPage: Self { Self(name: "draw-page", trampoline: .drawPage) }
}

extension Signal where Handler == PrintDoneHandler {
    /// GtkPrintOperation: printing finished, with its result.
    static var printDone: Self { Self(name: "done", trampoline: .printDone) }
}

extension Signal where Handler == QueryTooltipHandler {
    /// GtkWidget: its tooltip is about to show.
    static var queryTooltip: Self { Self(name: "query-tooltip", trampoline: .queryTooltip) }
}
