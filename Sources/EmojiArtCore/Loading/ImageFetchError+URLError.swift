import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ImageFetchError {
    /// The reason behind a URLSession failure, or nil for `.cancelled`, which the caller turns
    /// into `CancellationError` (on Linux a cancelled task reports URLError(.cancelled),
    /// DESIGN joint 5).
    static func mapping(_ error: URLError, url: URL, limits: FetchLimits) -> ImageFetchError? {
        let host = url.host(percentEncoded: false) ?? url.absoluteString
        switch error.code {
        case .cancelled:
            return nil
        case .timedOut:
            return .timedOut
        case .zeroByteResource:
            return .notAnImage
        case .unsupportedURL:
            return .unsupportedURL(scheme: url.scheme ?? "")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .tooManyRedirects
        case .dataLengthExceedsMaximum:
            return .tooLarge(bytes: limits.maxBytes)
        case .cannotFindHost, .dnsLookupFailed:
            return .unreachable(host: host, reason: localized("no server by that name could be found"))
        case .cannotConnectToHost:
            return .unreachable(host: host, reason: localized("the connection was refused"))
        case .networkConnectionLost:
            return .unreachable(host: host, reason: localized("the connection was lost"))
        case .notConnectedToInternet:
            return .unreachable(host: host, reason: localized("this computer is not connected to the internet"))
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
             .clientCertificateRejected, .clientCertificateRequired:
            return .unreachable(host: host, reason: localized("a secure connection could not be set up"))
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData,
             .cannotDecodeRawData:
            return .unreachable(host: host, reason: localized("its reply was not a valid HTTP response"))
        default:
            return .unreachable(host: host, reason: localized("the transfer failed (network error {code})", ["code": String(error.code.rawValue)]))
        }
    }
}
