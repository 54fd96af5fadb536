import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

/// Background loading and autosave under load, for the thread sanitizer (`scripts/sanitize
/// thread`) as much as for their own checks: many loads started and cancelled while fetches
/// finish on other threads, and saves racing edits while another thread reads the file.
/// Nothing is timed; the random delays only shuffle the order in which work finishes.
@MainActor @Suite struct ConcurrencyStressTests {
    /// A fetcher that answers each URL with its own text after a random pause of up to 2 ms
    /// (cancellable, as a real transfer is), so loads finish in a shuffled order.
    static let echoingFetcher = ImageFetcher { url in
        try await Task.sleep(for: .microseconds(Int.random(in: 0...2_000)))
        return Data(url.absoluteString.utf8)
    }

    @Test("300 backgrounds set in a row, some cancelled: only the current one's image is ever applied, and the last one arrives")
    func loadsStartedAndCancelled() async {
        let loader = BackgroundLoader<String>(fetcher: Self.echoingFetcher) { data in
            data == LoadingTestImages.onePixelPNG ? "embedded" : String(decoding: data, as: UTF8.self)
        }
        var stale = [String]()
        var applied = 0
        loader.onChange = { [weak loader] in
            guard let loader, let image = loader.image else { return }
            applied += 1
            // B3: an image is applied only while its background is the current one.
            let current = loader.background.url?.absoluteString ?? "embedded"
            if image != current { stale.append(image) }
        }
        for index in 0..<300 {
            if index % 5 == 0 {
                loader.load(.imageData(LoadingTestImages.onePixelPNG))
            } else {
                loader.load(.url(URL(string: "https://example.com/\(index).png")!))
            }
            if index % 7 == 0 { loader.cancel() }
            if index % 3 == 0 { try? await Task.sleep(for: .microseconds(Int.random(in: 0...1_000))) }
        }
        let last = URL(string: "https://example.com/last.png")!
        loader.load(.url(last))
        await loader.loadingTask?.value
        #expect(stale.isEmpty, "stale images applied: \(stale.prefix(5))")
        #expect(loader.image == last.absoluteString)
        #expect(loader.status == .idle)
        #expect(applied >= 1)
    }

    @Test("20 windows' loaders loading and closing at once are all freed")
    func manyLoadersFreed() async throws {
        var weakLoaders = [LoadingWeakReference<BackgroundLoader<String>>]()
        do {
            var loaders = [BackgroundLoader<String>]()
            for window in 0..<20 {
                let loader = BackgroundLoader<String>(fetcher: Self.echoingFetcher) { String(decoding: $0, as: UTF8.self) }
                for index in 0..<10 { loader.load(.url(URL(string: "https://example.com/\(window)/\(index).png")!)) }
                loaders.append(loader)
                weakLoaders.append(LoadingWeakReference(loader))
            }
            try? await Task.sleep(for: .milliseconds(1))
            for loader in loaders { loader.cancel() }
        }
        try await waitUntil("await MainActor.run { weakLoaders.allSatisfy { $0.object == nil } }", timeout: .seconds(60)) {
            await MainActor.run { weakLoaders.allSatisfy { $0.object == nil } }
        }
    }

    @Test("saves racing edits: the file is whole whenever another thread reads it, and ends up holding the document")
    func savesRacingEdits() async throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("emojiart-stress-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("art.emojiart")

        let document = EmojiArtDocument()
        let autosaver = Autosaver(
            document: document,
            write: { model in
                try await Task.sleep(for: .microseconds(Int.random(in: 0...1_000)))
                try DocumentFile.write(model, to: file)
            }, debounceSeconds: 0.001, maximumDelaySeconds: 0.005)

        // Another thread reads the file the whole time: every read must open (W2: atomic saves).
        let reading = LoadingBox(true)
        let badReads = LoadingBox([String]())
        // A thread of its own: blocking reads must not hold one of the pool's (see `onDedicatedThread`).
        let reader = Task {
            await onDedicatedThread {
                readUntilStopped(file, while: reading, badReads: badReads)
            }
        }

        var manualSaves = [Task<Void, Never>]()
        for step in 0..<400 {
            let ids = Set(document.model.emojis.map(\.id))
            switch step % 4 {
            case 0, 1: document.addEmoji(["😀", "🐶", "🐻‍❄️", "1️⃣"][step % 4], at: DocumentPoint(x: Double(step), y: 0), size: 40)
            case 2: document.moveEmojis(ids, by: DocumentVector(dx: 1, dy: -1))
            default: if step % 8 == 3, let first = ids.min() { document.deleteEmojis([first]) }
            }
            autosaver.documentDidChange()
            // Ctrl+S now and then, racing the debounced saves and the next edits.
            if step % 10 == 0 { manualSaves.append(Task { await autosaver.saveNow() }) }
            if step % 4 == 0 { try? await Task.sleep(for: .microseconds(Int.random(in: 0...500))) }
        }
        for save in manualSaves { await save.value }
        await autosaver.saveNow()
        reading.value = false
        await reader.value

        #expect(badReads.value.isEmpty, "\(badReads.value.prefix(3))")
        #expect(!document.hasUnsavedChanges)
        #expect(autosaver.lastError == nil)
        // The last save holds the document as saving writes it (positions rounded to integers).
        let expected = try EmojiArtDecoder().decode(EmojiArtEncoder().encode(document.model))
        #expect(try DocumentFile.read(from: file) == expected)
    }
}

/// Reads `file` again and again until `reading` turns false, noting every read that fails for
/// any reason but the file not existing yet.
private func readUntilStopped(_ file: URL, while reading: LoadingBox<Bool>, badReads: LoadingBox<[String]>) {
    while reading.value {
        do {
            _ = try DocumentFile.read(from: file)
        } catch DocumentReadError.fileNotReadable(.notFound) {
            // not saved yet
        } catch {
            _ = badReads.update { $0.append("\(error)") }
        }
        usleep(200)
    }
}
