import Foundation

#if canImport(Glibc)
import Glibc

/// Runs a program that inherits no descriptor of the test process, and waits for it. Foundation's
/// `Process` lets a child inherit every descriptor open in the test process at that moment —
/// other tests' pipes and the sockets by which Foundation notices that its children ended. A
/// database server started by `pg_ctl` keeps what it inherited for its whole life, so another
/// test's pipe never reached its end and its child was never seen to exit: the whole run waited
/// forever. Here the child's output goes to a file it opens itself, and a shell closes every other
/// descriptor before it runs the program (Swift's Glibc module has no `closefrom`).
enum SealedChildProcess {
    struct Result {
        var status: Int32
        var output: String
        var succeeded: Bool { status == 0 }
    }

    private static let closeInheritedThenRun =
        #"for fd in /proc/$$/fd/*; do fd=${fd##*/}; if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi; done 2>/dev/null; exec "$@""#

    /// `command[0]` is an absolute path. `captureOutput`: stdout and stderr come back as `output`;
    /// otherwise they go to /dev/null.
    static func run(_ command: [String], captureOutput: Bool = true) throws -> Result {
        let outputPath =
            captureOutput
            ? FileManager.default.temporaryDirectory.appendingPathComponent("sealed-\(UUID().uuidString).out").path : "/dev/null"
        defer { if captureOutput { unlink(outputPath) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let arguments = (["/bin/bash", "-c", closeInheritedThenRun, "bash"] + command).map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/bash", &actions, nil, arguments, environ)
        guard spawned == 0 else {
            throw RelayProcessError(description: "\(command[0]) did not start: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let output = captureOutput ? (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" : ""
        return Result(status: status, output: output)
    }
}
#endif
