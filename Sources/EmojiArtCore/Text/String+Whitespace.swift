extension StringProtocol {
    /// The text without leading and trailing whitespace or newlines.
    ///
    /// Trims whole characters rather than scalars (as Foundation's `trimmingCharacters` does),
    /// so an emoji sequence at either end is never cut in half.
    func trimmingWhitespace() -> Substring {
        let text = Substring(self)
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
        return text[start..<end]
    }
}
