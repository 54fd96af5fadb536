import Foundation

/// The property of every wire decoder (C8, C10): a frame is refused with a sentence, or decodes
/// to a message that encodes and decodes to itself — so what one side read, it can pass on.
public func requireWireRoundTrip<Message: Equatable>(
    _ frame: Data, decode: (Data) throws -> Message, encode: (Message) throws -> Data
) {
    let message: Message
    do {
        message = try decode(frame)
    } catch {
        require(!String(describing: error).isEmpty, "a refusal without a sentence")
        return
    }
    let encoded: Data
    do {
        encoded = try encode(message)
    } catch {
        require(false, "a message that decoded does not encode: \(error)")
        return
    }
    do {
        let again = try decode(encoded)
        require(again == message, "a message changed on the wire: \(message) became \(again)")
    } catch {
        require(false, "a message that decoded does not decode again: \(error)")
    }
}
