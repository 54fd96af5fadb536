import EmojiArtCollab
import EmojiArtCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The relay (SPEC C1, C8, C9; COLLAB "Protocol"): rooms in its data folder (one process), or in
/// PostgreSQL (any number of processes serving any room).
///
/// - `GET /room/<id>` upgraded to a WebSocket: the room's protocol (`ClientMessage` in,
///   `RelayMessage` out, one JSON text frame each); without an upgrade, a line saying so.
/// - `PUT /room/<id>` with `{"editor": …, "viewer": …}`: makes the room (201; 200 when it exists), the only
///   way a room is made (C10).
/// - `PUT /blob/<sha256>`, `GET /blob/<sha256>`: sealed background images (C7), refused when the
///   body does not hash to its name.
/// - `GET /r/<id>`, `GET /web/<name>`: the browser client (C11), its page for a room and its files
///   (`WebClientFiles`).
///
/// It never reads a payload: with encryption (C7) it could not, and without it there is no need.
/// Strangers are kept within `RelayBounds` (C8); every refusal is a status and a sentence.
public struct RelayServer: Sendable {
    public let configuration: RelayConfiguration
    private let store: any RelayStore
    private let registry: RoomRegistry
    private let blobs: any BlobStorage
    private let quota: DataQuota
    private let gate: RoomCreationGate
    private let connections: ConnectionCounter
    private let activity: RoomActivity
    private let log = RefusalLog()
    private let webClient: WebClientFiles?

    public init(configuration: RelayConfiguration) {
        self.configuration = configuration
        let bounds = configuration.bounds
        let store: any RelayStore =
            configuration.database.map { PostgresStore(location: $0, maxBlobBytes: configuration.maxBlobBytes) }
            ?? FolderStore(folder: configuration.dataFolder, maxBlobBytes: configuration.maxBlobBytes)
        self.store = store
        quota = DataQuota(maxBytes: bounds.maxDataBytes, measure: { store.usedBytes() })
        registry = RoomRegistry(configuration: configuration, store: store, quota: quota)
        blobs = store.blobs
        gate = RoomCreationGate(token: bounds.createToken.map(CreateToken.init), roomsPerMinute: bounds.roomsPerMinute)
        connections = ConnectionCounter(limit: bounds.connectionsPerAddress)
        activity = RoomActivity(roomsFolder: configuration.dataFolder.appendingPathComponent("rooms", isDirectory: true))
        // Read once, here: a request never reaches the file system (C11).
        webClient = configuration.webClientFolder.map(WebClientFiles.load(from:))
    }

