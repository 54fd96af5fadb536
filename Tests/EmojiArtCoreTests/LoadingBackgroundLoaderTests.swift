import Dispatch
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

/// BackgroundLoader with fake fetchers built from closures (SPEC B1–B4): no network.
@MainActor @Suite struct LoadingBackgroundLoaderTests {
    struct TestImage: Sendable, Equatable {
        var bytes: Data
    }

    /// Records every status and image that `onChange` reports.
    @MainActor final class ChangeLog {
        var statuses: [FetchStatus] = []
        var images: [TestImage?] = []
    }

    let first = URL(string: "https://example.com/first.png")!
    let second = URL(string: "https://example.com/second.png")!
    let pngA = LoadingTestImages.onePixelPNG
    let pngB = LoadingTestImages.pngHeader(width: 2, height: 2, padding: 8)

    static let decodeBytes: @Sendable (Data) throws -> TestImage = { TestImage(bytes: $0) }

    func makeLoader(
        _ fetcher: ImageFetcher, decode: @escaping @Sendable (Data) throws -> TestImage = decodeBytes
    ) -> (BackgroundLoader<TestImage>, ChangeLog) {
        let loader = BackgroundLoader(fetcher: fetcher, decode: decode)
        let log = ChangeLog()
        loader.onChange = { [weak loader] in
            guard let loader else { return }
            log.statuses.append(loader.status)
            log.images.append(loader.image)
        }
        return (loader, log)
    }

    // MARK: - Blank and embedded backgrounds

    @Test("a blank background has no image and an idle status")
    func blank() {
        let (loader, log) = makeLoader(.failing(.notFound))
        loader.load(.blank)
        #expect(loader.image == nil)
        #expect(loader.status == .idle)
        #expect(loader.loadingTask == nil)
        #expect(log.statuses == [.idle])
    }

    @Test("embedded image data is decoded off the main thread and the status stays idle")
    func embeddedImage() async {
        let decodedOnMainThread = LoadingBox<Bool?>(nil)
        let (loader, log) = makeLoader(.failing(.notFound)) { data in
            decodedOnMainThread.value = Thread.isMainThread
            return TestImage(bytes: data)
        }
        loader.load(.imageData(pngA))
        #expect(loader.status == .idle)
        await loader.loadingTask?.value
        #expect(loader.image == TestImage(bytes: pngA))
        #expect(loader.status == .idle)
        #expect(loader.embeddedImageError == nil)
        #expect(decodedOnMainThread.value == false)
        #expect(log.statuses == [.idle, .idle])
    }

    @Test(
        "embedded bytes that are no image, or declare too many pixels, never reach the decoder",
        arguments: [
            (Data("not an image".utf8), ImageFetchError.notAnImage),
            (LoadingTestImages.pngHeader(width: 20_000, height: 20_000), .tooManyPixels(width: 20_000, height: 20_000)),
        ])
    func embeddedRefused(data: Data, error: ImageFetchError) async {
        let decodeCalls = LoadingBox(0)
        let (loader, _) = makeLoader(.failing(.notFound)) { data in
            _ = decodeCalls.update { $0 += 1 }
            return TestImage(bytes: data)
        }
        loader.load(.imageData(data))
        await loader.loadingTask?.value
        #expect(loader.image == nil)
        #expect(loader.embeddedImageError == error)
        #expect(loader.status == .idle)
        #expect(decodeCalls.value == 0)
    }

    @Test("embedded bytes the decoder refuses are reported as not an image")
    func embeddedDecodeFailure() async {
        struct Unreadable: Error {}
        let (loader, _) = makeLoader(.failing(.notFound)) { _ in throw Unreadable() }
        loader.load(.imageData(pngA))
        await loader.loadingTask?.value
        #expect(loader.embeddedImageError == .notAnImage)
        #expect(loader.status == .idle)
    }

    // MARK: - URL backgrounds

