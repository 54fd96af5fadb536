/// The same numbers in [0, 1) on every run from the same seed (a linear congruential
/// generator): generated documents that tests and benchmarks can compare from run to run.
public struct SeededSequence {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
}
