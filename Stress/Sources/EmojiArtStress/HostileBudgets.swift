import EmojiArtCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The time and memory hostile documents may cost to open (SPEC M4, B6), measured: each one is
/// built and decoded in a process of its own, so the peak memory beside it is that document's
/// alone (the input itself included). A workload over its budget fails the run.
enum HostileBudgets {
    struct Workload: Sendable {
        let name: String
        let seconds: Double
        let megabytes: Int
        let makeInput: @Sendable () -> Data
    }

    static let largestFile = EmojiArtFormat.maxFileBytes

    static let workloads: [Workload] = [
        Workload(name: "1,000,000 emojis in the iOS shape (~52 MB)", seconds: 3, megabytes: 400) {
            var bytes = Array(#"{"background":{},"emojis":["#.utf8)
            bytes.reserveCapacity(55_000_000)
            for id in 1...1_000_000 {
                if id > 1 { bytes.append(UInt8(ascii: ",")) }
                bytes += Array(#"{"id":\#(id),"size":80,"text":"😀","x":-200,"y":-100}"#.utf8)
            }
            bytes += Array(#"],"uniqueEmojiId":1000000}"#.utf8)
            return Data(bytes)
        },
        Workload(name: "64 MB of “[” (nesting)", seconds: 1, megabytes: 200) {
            Data(repeating: UInt8(ascii: "["), count: largestFile)
        },
        Workload(name: "a number of 64 MB of digits", seconds: 1, megabytes: 300) {
            Data(#"{"emojis":[],"n":1"#.utf8) + Data(repeating: UInt8(ascii: "7"), count: largestFile - 32) + Data("}".utf8)
        },
        Workload(name: "a string of 64 MB of \\u escapes", seconds: 2, megabytes: 400) {
            let escape = Array(#"\u00e9"#.utf8)
            var bytes = Array(#"{"emojis":[],"s":""#.utf8)
            bytes.reserveCapacity(largestFile)
            while bytes.count < largestFile - 16 { bytes += escape }
            return Data(bytes + Array(#""}"#.utf8))
        },
        Workload(name: "an embedded image of 64 MB of base64", seconds: 1, megabytes: 400) {
            let base64 = Data(repeating: UInt8(ascii: "A"), count: (largestFile - 64) / 4 * 4)
            return Data(#"{"emojis":[],"background":{"imageData":""#.utf8) + base64 + Data(#""}}"#.utf8)
        },
        Workload(name: "1,000,000 keys in one object", seconds: 1, megabytes: 200) {
            var bytes = Array(#"{"emojis":[]"#.utf8)
            for key in 0..<1_000_000 { bytes += Array(#","k\#(key)":0"#.utf8) }
            return Data(bytes + Array("}".utf8))
        },
    ]

    /// Runs every workload in a child and prints a table; returns false if one broke its budget.
    static func runAll() throws -> Bool {
        print("hostile documents: decode time and peak memory (process total, input included), release build")
        var withinBudget = true
        for (index, workload) in workloads.enumerated() {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["hostile-one", String(index)]
            let output = Pipe()
            child.standardOutput = output
            try child.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            let fields = text.split(separator: "|").map(String.init)
            guard child.terminationReason == .exit, child.terminationStatus == 0, fields.count == 3,
                  let seconds = Double(fields[1]), let megabytes = Int(fields[2].trimmingCharacters(in: .whitespacesAndNewlines))
            else {
                print("  \(workload.name): FAILED (the process ended with status \(child.terminationStatus)) \(text)")
                withinBudget = false
                continue
            }
            let ok = seconds <= workload.seconds && megabytes <= workload.megabytes
            withinBudget = withinBudget && ok
            let name = workload.name.padding(toLength: 44, withPad: " ", startingAt: 0)
            let time = String(format: "%6.2f s (budget %.0f s)", seconds, workload.seconds)
            print("  \(ok ? "ok  " : "OVER") \(name) \(time) \(megabytes) MB (budget \(workload.megabytes) MB)  \(fields[0])")
        }
        return withinBudget
    }

    /// In the child: builds workload `index`, decodes it, prints "outcome|seconds|peak MB".
    static func runOne(_ index: Int) -> Never {
        let input = workloads[index].makeInput()
        let start = ContinuousClock.now
        let outcome: String
        do {
            let model = try EmojiArtDecoder(fileName: "hostile.emojiart").decode(input)
            outcome = "opened, \(model.emojis.count) emojis"
        } catch {
            outcome = "refused: " + String(error.description.prefix(70))
        }
        let elapsed = ContinuousClock.now - start
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("\(outcome)|\(seconds)|\(usage.ru_maxrss / 1024)")
        exit(0)
    }
}
