import CGtk
import EmojiArtCore
import Foundation

/// Adds a parameterless GAction named `name` to `map` (a window or the application) and
/// returns it, so its enabled state can follow the document (e.g. undo only when possible).
@MainActor
@discardableResult
func addAction(
    _ name: String, to map: some GObjectPointer, _ handler: @escaping @MainActor () -> Void
) -> OpaquePointer {
    warnUnlessKeyboardReaches(name)
    let action = g_simple_action_new(name, nil)!
    connect(action, .actionActivate) { _ in handler() }
    g_action_map_add_action(opaque(map), opaque(action))
    g_object_unref(action.raw)  // the action map holds it now
    return action
}

/// Adds a GAction taking an int32 parameter, e.g. the index of a palette to go to.
@MainActor
@discardableResult
func addIntegerAction(
    _ name: String, to map: some GObjectPointer, _ handler: @escaping @MainActor (Int32) -> Void
) -> OpaquePointer {
    warnUnlessKeyboardReaches(name)
    let action = g_simple_action_new(name, g_variant_type_checked_("i"))!
    connect(action, .actionActivate) { parameter in
        guard let parameter else { return }
        handler(g_variant_get_int32(opaque(parameter)))
    }
    g_action_map_add_action(opaque(map), opaque(action))
    g_object_unref(action.raw)
    return action
}

/// Adds an on/off GAction (a check item in a menu) starting as `isOn`; `handler` gets each new state.
@MainActor
@discardableResult
func addToggleAction(
    _ name: String, to map: some GObjectPointer, isOn: Bool, _ handler: @escaping @MainActor (Bool) -> Void
) -> OpaquePointer {
    warnUnlessKeyboardReaches(name)
    let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(isOn ? 1 : 0))!
    // GLib's own activate handler toggles a boolean state through change-state, which lands here.
    connect(action, .changeState) { value in
        guard let value else { return }
        g_simple_action_set_state(action, opaque(value))
        handler(g_variant_get_boolean(opaque(value)) != 0)
    }
    g_action_map_add_action(opaque(map), opaque(action))
    g_object_unref(action.raw)
    return action
}

func setEnabled(_ action: OpaquePointer, _ isEnabled: Bool) {
    g_simple_action_set_enabled(action, isEnabled ? 1 : 0)
}

/// Every action must be reachable without a pointer (SPEC A2): one added without an entry in
/// `KeyboardAccess` is reported on stderr, and the GUI tests fail on that line.
private func warnUnlessKeyboardReaches(_ name: String) {
    guard !KeyboardAccess.reaches(action: name) else { return }
    FileHandle.standardError.write(
        Data(
            "emojiart: the action “\(name)” has no keyboard path; add it to KeyboardAccess (SPEC A2)\n".utf8))
}
