import EmojiArtCollab
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// The relay (SPEC C1, COLLAB.md): one process, rooms in its data folder.
///
/// - `GET /room/<id>` upgraded to a WebSocket: the room's protocol (`ClientMessage` in,
///   `RelayMessage` out, one JSON text frame each); without an upgrade, a line saying so.
/// - `PUT /room/<id>` with `{"verifier": …}`: makes the room (201; 200 when it exists), the only
///   way a room is made (C10).
/// - `PUT /blob/<sha256>`, `GET /blob/<sha256>`: sealed background images (C7), refused when the
///   body does not hash to its name.
///
/// It never reads a payload: with encryption (C7) it could not, and without it there is no need.
public struct RelayServer: Sendable {
    public let configuration: RelayConfiguration
    private let registry: RoomRegistry
    private let blobs: BlobStore

    public init(configuration: RelayConfiguration) {
        self.configuration = configuration
        registry = RoomRegistry(configuration: configuration)
        blobs = BlobStore(folder: configuration.dataFolder.appendingPathComponent("blobs", isDirectory: true), maxBytes: configuration.maxBlobBytes)
    }

    /// Serves until the task is cancelled (or, with `signals`, until SIGTERM or SIGINT);
    /// `onRunning` gets the bound port once it listens.
    public func run(signals: Bool = false, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try FileManager.default.createDirectory(at: configuration.dataFolder, withIntermediateDirectories: true)
        let lock = try DataFolderLock(folder: configuration.dataFolder)
        defer { lock.release() }
        var logger = Logger(label: "emojiart-relay")
        logger.logLevel = .warning
        let router = Router(context: BasicWebSocketRequestContext.self)
        addRoutes(to: router)
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: router,
                configuration: .init(ws: WebSocketServerConfiguration(maxFrameSize: configuration.maxMessageBytes, autoPing: .enabled(timePeriod: .seconds(30))))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "emojiart-relay"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        if signals {
            try await app.runService()
        } else {
            try await app.run()
        }
        await registry.flushAll()
    }

    private func addRoutes(to router: Router<BasicWebSocketRequestContext>) {
        let registry = registry
        let blobs = blobs
        let configuration = configuration
        router.put("/room/:id") { request, context -> Response in
            let id = context.parameters.get("id") ?? ""
            guard RoomLink.isRoomID(id) else { return Self.text(.badRequest, RoomLinkError.badRoomID(id).description) }
            guard let body = try? await request.body.collect(upTo: RoomRegistration.maxBytes),
                  let registration = try? JSONDecoder().decode(RoomRegistration.self, from: Data(buffer: body)),
                  RoomAccess(verifier: registration.verifier) != nil
            else {
                return Self.text(.badRequest, "A room is made with its verifier: {\"verifier\": …} (EmojiArt 2 or later).")
            }
            do {
                return try await registry.create(id, verifier: registration.verifier)
                    ? Self.text(.created, "Room \(id) made.") : Self.text(.ok, "Room \(id) exists.")
            } catch {
                return Self.text(.internalServerError, String(describing: error))
            }
        }
        router.put("/blob/:sha") { request, context -> Response in
            let name = context.parameters.get("sha") ?? ""
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: configuration.maxBlobBytes)
            } catch {
                return Self.text(.contentTooLarge, BlobStore.Failure.tooLarge(configuration.maxBlobBytes + 1, limit: configuration.maxBlobBytes).description)
            }
            do {
                try blobs.put(Data(buffer: body), name: name)
                return Self.text(.created, name)
            } catch let error as BlobStore.Failure {
                return Self.text(.badRequest, error.description)
            } catch {
                return Self.text(.internalServerError, String(describing: error))
            }
        }
        router.get("/blob/:sha") { _, context -> Response in
            let name = context.parameters.get("sha") ?? ""
            guard let data = blobs.get(name) else { return Self.text(.notFound, "The relay has no image \(name).") }
            return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.ws("/room/:id", shouldUpgrade: { request, context in
            guard RoomLink.isRoomID(context.parameters.get("id") ?? "") else { return .dontUpgrade }
            return .upgrade([:])
        }, onUpgrade: { inbound, outbound, context in
            let id = context.requestContext.parameters.get("id") ?? ""
            let connection = RelayConnection(room: id, registry: registry, maxMessageBytes: configuration.maxMessageBytes)
            await connection.run(inbound: inbound, outbound: outbound)
        })
    }

    private static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}
