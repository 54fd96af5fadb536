import Foundation

/// Reads the backward-compatibility fixtures: real files in the iOS app's exact shape, never
/// rewritten by the code under test.
enum FixtureFiles {
    static func data(named name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
        }
        return try Data(contentsOf: url)
    }

    /// A JSON object as Foundation parses it, for comparing shapes key by key.
    static func jsonObject(_ data: Data) throws -> NSDictionary {
        try JSONSerialization.jsonObject(with: data) as? NSDictionary ?? [:]
    }

    /// True when every key and value of `old` is also in `new`, recursively: fields may be added
    /// to the format, never renamed or dropped.
    static func isSubset(_ old: Any, of new: Any) -> Bool {
        switch (old, new) {
        case (let old as NSDictionary, let new as NSDictionary):
            return old.allSatisfy { key, value in
                guard let other = new[key] else { return false }
                return isSubset(value, of: other)
            }
        case (let old as NSArray, let new as NSArray):
            return old.count == new.count && zip(old, new).allSatisfy { isSubset($0, of: $1) }
        case (let old as NSObject, let new as NSObject):
            return old.isEqual(new)
        default:
            return false
        }
    }

    /// True when every key of `old` is also in `new`, recursively, whatever the values: for files
    /// whose values opening clamps (SPEC M4), so only their shape must survive a save.
    static func hasSameKeys(_ old: Any, _ new: Any) -> Bool {
        switch (old, new) {
        case (let old as NSDictionary, let new as NSDictionary):
            return old.allSatisfy { key, value in
                guard let other = new[key] else { return false }
                return hasSameKeys(value, other)
            }
        case (let old as NSArray, let new as NSArray):
            return old.count == new.count && zip(old, new).allSatisfy { hasSameKeys($0, $1) }
        default:
            return true
        }
    }
}
