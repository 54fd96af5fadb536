import Foundation

extension ImageFetcher {
    /// A fetcher that answers every URL with `data` at once, without the network.
    public static func returning(_ data: Data) -> ImageFetcher {
        ImageFetcher { _ in data }
    }

    /// A fetcher that fails every URL with `error` at once, without the network.
    public static func failing(_ error: ImageFetchError) -> ImageFetcher {
        ImageFetcher { _ in throw error }
    }
}
