import AsyncHTTPClient
import EmojiArtCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What went wrong in a transfer, from AsyncHTTPClient's and NIO's errors, as the clause a person
/// reads after "couldn't be reached:" (SPEC B4). The same sentences URLSession's error codes
/// used to map to, so the translations still apply.
enum TransferFailure {
    /// Ended for a reason of our own, not the network's.
    enum Kind: Equatable {
        /// The calling task was cancelled.
        case cancelled
        /// A timeout of AsyncHTTPClient's (connect, TLS handshake, read).
        case timedOut
        /// The bytes decoded from a gzip or deflate body outgrew the decompression limit.
        case inflatedTooFar
        /// Anything else: a network or protocol failure, with its reason.
        case unreachable(reason: String)
    }

    static func kind(of error: any Error) -> Kind {
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled: return .cancelled
            case .connectTimeout, .readTimeout, .writeTimeout, .tlsHandshakeTimeout, .deadlineExceeded,
                .getConnectionFromPoolTimeout:
                return .timedOut
            default: break
            }
        }
        if error is CancellationError { return .cancelled }
        if error as? NIOHTTPDecompression.DecompressionError == .limit { return .inflatedTooFar }
        return .unreachable(reason: reason(for: error))
    }

    /// The clause for `error`, e.g. "the connection was refused".
    static func reason(for error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            // Every address tried failed: the first failure says why (refused, unreachable).
            if let first = error.connectionErrors.first { return reason(for: first.error) }
            return localized("no server by that name could be found")
        case is SocketAddressError, is SocketAddressError.UnknownHost:
            return localized("no server by that name could be found")
        case let error as IOError:
            return reason(errno: error.errnoCode)
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
            return localized("a secure connection could not be set up")
        case is HTTPParserError, is NIOHTTPDecompression.DecompressionError:
            return localized("its reply was not a valid HTTP response")
        case let error as HTTPClientError:
            switch error {
            case .remoteConnectionClosed, .uncleanShutdown:
                return localized("the connection was lost")
            case .connectTimeout, .readTimeout, .writeTimeout, .tlsHandshakeTimeout, .deadlineExceeded:
                return localized("the server sent no response")
            case .invalidURL, .emptyHost, .emptyScheme:
                return localized("the address names no server")
            case .bodyLengthMismatch, .identityCodingIncorrectlyPresent, .chunkedSpecifiedMultipleTimes,
                .contentLengthMissing, .httpEndReceivedAfterHeadWith1xx:
                return localized("its reply was not a valid HTTP response")
            default:
                return localized("the transfer failed ({reason})", ["reason": "\(error)"])
            }
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return localized("the server sent no response")
            case .ioOnClosedChannel, .eof, .outputClosed, .inputClosed, .alreadyClosed:
                return localized("the connection was lost")
            default: return localized("the transfer failed ({reason})", ["reason": "\(error)"])
            }
        default:
            return localized("the transfer failed ({reason})", ["reason": "\(error)"])
        }
    }

    private static func reason(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED:
            return localized("the connection was refused")
        case ECONNRESET, EPIPE, ECONNABORTED:
            return localized("the connection was lost")
        case ENETUNREACH, ENETDOWN, EHOSTUNREACH:
            return localized("this computer is not connected to the internet")
        case ETIMEDOUT:
            return localized("the server sent no response")
        default:
            return localized("the transfer failed (network error {code})", ["code": String(code)])
        }
    }
}
