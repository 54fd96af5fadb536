import CLibFuzzer
import Foundation

/// Runs libFuzzer from a Swift `main.swift` (DESIGN joint 8): each harness defines its
/// `LLVMFuzzerTestOneInput` with `@_cdecl` and hands it to `run`, which never returns.
public enum FuzzDriver {
    /// The C signature libFuzzer calls for every input.
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    public static func run(_ testOneInput: TestOneInput) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }

    /// The input as `Data` (copied: a harness may keep slices of it).
    public static func data(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
        guard let bytes, count > 0 else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}

/// Stops the fuzzer with a crash report when a property every input must keep is broken. Unlike
/// `precondition`, it also stops in release builds, and says which property.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("property broken: \(message())") }
}
