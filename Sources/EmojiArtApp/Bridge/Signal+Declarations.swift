// Every signal the app connects, declared once: its GLib name, the Swift closure its handler is
// (`Signal<…Handler>`) and the trampoline for that shape's C signature (Signal+Shapes.swift),
// grouped by shape. A name that two classes give signals of different shapes is declared
// once per class, named so that a call site shows which one it means (`.clickPressed`,
// `.longPressPressed`). Call sites write `connect(button, .clicked) { … }`.

extension Signal {
    /// GApplication (the app's first and later launches), GtkEntry and GtkSearchEntry (Enter).
    static var activate: Signal<VoidHandler> { .init(name: "activate", trampoline: .void) }
    /// GApplication, once, before the first activate or open.
    static var startup: Signal<VoidHandler> { .init(name: "startup", trampoline: .void) }
    /// GtkButton, AdwSplitButton.
    static var clicked: Signal<VoidHandler> { .init(name: "clicked", trampoline: .void) }
    /// GtkToggleButton.
    static var toggled: Signal<VoidHandler> { .init(name: "toggled", trampoline: .void) }
    /// GtkEditable (GtkEntry, GtkSearchEntry, AdwEntryRow): the text changed. GdkClipboard: its
    /// content changed.
    static var changed: Signal<VoidHandler> { .init(name: "changed", trampoline: .void) }
    /// GtkSearchEntry: Escape.
    static var stopSearch: Signal<VoidHandler> { .init(name: "stop-search", trampoline: .void) }
    /// AdwEntryRow: Enter.
    static var entryActivated: Signal<VoidHandler> { .init(name: "entry-activated", trampoline: .void) }
    /// GtkPopover.
    static var closed: Signal<VoidHandler> { .init(name: "closed", trampoline: .void) }
    /// AdwToast's button was clicked (libadwaita 1.2).
    static var buttonClicked: Signal<VoidHandler> { .init(name: "button-clicked", trampoline: .void) }
    /// GtkWidget.
    static var destroy: Signal<VoidHandler> { .init(name: "destroy", trampoline: .void) }
    /// GtkEventControllerFocus: the focus entered the widget or one inside it.
    static var focusEnter: Signal<VoidHandler> { .init(name: "enter", trampoline: .void) }
    /// GtkEventControllerFocus (the focus left) and GtkEventControllerMotion (the pointer left).
    static var leave: Signal<VoidHandler> { .init(name: "leave", trampoline: .void) }
    /// GdkFrameClock: a frame was painted (FrameTimingTrace).
    static var afterPaint: Signal<VoidHandler> { .init(name: "after-paint", trampoline: .void) }

    /// GSimpleAction, with its parameter (a GVariant, NULL for an action without one).
    static var actionActivate: Signal<PointerHandler> { .init(name: "activate", trampoline: .pointer) }
    /// GSimpleAction, with the requested state (a GVariant).
    static var changeState: Signal<PointerHandler> { .init(name: "change-state", trampoline: .pointer) }
    /// GtkFlowBox, with the GtkFlowBoxChild.
    static var childActivated: Signal<PointerHandler> { .init(name: "child-activated", trampoline: .pointer) }
    /// GtkListBox, with the selected row (or NULL).
    static var rowSelected: Signal<PointerHandler> { .init(name: "row-selected", trampoline: .pointer) }
    /// GtkListBox, with the row activated (Enter, a click).
    static var rowActivated: Signal<PointerHandler> { .init(name: "row-activated", trampoline: .pointer) }
    /// GtkGesture, with the GdkEventSequence.
    static var gestureBegin: Signal<PointerHandler> { .init(name: "begin", trampoline: .pointer) }
    /// GtkGesture, with the GdkEventSequence.
    static var gestureEnd: Signal<PointerHandler> { .init(name: "end", trampoline: .pointer) }
    /// GtkDropTargetAsync, with the GdkDrop.
    static var dragLeave: Signal<PointerHandler> { .init(name: "drag-leave", trampoline: .pointer) }
    /// GtkWindow's default-width property changed (with its GParamSpec).
    static var notifyDefaultWidth: Signal<PointerHandler> { notify("default-width") }
    /// GtkWindow's default-height property changed.
    static var notifyDefaultHeight: Signal<PointerHandler> { notify("default-height") }
    /// GtkWindow's `maximized` changed.
    static var notifyMaximized: Signal<PointerHandler> { notify("maximized") }
    /// GdkSurface's `mapped` changed: the compositor shows it, or stopped.
    static var notifyMapped: Signal<PointerHandler> { notify("mapped") }
    /// GtkSettings' gtk-xft-dpi property (the text scale) changed.
    static var notifyGtkXftDpi: Signal<PointerHandler> { notify("gtk-xft-dpi") }
    /// AdwStyleManager's high-contrast property (the system's high contrast) changed.
    static var notifyHighContrast: Signal<PointerHandler> { notify("high-contrast") }
    /// AdwLeaflet's folded property (its panes no longer fit side by side) changed.
    static var notifyFolded: Signal<PointerHandler> { notify("folded") }
    /// AdwStyleManager's dark property (the style turned dark or light) changed.
    static var notifyDark: Signal<PointerHandler> { notify("dark") }