    @Test("a URL goes idle → fetching → idle, and the image appears at the end")
    func urlTransitions() async {
        let gate = LoadingGate()
        defer { gate.open() }
        let (loader, log) = makeLoader(
            ImageFetcher { [pngA] _ in
                await gate.wait()
                return pngA
            })
        #expect(loader.status == .idle)
        loader.load(.url(first))
        #expect(loader.status == .fetching(first))
        #expect(loader.image == nil)
        let task = loader.loadingTask
        gate.open()
        await task?.value
        #expect(log.statuses == [.fetching(first), .idle])
        #expect(log.images == [nil, TestImage(bytes: pngA)])
    }

    @Test("a failed fetch shows failed(url, reason), no image, and keeps the URL")
    func failure() async {
        let (loader, log) = makeLoader(.failing(.notFound))
        loader.load(.url(first))
        await loader.loadingTask?.value
        #expect(log.statuses == [.fetching(first), .failed(url: first, error: .notFound)])
        #expect(loader.image == nil)
        #expect(loader.background == .url(first))
        #expect(loader.embeddedImageError == nil)
    }

    @Test("fetched bytes the decoder refuses fail as not an image")
    func urlDecodeFailure() async {
        struct Unreadable: Error {}
        let (loader, _) = makeLoader(.returning(pngA)) { _ in throw Unreadable() }
        loader.load(.url(first))
        await loader.loadingTask?.value
        #expect(loader.status == .failed(url: first, error: .notAnImage))
    }

    @Test("retry after a failure fetches again and succeeds")
    func retry() async {
        let calls = LoadingBox(0)
        let (loader, log) = makeLoader(
            ImageFetcher { [pngA] _ in
                if calls.update({ $0 += 1 }) == 1 { throw ImageFetchError.timedOut }
                return pngA
            })
        loader.load(.url(first))
        await loader.loadingTask?.value
        #expect(loader.status == .failed(url: first, error: .timedOut))
        loader.retry()
        #expect(loader.status == .fetching(first))
        await loader.loadingTask?.value
        #expect(loader.status == .idle)
        #expect(loader.image == TestImage(bytes: pngA))
        #expect(calls.value == 2)
        #expect(log.statuses == [.fetching(first), .failed(url: first, error: .timedOut), .fetching(first), .idle])
    }

    // MARK: - Stale results (B3)

    @Test("a slow first load overtaken by a second: only the second image is ever applied")
    func staleResultIgnored() async {
        let firstGate = LoadingGate()
        defer { firstGate.open() }
        let (loader, log) = makeLoader(
            ImageFetcher { [first, pngA, pngB] url in
                guard url == first else { return pngB }
                await firstGate.wait()  // ignores cancellation: the result still comes back, late
                return pngA
            })
        loader.load(.url(first))
        let firstTask = loader.loadingTask
        loader.load(.url(second))
        await loader.loadingTask?.value
        #expect(loader.image == TestImage(bytes: pngB))

        firstGate.open()
        await firstTask?.value
        #expect(loader.image == TestImage(bytes: pngB))
        #expect(loader.status == .idle)
        #expect(!log.images.contains(TestImage(bytes: pngA)))
        #expect(log.statuses == [.fetching(first), .fetching(second), .idle])
    }

    @Test("a result that finished before the background changed, but was not yet applied, is ignored")
    func cancellationLosesTheRace() async {
        let decoded = DispatchSemaphore(value: 0)
        let (loader, log) = makeLoader(.returning(pngA)) { data in
            defer { decoded.signal() }
            return TestImage(bytes: data)
        }
        loader.load(.url(first))
        let firstTask = loader.loadingTask
        // Hold the main actor until the first fetch and decode are done: their result is
        // ready, waiting for the main actor, when the background changes.
        #expect(Self.wait(for: decoded))
        loader.load(.blank)
        await firstTask?.value
        #expect(loader.image == nil)
        #expect(loader.status == .idle)
        #expect(log.images == [nil, nil])
    }

    @Test("switching to blank while fetching cancels the fetch and shows nothing")
    func blankWhileFetching() async {
        let sawCancellation = LoadingBox(false)
        let (loader, _) = makeLoader(.hanging(cancelled: sawCancellation))
        loader.load(.url(first))
        let task = loader.loadingTask
        loader.load(.blank)
        #expect(loader.status == .idle)
        await task?.value
        #expect(sawCancellation.value)
        #expect(loader.image == nil)
        #expect(loader.status == .idle)
    }

