import EmojiArtTestSupport
import Foundation

/// One node of an app's accessible tree as AT-SPI reports it to a screen reader.
struct AccessibleNode: Decodable, Sendable {
    var role: String
    var name: String
    var description: String
    /// Where it is, in its window's coordinates (x, y, width, height); nil for what has no place.
    var frame: [Int]?
    var actions: [String]
    var states: [String]
    var children: [AccessibleNode]

    /// This node and every node under it, depth first.
    var allNodes: [AccessibleNode] {
        [self] + children.flatMap(\.allNodes)
    }

    /// The nodes from this one down to the first node (depth first) that `matches`, or nil.
    func path(to matches: (AccessibleNode) -> Bool) -> [AccessibleNode]? {
        if matches(self) { return [self] }
        for child in children {
            if let path = child.path(to: matches) { return [self] + path }
        }
        return nil
    }

    /// The first node, depth first, with this role and name.
    func first(role: String, name: String) -> AccessibleNode? {
        allNodes.first { $0.role == role && $0.name == name }
    }

    /// The names of the nodes with this role, depth first.
    func names(ofRole role: String) -> [String] {
        allNodes.filter { $0.role == role }.map(\.name)
    }

    /// "[push button] “Main Menu” (description)", for failure messages.
    var summary: String { "[\(role)] “\(name)”" + (description.isEmpty ? "" : " (\(description))") }
}

/// Reads an app's accessible tree and performs actions on it through AT-SPI with Debian's
/// pyatspi (`AccessibilityHelper/atspi-tree.py`), the way Orca reads GNOME apps.
enum AccessibleTree {
    private static let helper = TestWorkspace.packageRoot
        .appendingPathComponent("Tests/EmojiArtGUITests/AccessibilityHelper/atspi-tree.py")

    /// The tree of `app`, once the app has published it on `bus`.
    static func read(_ app: AppUnderTest, on bus: AccessibilityBus) async throws -> AccessibleNode {
        let output = try await run(["tree", "\(app.processIdentifier)"], on: bus)
        guard output.status == 0 else {
            throw NotYet("the app is not on the accessibility bus yet: \(output.standardError)")
        }
        return try JSONDecoder().decode(AccessibleNode.self, from: output.standardOutput)
    }

    /// Waits until the tree of `app` satisfies `probe` (returns non-nil) and returns its value;
    /// the last tree seen is quoted when the deadline passes.
    static func waitFor<Value>(
        _ awaited: String, in app: AppUnderTest, on bus: AccessibilityBus, timeout: Duration = .seconds(20),
        _ probe: (AccessibleNode) throws -> Value?
    ) async throws -> Value {
        try await EmojiArtTestSupport.waitFor(awaited, timeout: timeout, poll: .milliseconds(200)) {
            try app.requireRunning()
            let tree = try await read(app, on: bus)
            if let value = try probe(tree) { return value }
            throw NotYet(tree.allNodes.filter { !$0.name.isEmpty }.map(\.summary).joined(separator: ", "))
        }
    }

    /// Performs `action` (say "click") on the first node with this role and name, as a screen
    /// reader user activating it would.
    static func perform(_ action: String, role: String, name: String, in app: AppUnderTest, on bus: AccessibilityBus) async throws {
        let output = try await run(["act", "\(app.processIdentifier)", role, name, action], on: bus)
        guard output.status == 0 else {
            throw ExternalCommand.Failure(description: "AT-SPI \(action) on [\(role)] “\(name)” failed: \(output.standardError)")
        }
    }

    /// Replaces the text of the first editable node with this role and name, as a screen
    /// reader's or an input method's text would arrive (any script, no keyboard layout needed).
    static func setText(_ text: String, role: String, name: String, in app: AppUnderTest, on bus: AccessibilityBus) async throws {
        let output = try await run(["set-text", "\(app.processIdentifier)", role, name, text], on: bus)
        guard output.status == 0 else {
            throw ExternalCommand.Failure(description: "AT-SPI text “\(text)” into [\(role)] “\(name)” failed: \(output.standardError)")
        }
    }

    private static func run(_ arguments: [String], on bus: AccessibilityBus) async throws -> ExternalCommand.Output {
        try await ExternalCommand.run(
            "/usr/bin/python3", [helper.path] + arguments,
            extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "NO_AT_BRIDGE": "1"], timeout: .seconds(30))
    }
}