    /// GObject's notify, detailed with a property's name.
    private static func notify(_ property: String) -> Signal<PointerHandler> {
        .init(name: "notify::\(property)", trampoline: .pointer)
    }

    /// GtkEventControllerMotion: the pointer moved, to x, y.
    static var motion: Signal<PointHandler> { .init(name: "motion", trampoline: .point) }
    /// GtkEventControllerMotion: the pointer entered, at x, y.
    static var pointerEnter: Signal<PointHandler> { .init(name: "enter", trampoline: .point) }
    /// GtkGestureDrag: the start point.
    static var dragBegin: Signal<PointHandler> { .init(name: "drag-begin", trampoline: .point) }
    /// GtkGestureDrag: the offset from the start point.
    static var dragUpdate: Signal<PointHandler> { .init(name: "drag-update", trampoline: .point) }
    /// GtkGestureDrag: the last offset from the start point.
    static var dragEnd: Signal<PointHandler> { .init(name: "drag-end", trampoline: .point) }
    /// GtkGestureLongPress: pressed at x, y.
    static var longPressPressed: Signal<PointHandler> { .init(name: "pressed", trampoline: .point) }
    /// GtkGestureRotate: the angle and the change since the gesture began, in radians.
    static var angleChanged: Signal<PointHandler> { .init(name: "angle-changed", trampoline: .point) }

    /// GtkGestureClick: the press count (2 for a double click), x, y.
    static var clickPressed: Signal<PressHandler> { .init(name: "pressed", trampoline: .press) }

    /// GtkEventControllerScroll: dx, dy; true when handled.
    static var scroll: Signal<ScrollHandler> { .init(name: "scroll", trampoline: .scroll) }

    /// GtkGestureZoom: the scale since the gesture began.
    static var scaleChanged: Signal<ScaleHandler> { .init(name: "scale-changed", trampoline: .scale) }

    /// GtkDropTargetAsync: the GdkDrop and where; true when it will be read.
    static var drop: Signal<DropHandler> { .init(name: "drop", trampoline: .drop) }

    /// GtkDropTargetAsync: the drag entered, at x, y; returns the action it would get.
    static var dragEnter: Signal<DropMotionHandler> { .init(name: "drag-enter", trampoline: .dropMotion) }
    /// GtkDropTargetAsync: the drag moved, to x, y; returns the action it would get.
    static var dragMotion: Signal<DropMotionHandler> { .init(name: "drag-motion", trampoline: .dropMotion) }

    /// GApplication: files to open (the local paths).
    static var open: Signal<OpenHandler> { .init(name: "open", trampoline: .open) }

    /// GtkEventControllerKey: the keyval and modifiers; true when handled.
    static var keyPressed: Signal<KeyHandler> { .init(name: "key-pressed", trampoline: .key) }

    /// GtkNativeDialog (the file choosers): the response id, a `GtkResponseType`.
    static var nativeDialogResponse: Signal<NativeResponseHandler> { .init(name: "response", trampoline: .nativeResponse) }

    /// AdwMessageDialog: the id of the chosen response ("cancel", "save"…; the close response on Escape).
    static var messageDialogResponse: Signal<StringHandler> { .init(name: "response", trampoline: .string) }
    /// GtkEmojiChooser: the emoji.
    static var emojiPicked: Signal<StringHandler> { .init(name: "emoji-picked", trampoline: .string) }

    /// GtkWindow: the user asked to close it; true keeps it open.
    static var closeRequest: Signal<StopHandler> { .init(name: "close-request", trampoline: .stop) }

    /// GFileMonitor: the watched file changed (the event).
    static var fileMonitorChanged: Signal<FileMonitorHandler> { .init(name: "changed", trampoline: .fileMonitor) }

    /// GtkPrintOperation: draw a page.
    static var drawPage: Signal<DrawPageHandler> { .init(name: "draw-page", trampoline: .drawPage) }

    /// GtkPrintOperation: printing finished, with its result.
    static var printDone: Signal<PrintDoneHandler> { .init(name: "done", trampoline: .printDone) }

    /// GtkWidget: its tooltip is about to show.
    static var queryTooltip: Signal<QueryTooltipHandler> { .init(name: "query-tooltip", trampoline: .queryTooltip) }
}
