import Hummingbird
import NIOCore

/// A request body read at a sane pace (SPEC C8): after `grace`, it must have come at
/// `minimumBytesPerSecond` on average, so a body trickled a byte at a time cannot hold a
/// connection for hours. (A body that stops altogether is cut by the server's idle timeout.)
struct PacedBody {
    let maxBytes: Int
    let grace: Duration
    let minimumBytesPerSecond: Int

    func collect(_ body: RequestBody) async throws(Refusal) -> ByteBuffer {
        let start = ContinuousClock.now
        var collected = ByteBuffer()
        do {
            for try await var chunk in body {
                guard collected.readableBytes + chunk.readableBytes <= maxBytes else { throw Refusal.tooLarge(limit: maxBytes) }
                collected.writeBuffer(&chunk)
                let allowed = grace + .seconds(Double(collected.readableBytes) / Double(minimumBytesPerSecond))
                guard ContinuousClock.now - start <= allowed else { throw Refusal.tooSlow }
            }
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw .tooSlow
        }
        return collected
    }
}