    // MARK: - Closing the window

    @Test("cancel() stops a fetch in flight and the loader is freed")
    func cancelFreesLoader() async throws {
        let started = LoadingBox(false)
        let sawCancellation = LoadingBox(false)
        let fetcher = ImageFetcher.hanging(started: started, cancelled: sawCancellation)
        weak var weakLoader: BackgroundLoader<TestImage>?
        let changes = LoadingBox(0)
        do {
            let loader = BackgroundLoader(fetcher: fetcher, decode: Self.decodeBytes)
            weakLoader = loader
            loader.load(.url(first))
            loader.onChange = { _ = changes.update { $0 += 1 } }
            try await waitUntil("started.value", timeout: .seconds(60)) { started.value }
            loader.cancel()
            #expect(loader.status == .idle)
        }
        #expect(weakLoader == nil)
        try await waitUntil("sawCancellation.value", timeout: .seconds(60)) { sawCancellation.value }
        #expect(changes.value == 0)
    }

    @Test("a loader dropped while fetching is freed at once, and its fetch is cancelled")
    func droppedLoaderIsFreed() async throws {
        let started = LoadingBox(false)
        let sawCancellation = LoadingBox(false)
        let fetcher = ImageFetcher.hanging(started: started, cancelled: sawCancellation)
        weak var weakLoader: BackgroundLoader<TestImage>?
        do {
            let loader = BackgroundLoader(fetcher: fetcher, decode: Self.decodeBytes)
            weakLoader = loader
            loader.load(.url(first))
            try await waitUntil("started.value", timeout: .seconds(60)) { started.value }
        }
        #expect(weakLoader == nil)
        try await waitUntil("sawCancellation.value", timeout: .seconds(60)) { sawCancellation.value }
    }

    // MARK: - The main thread stays free (B1)

    @Test("the main actor keeps running while a fetch blocks its own thread")
    func mainActorStaysResponsive() async throws {
        let release = DispatchSemaphore(value: 0)
        let fetchedOnMainThread = LoadingBox<Bool?>(nil)
        let decodedOnMainThread = LoadingBox<Bool?>(nil)
        let (loader, _) = makeLoader(
            ImageFetcher { [pngA] _ in
                fetchedOnMainThread.value = Thread.isMainThread
                // Holds the fetch until released, blocking a thread as slow synchronous work would:
                // a dispatch thread, not one of the few cooperative ones other tests run on.
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().async {
                        _ = Self.wait(for: release)
                        continuation.resume()
                    }
                }
                return pngA
            }
        ) { data in
            decodedOnMainThread.value = Thread.isMainThread
            return TestImage(bytes: data)
        }
        loader.load(.url(first))
        let task = loader.loadingTask
        try await waitUntil("fetchedOnMainThread.value != nil", timeout: .seconds(60)) { fetchedOnMainThread.value != nil }
        let mainActorRan = await Task { @MainActor in true }.value
        #expect(mainActorRan)
        #expect(loader.status == .fetching(first))
        release.signal()
        await task?.value
        #expect(loader.status == .idle)
        #expect(fetchedOnMainThread.value == false)
        #expect(decodedOnMainThread.value == false)
    }

    /// Waits synchronously, a bounded time, for `semaphore`; false if it never came.
    nonisolated static func wait(for semaphore: DispatchSemaphore) -> Bool {
        semaphore.wait(timeout: .now() + 60) == .success
    }
}

extension ImageFetcher {
    /// A fetch that never finishes until it is cancelled: it says when it began and when it
    /// saw its cancellation.
    static func hanging(started: LoadingBox<Bool> = LoadingBox(false), cancelled: LoadingBox<Bool>) -> ImageFetcher {
        ImageFetcher { _ in
            started.value = true
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                cancelled.value = true
                throw error
            }
            throw CancellationError()
        }
    }
}
