import Foundation

/// Makes an embedded background image smaller (SPEC M5): given the image's bytes and the most
/// bytes it may take, returns a re-encoded image no larger, or throws when it cannot. Core
/// decodes no images; the Render layer provides the one the app and the command line save with.
public struct EmbeddedImageShrinker: Sendable {
    public var shrink: @Sendable (_ image: Data, _ maxBytes: Int) throws -> Data

    public init(shrink: @escaping @Sendable (_ image: Data, _ maxBytes: Int) throws -> Data) {
        self.shrink = shrink
    }
}
