#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `errno` value from a failed system call. Internal: the public errors (`FileWriteError`,
/// `FileReadError`) turn it into a sentence, keeping the system's text for the details.
struct SystemError: Error, Hashable {
    var code: Int32

    /// The error that the last failed call left in `errno`; read it before calling anything else.
    static var current: SystemError { SystemError(code: errno) }

    /// The system's own wording, e.g. "No space left on device".
    var text: String { String(cString: strerror(code)) }
}

enum SystemCall {
    /// Runs `call` again while it fails with EINTR, so a signal arriving mid-save (a child
    /// process exiting, a resize) does not turn into a failed save.
    static func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
