import Foundation

/// Prints the benchmark table. Run in release mode: swift run -c release --package-path Benchmarks
///
/// Each workload runs in a process of its own (this executable with `--workload NAME`), so the
/// peak memory reported next to it is that workload's alone.
let arguments = CommandLine.arguments
// A client process of the `relay-peer` rows (RelayPeerClients).
if let index = arguments.firstIndex(of: "--relay-peer-clients") {
    try await RelayPeerClients.run(Array(arguments[(index + 1)...]))
    exit(0)
}
if let index = arguments.firstIndex(of: "--workload"), index + 1 < arguments.count {
    let name = arguments[index + 1]
    guard let workload = Workload.all.first(where: { $0.name == name }) else {
        FileHandle.standardError.write(Data("unknown workload \(name)\n".utf8))
        exit(64)
    }
    for row in try await workload.run() {
        print(["ROW", row.name, row.value, row.note].joined(separator: "\t"))
    }
    print("PEAK\t\(Measure.peakResidentMiB() ?? 0)")
    exit(0)
}

// Workloads named on the command line run alone (e.g. `… Benchmarks launch export`); none, all.
let chosen = Set(arguments.dropFirst())
var table: [(row: Row, peakMiB: Double?)] = []
for workload in Workload.all where chosen.isEmpty || chosen.contains(workload.name) {
    let output = try ChildRun.run(CommandLine.arguments[0], ["--workload", workload.name])
    let lines = output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    let peak = lines.first { $0.first == "PEAK" }.flatMap { Double($0[1]) }
    for line in lines where line.first == "ROW" && line.count == 4 {
        table.append((Row(name: line[1], value: line[2], note: line[3]), peak))
    }
}

print("EmojiArt benchmarks (\(ProcessInfo.processInfo.activeProcessorCount) cores; peak memory is per workload process)")
let nameWidth = table.map(\.row.name.count).max() ?? 0
let valueWidth = table.map(\.row.value.count).max() ?? 0
var lastPeak: Double?
for entry in table {
    let name = entry.row.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
    let value = String(repeating: " ", count: valueWidth - entry.row.value.count) + entry.row.value
    let peak = entry.peakMiB.map { String(format: "%4.0f MiB", $0) } ?? "        "
    // The peak belongs to the workload: show it on its first row only.
    let shownPeak = entry.peakMiB == lastPeak ? String(repeating: " ", count: peak.count) : peak
    lastPeak = entry.peakMiB
    print("  \(name)  \(value)  \(shownPeak)  \(entry.row.note)")
}
