import Foundation

/// Bytes another program sends (its clipboard, S6), gathered chunk by chunk and refused as soon
/// as they pass `limit`: a program offering gigabytes, or a stream that never ends, costs at most
/// `limit` plus one chunk. The reader only reports chunks; whether to go on is decided here.
public struct BoundedBytes: Sendable {
    /// What to do after a chunk.
    public enum Progress: Hashable, Sendable {
        case readMore
        /// Stop reading and refuse: the bytes passed the limit.
        case overLimit
    }

    public let limit: Int
    public private(set) var data = Data()

    public init(limit: Int) {
        self.limit = limit
    }

    /// Adds a chunk, unless it would pass the limit (then nothing more is kept).
    public mutating func append(_ chunk: UnsafeRawBufferPointer) -> Progress {
        guard chunk.count <= limit - data.count else {
            data = Data()
            return .overLimit
        }
        data.append(contentsOf: chunk)
        return .readMore
    }
}
