import CGtk

/// A C pointer to a GObject, however Swift imported its type: GTK types with a public struct
/// arrive as `UnsafeMutablePointer<GtkWidget>`, opaque ones (GtkGestureDrag…) as `OpaquePointer`.
protocol GObjectPointer {
    var raw: UnsafeMutableRawPointer { get }
}

extension UnsafeMutablePointer: GObjectPointer {
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GObjectPointer {
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer: GObjectPointer {
    var raw: UnsafeMutableRawPointer { self }
}

/// Reinterprets a GObject pointer as another GTK type, the job of C's `GTK_WIDGET(x)` macros.
/// The caller knows the object's class; nothing is checked at run time.
func cast<Target>(_ pointer: some GObjectPointer) -> UnsafeMutablePointer<Target> {
    pointer.raw.assumingMemoryBound(to: Target.self)
}

/// The same, for GTK types that Swift imports as `OpaquePointer`.
func opaque(_ pointer: some GObjectPointer) -> OpaquePointer {
    OpaquePointer(pointer.raw)
}

/// The same, where the parameter's type is imported as `OpaquePointer`: `cast` then fits
/// either kind of parameter, chosen by the call's context.
func cast(_ pointer: some GObjectPointer) -> OpaquePointer {
    OpaquePointer(pointer.raw)
}
