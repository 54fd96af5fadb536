/// The union or the intersection of a picture's row spans over any range of rows, in constant
/// time (a sparse table: for each power of two, every run of that many rows combined), so a
/// raster's rows of ink or sure opacity are found without walking the glyph's rows behind each
/// (a zoom step asks for both of every emoji it resamples, ~100 rows apiece).
struct RowSpanTable {
    enum Combination {
        /// From the leftmost start to the rightmost end of the non-empty spans.
        case union
        /// The columns every span holds (empty when one is).
        case intersection
    }

    private let combination: Combination
    /// `levels[k][i]`: rows i ..< i + 2^k combined.
    private let levels: [[RasterRows.Span]]

    init(_ spans: [RasterRows.Span], _ combination: Combination) {
        self.combination = combination
        let base = spans.map { span in
            combination == .union && span.isEmpty ? RasterRows.Span(start: .max, end: .min) : span
        }
        var levels = [base]
        var width = 1
        while width * 2 <= base.count, let last = levels.last {
            levels.append((0...(base.count - width * 2)).map { Self.combine(last[$0], last[$0 + width], combination) })
            width *= 2
        }
        self.levels = levels
    }

    var count: Int { levels.first?.count ?? 0 }

    /// Rows `from ..< to` (within the table) combined; for a union of no ink, start > end.
    func combined(from: Int, to: Int) -> RasterRows.Span {
        precondition(from >= 0 && to <= count && from < to)
        var level = 0
        while 2 << level <= to - from { level += 1 }
        return Self.combine(levels[level][from], levels[level][to - (1 << level)], combination)
    }

    private static func combine(_ a: RasterRows.Span, _ b: RasterRows.Span, _ combination: Combination) -> RasterRows.Span {
        switch combination {
        case .union: RasterRows.Span(start: min(a.start, b.start), end: max(a.end, b.end))
        case .intersection: RasterRows.Span(start: max(a.start, b.start), end: min(a.end, b.end))
        }
    }
}
