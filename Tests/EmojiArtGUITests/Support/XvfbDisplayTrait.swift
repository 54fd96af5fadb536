import Testing

/// Gives a suite its own X server for the time its tests run, as `XvfbServer.current`
/// (DESIGN "Tests and CI": one Xvfb per suite), once one of the `SuiteSlots` is free. The server
/// stops after the suite's last test, also when a test fails or hits its time limit.
struct XvfbDisplayTrait: SuiteTrait, TestScoping {
    /// Once for the whole suite, not once per test.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite ? self : nil
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await SuiteSlots.shared.withSlot {
            let server = try await XvfbServer.start()
            defer { server.stop() }
            try await XvfbServer.$current.withValue(server) {
                try await function()
            }
        }
    }
}

extension Trait where Self == XvfbDisplayTrait {
    /// Runs the suite's tests on an X server of its own.
    static var ownXvfbDisplay: Self { Self() }
}