    /// Serves until the task is cancelled (or, with `signals`, until SIGTERM or SIGINT);
    /// `onRunning` gets the bound port once it listens.
    public func run(signals: Bool = false, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let registry = registry
        try await store.open(events: { event in await registry.apply(event) })
        var logger = Logger(label: "emojiart-relay")
        // Hummingbird logs every connection a client drops mid-upgrade as an error: a flood
        // would write a line each. The relay's own log is `RefusalLog`, a line a minute at most.
        logger.logLevel = .critical
        let router = Router(context: RelayRequestContext.self)
        addRoutes(to: router)
        addWebRoutes(to: router)
        if webClient?.isInstalled != true {
            let folder = webClient?.folder.path ?? "?"
            let line = localized(
                "The web client is not installed: {folder} has no index.html, so web links answer 404.", ["folder": folder])
            FileHandle.standardError.write(Data("emojiart-relay: \(line)\n".utf8))
        }
        let app = Application(
            router: router,
            server: serverBuilder(webSocketRouter: router),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "emojiart-relay"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let sweeper = configuration.bounds.roomTimeToLive.map {
            RoomSweeper(registry: registry, activity: activity, timeToLive: $0, period: configuration.bounds.sweepPeriod)
        }
        let sweeping = sweeper.map { sweeper in Task { await sweeper.run() } }
        let polling =
            store.isShared
            ? Task { [pollInterval = configuration.pollInterval] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: pollInterval)
                    await registry.pollConnectedRooms()
                }
            } : nil
        do {
            if signals {
                try await app.runService()
            } else {
                try await app.run()
            }
        } catch {
            sweeping?.cancel()
            polling?.cancel()
            await store.close()
            throw error
        }
        sweeping?.cancel()
        polling?.cancel()
        await registry.flushAll()
        await store.close()
    }

    /// HTTP/1 with WebSocket upgrades, every connection behind a `ConnectionGuard`; an idle
    /// connection between requests, or a body that stops, is closed after the header timeout.
    private func serverBuilder(webSocketRouter: Router<RelayRequestContext>) -> HTTPServerBuilder {
        let bounds = configuration.bounds
        let (connections, log) = (connections, log)
        let ping = bounds.pingTimeout / 2
        let channelConfiguration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: .nanoseconds(Int64(bounds.headerTimeout / .nanoseconds(1)))),
            ws: WebSocketServerConfiguration(maxFrameSize: configuration.maxMessageBytes, autoPing: .enabled(timePeriod: ping)))
        let webSocketResponder = webSocketRouter.buildResponder()
        return HTTPServerBuilder { responder in
            GuardedServerChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: channelConfiguration),
                makeGuard: {
                    ConnectionGuard(counter: connections, log: log, proxies: bounds.trustedProxies, headerTimeout: bounds.headerTimeout)
                })
        }
    }

    private func addRoutes(to router: Router<RelayRequestContext>) {
        let (registry, blobs, quota, gate, activity, log) = (registry, blobs, quota, gate, activity, log)
        let configuration = configuration
        let proxies = configuration.bounds.trustedProxies
        let pace = PacedBody(
            maxBytes: configuration.maxBlobBytes, grace: configuration.bounds.headerTimeout,
            minimumBytesPerSecond: configuration.bounds.minimumBodyBytesPerSecond)
        let registrationPace = PacedBody(
            maxBytes: RoomRegistration.maxBytes, grace: configuration.bounds.headerTimeout,
            minimumBytesPerSecond: configuration.bounds.minimumBodyBytesPerSecond)
        @Sendable func refuse(_ refusal: Refusal, _ address: ClientAddress?, _ context: RelayRequestContext) -> Response {
            log.record(refusal, from: address)
            context.stopReading()
            // Said, so that no client reuses the connection being closed for another request.
            var response = Self.text(refusal.status, refusal.sentence)
            response.headers[.connection] = "close"
            return response
        }
        router.put("/room/:id") { request, context -> Response in
            let id = context.parameters.get("id") ?? ""
            guard RoomLink.isRoomID(id) else { return Self.text(.badRequest, RoomLinkError.badRoomID(id).description) }
            let address = context.clientAddress(of: request, proxies: proxies)
            if let refusal = gate.refusal(authorization: request.headers[.authorization], from: address) {
                return refuse(refusal, address, context)
            }
            do {
                let body = try await registrationPace.collect(request.body)
                guard let registration = try? JSONDecoder().decode(RoomRegistration.self, from: Data(buffer: body)),
                    let verifier = RoomVerifier(registration)
                else {
                    return Self.text(
                        .badRequest,
                        "A room is made with its public keys: {\"editor\": …, \"viewer\": …} (protocol 3, EmojiArt 4 or later); update EmojiArt."
                    )
                }
                return try await registry.create(id, verifier: verifier.stored)
                    ? Self.text(.created, "Room \(id) made.") : Self.text(.ok, "Room \(id) exists.")
            } catch let refusal as Refusal {
                return refuse(refusal, address, context)
            } catch {
                return Self.text(.internalServerError, String(describing: error))
            }
        }
        router.put("/blob/:sha") { request, context -> Response in
            let name = context.parameters.get("sha") ?? ""
            let address = context.clientAddress(of: request, proxies: proxies)
            if let length = request.headers[.contentLength].flatMap(Int.init), length > configuration.maxBlobBytes {
                return refuse(.tooLarge(limit: configuration.maxBlobBytes), address, context)
            }
            // Only a member with the edit key uploads (C10), for its room: named in the request and
            // signed, checked before a byte of the body is read.
            let room = request.headers[Self.roomHeader] ?? ""
            let signature = request.headers[.authorization].flatMap { value in
                value.hasPrefix("EmojiArt-Edit ") ? String(value.dropFirst("EmojiArt-Edit ".count)) : nil
            }
            guard RoomLink.isRoomID(room), let actor = try? await registry.room(room),
                await actor.admitsUpload(named: name, signature: signature)
            else {
                log.record(.uploadRefused, from: address)
                return Self.text(.forbidden, Refusal.uploadRefused.sentence)
            }
            // Refused before its bytes are read: a full relay does not take in 32 MB to say no.
            let isFull = quota.isFull
            let storedAlready = isFull ? await blobs.has(name) : false
            guard !isFull || storedAlready else { return refuse(.outOfSpace, address, context) }
            let body: ByteBuffer
            do throws(Refusal) {
                body = try await pace.collect(request.body)
            } catch {
                return refuse(error, address, context)
            }
            guard await !blobs.has(name) else { return Self.text(.ok, name) }
            guard quota.reserve(Int64(body.readableBytes)) else { return refuse(.outOfSpace, address, context) }
            do throws(BlobStore.Failure) {
                try await blobs.put(Data(buffer: body), name: name, room: room)
                return Self.text(.created, name)
            } catch {
                quota.cancel(Int64(body.readableBytes))
                return Self.text(error.isInput ? .badRequest : .internalServerError, error.description)
            }
        }
        let fileIO = FileIO()
        router.get("/blob/:sha") { _, context -> Response in
            let name = context.parameters.get("sha") ?? ""
            if let file = blobs.file(name), let body = try? await fileIO.loadFile(path: file.path, context: context) {
                return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: body)
            }
            guard let data = await blobs.get(name) else { return Self.text(.notFound, "The relay has no image \(name).") }
            return Response(
                status: .ok, headers: [.contentType: "application/octet-stream"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.ws(
            "/room/:id",
            shouldUpgrade: { request, context in
                guard RoomLink.isRoomID(context.parameters.get("id") ?? "") else { return .dontUpgrade }
                return .upgrade([:])
            },
            onUpgrade: { inbound, outbound, context in
                let id = context.requestContext.parameters.get("id") ?? ""
                // Counted in before the room is looked up, so the sweeper never deletes it meanwhile.
                activity.connected(id)
                defer { activity.disconnected(id) }
                let connection = RelayConnection(
                    room: id, registry: registry, activity: activity, maxMessageBytes: configuration.maxMessageBytes)
                await connection.run(inbound: inbound, outbound: outbound)
            })
    }

    /// The browser client (C11): `GET /r/ROOM` answers its page for any valid room id (whether
    /// the room exists is the WebSocket's business, after the key is proven), `GET /web/NAME` its
    /// file NAME; anything else under them is 404. Every answer carries `WebClientFiles.headers`.
    private func addWebRoutes(to router: Router<RelayRequestContext>) {
        let webClient = webClient
        @Sendable func notFound() -> Response {
            let sentence =
                webClient?.isInstalled == true
                ? localized("The relay has no such page.")
                : localized("The web client is not installed on this relay; open the link in the EmojiArt app (Join…).")
            return Self.web(.notFound, "text/plain; charset=utf-8", ByteBuffer(string: sentence + "\n"))
        }
        // A catch-all each, and the folders themselves, so that every answer under /r/ and /web/
        // is theirs, its headers included.
        router.get("/r") { _, _ in notFound() }
        router.get("/web") { _, _ in notFound() }
        router.get("/r/**") { request, _ -> Response in
            let room = String(request.uri.path.dropFirst("/r/".count))
            guard request.uri.path.hasPrefix("/r/"), RoomLink.isRoomID(room), let page = webClient?.index else { return notFound() }
            return Self.web(.ok, page.contentType, page.bytes)
        }
        router.get("/web/**") { request, _ -> Response in
            let name = String(request.uri.path.dropFirst("/web/".count))
            guard request.uri.path.hasPrefix("/web/"), let file = webClient?.file(named: name) else { return notFound() }
            return Self.web(.ok, file.contentType, file.bytes)
        }
    }

    private static func web(_ status: HTTPResponse.Status, _ contentType: String, _ body: ByteBuffer) -> Response {
        var headers = WebClientFiles.headers
        headers[.contentType] = contentType
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }

    /// The room an image is uploaded for (`PUT /blob/NAME`).
    private static let roomHeader = HTTPField.Name("X-EmojiArt-Room")!

    private static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}
