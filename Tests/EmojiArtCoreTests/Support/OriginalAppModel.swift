import Foundation

/// The shape the original iOS app decodes (lecture 14's `EmojiArtModel`, synthesized Codable with
/// Int coordinates and a hand-written background), rebuilt here so tests can prove it reads
/// what we write: synthesized Codable ignores keys it does not know, such as `rotation`.
struct OriginalAppModel: Decodable {
    struct Emoji: Decodable {
        let text: String
        let x: Int
        let y: Int
        let size: Int
        let id: Int
    }

    enum Background: Decodable {
        case blank
        case url(URL)
        case imageData(Data)

        private enum CodingKeys: String, CodingKey { case theURL, imageData }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let url = try container.decodeIfPresent(URL.self, forKey: .theURL) {
                self = .url(url)
            } else if let data = try container.decodeIfPresent(Data.self, forKey: .imageData) {
                self = .imageData(data)
            } else {
                self = .blank
            }
        }
    }

    let background: Background
    let emojis: [Emoji]
    let uniqueEmojiId: Int

    init(json: Data) throws {
        self = try JSONDecoder().decode(Self.self, from: json)
    }
}
