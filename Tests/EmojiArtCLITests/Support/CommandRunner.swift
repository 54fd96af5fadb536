import Foundation

/// Runs the built `emojiart` binary, which sits beside this test bundle in the build folder.
enum CommandRunner {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static var executableURL: URL {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundleFolder.appendingPathComponent("emojiart")
    }

    static var packageRoot: URL {
        // This file is Tests/EmojiArtCLITests/Support/CommandRunner.swift.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A program built beside `emojiart` (`emojiart-relay`).
    static func builtProgram(_ name: String) -> URL {
        executableURL.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Runs any program — a script of the repository, a system tool, another built program —
    /// from the package root, with its output and errors read together.
    static func runProgram(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Runs a tool found on PATH (`desktop-file-validate`, `python3`).
    static func runTool(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try runProgram(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments)
    }

    /// `input`: what the command reads on standard input (nothing when nil).
    static func run(_ arguments: [String], environment: [String: String]? = nil, input: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executableURL
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        // Read both pipes before waiting, so a large output cannot fill a pipe and stall the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}
