/// One line of the benchmark table.
struct Row {
    var name: String
    var value: String
    var note: String
}
